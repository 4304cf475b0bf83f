import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { closeToasts, failOnPageErrors, guatemalaMonth, login } from './fixtures';
import { moveAs, PASSWORD, seed } from './execution-seed';
import esCommon from '../apps/web/src/locales/es/common.json' with { type: 'json' };
import esExec from '../apps/web/src/locales/es/execution.json' with { type: 'json' };

/**
 * Issue 26 section 4 in the browser: "the request prints as a PDF … for the paper file donors inspect". The
 * requester opens their request and presses «Imprimir PDF»: the browser receives the request's PDF, named after
 * its number.
 */
const stamp = `${Date.now() % 1_000_000}`;
const TAG = `PDF${stamp}`;

const { year: YEAR, month: MONTH } = guatemalaMonth();

/** A minimal PDF (what a provider's quote stands for here). */
const QUOTE_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

test.describe("a request's PDF", () => {
  failOnPageErrors();

  test('the request page prints the request as a PDF named after its number', async ({ page, request }) => {
    const s = await seed(request, `${TAG}A`);
    const signIn = await request.post('/api/login', { data: { username: s.requester, password: PASSWORD } });
    expect(signIn.ok()).toBe(true);
    const created = await request.post('/api/execution/requests', {
      data: {
        type: 'reserve',
        year: YEAR,
        month: MONTH,
        description: `Reserva para talleres ${TAG}`,
        justification: 'Talleres del mes con familias',
        executionDate: `${YEAR}-${String(MONTH).padStart(2, '0')}-20`,
        items: [{ lineId: s.lineId, description: 'Refacciones', unit: 'lote', quantity: '1', unitPrice: '450.00' }],
        providerIds: [],
      },
    });
    expect(created.ok(), await created.text()).toBe(true);
    const r = ((await created.json()) as { data: { id: string; number: string } }).data;

    await login(page, s.requester, PASSWORD);
    await page.goto(`/execution/requests/${r.id}`);
    await expect(page.getByRole('heading', { name: r.number })).toBeVisible();
    const answer = page.waitForResponse((res) => res.url().includes(`/api/execution/requests/${r.id}/pdf`));
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: esExec.pdf.print }).click();
    const res = await answer;
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toContain('application/pdf');
    // The file the browser saved is the PDF itself.
    const saved = await download;
    expect(saved.suggestedFilename()).toBe(`${r.number.toLowerCase()}.pdf`);
    expect(
      readFileSync((await saved.path())!)
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });

  test("administration attaches a quote's PDF from the quote form, and the table prints as a PDF", async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const s = await seed(request, `${TAG}B`);
    expect((await request.post('/api/login', { data: { username: s.requester, password: PASSWORD } })).ok()).toBe(true);
    const created = await request.post('/api/execution/requests', {
      data: {
        type: 'purchase_order',
        year: YEAR,
        month: MONTH,
        description: `Afiches ${TAG}`,
        justification: 'Campaña del mes',
        executionDate: `${YEAR}-${String(MONTH).padStart(2, '0')}-20`,
        items: [{ lineId: s.lineId, description: 'Afiches', unit: 'ciento', quantity: '2', unitPrice: '300.00' }],
        providerIds: [s.provider.id],
      },
    });
    expect(created.ok(), await created.text()).toBe(true);
    const r = ((await created.json()) as { data: { id: string; number: string } }).data;
    await moveAs(request, s.boss, r.id, 'approve_boss');
    await moveAs(request, s.administration, r.id, 'approve_admin');

    await login(page, s.administration, PASSWORD);
    await page.goto(`/execution/requests/${r.id}`);
    await closeToasts(page);
    await page.getByRole('button', { name: new RegExp(s.provider.name) }).click();
    const modal = page.getByRole('dialog');
    await modal.getByRole('textbox', { name: /Afiches/ }).fill('290.00');
    await modal.getByRole('textbox', { name: esExec.comparison.validUntil }).fill(`${YEAR + 1}-01-31`);
    await modal
      .locator('input[type="file"]')
      .setInputFiles({ name: 'cotizacion-imprenta.pdf', mimeType: 'application/pdf', buffer: QUOTE_PDF });
    await modal.getByRole('button', { name: esCommon.actions.save }).click();
    await expect(modal).toBeHidden();
    const link = page.getByRole('link', { name: new RegExp(s.provider.name) });
    await expect(link).toHaveAttribute('href', `/api/execution/requests/${r.id}/quotes/${s.provider.id}/file`);
    const quote = await request.get(`/api/execution/requests/${r.id}/quotes/${s.provider.id}/file`);
    expect(quote.ok()).toBe(true);
    expect((await quote.body()).equals(QUOTE_PDF)).toBe(true);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: esExec.pdf.comparison }).click();
    const saved = await download;
    expect(saved.suggestedFilename()).toBe(`cuadro-comparativo-${r.number.toLowerCase()}.pdf`);
    expect(
      readFileSync((await saved.path())!)
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });
});
