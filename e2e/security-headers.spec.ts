import { expect, test, type Page } from '@playwright/test';
import { failOnPageErrors, login } from './fixtures';
import esDoc from '../apps/web/src/locales/es/documentation.json' with { type: 'json' };

/**
 * The built web app under the server's Content-Security-Policy (issue 9 item
 * 6): the main pages and the document preview (a PDF in an <object> on our
 * own origin) run without a single violation reported by the browser.
 */

/** A small, well-formed one-page PDF. */
function smallPdf(): Buffer {
  const text = 'BT /F1 18 Tf 24 72 Td (CSP) Tj ET';
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 144] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(Buffer.byteLength(body));
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) body += `${String(off).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** Collects CSP violations: the DOM event in every page and frame, and Chromium's console report. */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  const fromConsole: string[] = [];
  page.on('console', (msg) => {
    if (/Content Security Policy|Refused to (load|execute|apply|display|frame|connect)/i.test(msg.text()))
      fromConsole.push(msg.text());
  });
  await page.addInitScript(() => {
    const w = window as unknown as { __cspViolations: string[] };
    w.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      w.__cspViolations.push(`${e.violatedDirective} blocked ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber}`),
    );
  });
  return async () => [
    ...fromConsole,
    ...(await page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [])),
  ];
}

test.describe.serial('Security headers: the app runs under its Content-Security-Policy', () => {
  failOnPageErrors();

  test("sign-in, persons list, a person's file, activities and documents report no CSP violation", async ({ page }) => {
    const violations = await watchViolations(page);
    const shell = await page.goto('/sign-in');
    const headers = shell!.headers();
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['content-security-policy']).toContain("script-src 'self'");
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('no-referrer');
    expect(await violations()).toEqual([]);

    await login(page);
    expect(await violations(), 'dashboard').toEqual([]);

    await page.goto('/population/served/list');
    const firstRow = page
      .getByRole('row')
      .filter({ has: page.getByRole('link') })
      .first();
    await expect(firstRow).toBeVisible();
    expect(await violations(), 'persons list').toEqual([]);

    await firstRow.getByRole('link').click();
    await expect(page).toHaveURL(/\/population\/served\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // Every tab of the file renders its own components.
    for (const tab of await page.getByRole('tab').all()) {
      await tab.click();
      await expect(tab).toHaveAttribute('aria-selected', 'true');
    }
    expect(await violations(), 'person file').toEqual([]);

    await page.goto('/population/activities/list');
    await expect(page.getByRole('main').getByRole('table')).toBeVisible();
    expect(await violations(), 'activities').toEqual([]);

    await page.goto('/documentation/list');
    await expect(page.getByRole('main').getByRole('table')).toBeVisible();
    expect(await violations(), 'documents').toEqual([]);
  });

  test('the PDF preview of a document loads in its <object> under the policy', async ({ page }) => {
    const violations = await watchViolations(page);
    await login(page);
    // A document with a PDF, filed through the API with the signed-in session.
    const created = await page.request.post('/api/documentation/documents', {
      data: { title: 'Acta CSP', documentType: 'ACTA', documentDate: '2026-11-02', tags: [] },
    });
    expect(created.status(), await created.text()).toBe(200);
    const documentId = (await created.json()).data.id as string;
    const uploaded = await page.request.post(`/api/documentation/documents/${documentId}/files`, {
      multipart: { file: { name: 'acta-csp.pdf', mimeType: 'application/pdf', buffer: smallPdf() } },
    });
    expect(uploaded.status(), await uploaded.text()).toBe(200);

    await page.goto(`/documentation/view/${documentId}`);
    const fileRow = page.getByTestId('file-row').filter({ hasText: 'acta-csp.pdf' });
    await expect(fileRow).toHaveCount(1);
    const contentLoaded = page.waitForResponse((r) =>
      /\/api\/documentation\/files\/[0-9a-f-]{36}\/content$/.test(r.url()),
    );
    await fileRow.getByRole('button', { name: `${esDoc.actions.preview} acta-csp.pdf` }).click();
    const preview = page.getByRole('dialog', { name: esDoc.files.previewTitle.replace('{{name}}', 'acta-csp.pdf') });
    await expect(preview.locator('object')).toBeVisible();
    const content = await contentLoaded;
    expect(content.status()).toBe(200);
    // Framed by us only: the answer allows our origin and no one else.
    expect(content.headers()['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(content.headers()['x-frame-options']).toBe('SAMEORIGIN');
    await page.waitForTimeout(500); // a blocked frame is reported right after the load
    expect(await violations(), 'document preview').toEqual([]);
  });
});
