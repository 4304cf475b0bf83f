import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { adminApi, failOnPageErrors, login } from './fixtures';
import esDoc from '../apps/web/src/locales/es/documentation.json' with { type: 'json' };
import esSupport from '../apps/web/src/locales/es/support.json' with { type: 'json' };

/**
 * Issue 23 section 4, "Huge images as files": an image document or ticket attachment over 16.8 megapixels is
 * shown from its reduced copy (`?size=preview`), never decoded whole in the reader's browser; the download stays
 * the original.
 */

test.describe('huge images are previewed from a reduced copy', () => {
  failOnPageErrors();

  test('a 20-megapixel scan: the document preview and the ticket link show the reduced copy', async ({
    page,
    request,
  }) => {
    const api = await adminApi(request);
    const scan = await sharp({ create: { width: 5000, height: 4000, channels: 3, background: '#f4f1e8' } })
      .png({ compressionLevel: 9 })
      .toBuffer();

    // A document with the scan, filed through the API.
    const document = (await api('post', '/api/documentation/documents', {
      title: 'Plano escaneado',
      documentType: 'ACTA',
      documentDate: '2026-11-02',
      tags: [],
    })) as { id: string };
    const uploaded = await request.post(`/api/documentation/documents/${document.id}/files`, {
      multipart: { file: { name: 'plano.png', mimeType: 'image/png', buffer: scan } },
    });
    expect(uploaded.status(), await uploaded.text()).toBe(200);

    await login(page);
    await page.goto(`/documentation/view/${document.id}`);
    const row = page.getByTestId('file-row').filter({ hasText: 'plano.png' });
    await expect(row).toHaveCount(1);
    const previewLoaded = page.waitForResponse((r) => /\/content\?size=preview$/.test(r.url()));
    await row.getByRole('button', { name: `${esDoc.actions.preview} plano.png` }).click();
    const dialog = page.getByRole('dialog', { name: esDoc.files.previewTitle.replace('{{name}}', 'plano.png') });
    await expect(dialog).toBeVisible();
    const answer = await previewLoaded;
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-type']).toBe('image/jpeg');
    const image = dialog.getByRole('img', { name: 'plano.png' });
    expect(await image.getAttribute('src')).toMatch(
      /^\/api\/documentation\/files\/[0-9a-f-]{36}\/content\?size=preview$/,
    );
    // What the browser decoded is the reduced copy (at most 2048 x 2048 pixels' worth), not 5000 x 4000.
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    const [width, height] = await image.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]);
    expect(width! * height!).toBeLessThanOrEqual(2048 * 2048);
    await expect(dialog.getByText(esDoc.files.previewReduced)).toBeVisible();
    // Opening it in a tab shows the reduced copy too; the download is the original.
    expect(await dialog.getByRole('link', { name: esDoc.actions.openNewTab }).getAttribute('href')).toMatch(
      /\/content\?size=preview$/,
    );
    expect(await dialog.getByRole('link', { name: esDoc.actions.download }).getAttribute('href')).toMatch(
      /\/content\?download=1$/,
    );

    // The same scan attached to a ticket: marked as reduced, opened reduced, downloaded whole.
    const hq = (await api('post', '/api/headquarters', {
      code: 'E2EIMG',
      name: 'Sede imágenes E2E',
      country: 'GT',
      state: '01',
    })) as { id: string };
    const ticket = (await api('post', '/api/support/tickets', {
      type: 'HARDWARE',
      priority: 'media',
      criticality: 'baja',
      headquarterId: hq.id,
      subject: 'Plano escaneado',
      description: 'Adjunto el plano escaneado',
    })) as { id: string };
    const attached = await request.post(`/api/support/tickets/${ticket.id}/files`, {
      multipart: { file: { name: 'plano.png', mimeType: 'image/png', buffer: scan } },
    });
    expect(attached.status(), await attached.text()).toBe(200);
    await page.goto(`/support/tickets/${ticket.id}`);
    const fileRow = page.getByRole('row', { name: /plano\.png/ });
    await expect(fileRow.getByText(esSupport.files.reduced, { exact: true })).toBeVisible();
    const open = fileRow.getByRole('link', { name: esSupport.files.openNamed.replace('{{name}}', 'plano.png') });
    expect(await open.getAttribute('href')).toMatch(/\/files\/[0-9a-f-]{36}\?size=preview$/);
    const download = fileRow.getByRole('link', {
      name: esSupport.files.downloadNamed.replace('{{name}}', 'plano.png'),
    });
    expect(await download.getAttribute('href')).toMatch(/\/files\/[0-9a-f-]{36}\?download=true$/);
  });
});
