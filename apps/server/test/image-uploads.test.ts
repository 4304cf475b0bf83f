import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { IMAGE_MAX_PIXELS, PREVIEW_OVER_PIXELS, PREVIEW_PIXELS } from '../src/lib/images.ts';
import { collectOrphans } from '../src/lib/file-gc.ts';
import { as, buildTestApp, countRows, login, personBody, type TestApp } from './helpers.ts';
import { multipartFile, PNG_FIXTURE, pixelBomb } from './multipart.ts';

/**
 * Issue 23 section 4, "Huge images as files": a 48 KB PNG declaring 20 000 x 20 000 pixels was taken as a
 * document file and as a ticket attachment, and the document preview made its reader's browser decode 400
 * megapixels. Every image upload now goes through the photos' pixel limit (`receiveUpload`), and an image over
 * PREVIEW_OVER_PIXELS is previewed from a reduced JPEG (`?size=preview`) while its original stays the download;
 * file collection keeps and removes the preview with its file.
 */

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** A 5000 x 4000 image (20 megapixels: over the preview threshold, under the pixel limit), a few dozen KB. */
const largeImage = (format: 'png' | 'jpeg', background = '#ffffff') => {
  const image = sharp({ create: { width: 5000, height: 4000, channels: 3, background } });
  return format === 'png' ? image.png({ compressionLevel: 9 }).toBuffer() : image.jpeg({ quality: 50 }).toBuffer();
};

describe('image documents and attachments: pixel limit and previews (issue 23 section 4)', () => {
  let t: TestApp;
  let token: string;
  let admin: ReturnType<typeof as>;
  let hq: string;

  const send = (method: 'POST' | 'PUT', url: string, name: string, content: Buffer, type: string) => {
    const m = multipartFile('file', name, content, type);
    return t.app.inject({
      method,
      url,
      headers: { ...m.headers, authorization: `Bearer ${token}` },
      payload: m.payload,
    });
  };
  /** Staged uploads not yet committed nor dropped (the store's temporary folder). */
  const staged = () => {
    try {
      return readdirSync(join(t.dataDir, 'files', 'tmp'));
    } catch {
      return [];
    }
  };
  const storedKeys = async () => {
    const keys: string[] = [];
    for await (const key of t.app.files.keys()) keys.push(key);
    return keys.sort();
  };
  const newDocument = async (extra: Record<string, unknown> = {}) => {
    const res = await admin.post('/api/documentation/documents', {
      title: 'Escaneo',
      documentType: 'ACTA',
      documentDate: '2026-11-02',
      tags: [],
      ...extra,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.id as string;
  };
  const newTicket = async () => {
    const res = await admin.post('/api/support/tickets', {
      type: 'HARDWARE',
      priority: 'media',
      criticality: 'baja',
      headquarterId: hq,
      subject: 'Error en pantalla',
      description: 'La pantalla muestra un error',
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.id as string;
  };
  const previewKeyOf = async (table: 'document_files' | 'support_files', id: string) =>
    (
      await t.database.db.execute<{ key: string | null }>(
        sql`select preview_key as key from ${sql.identifier(table)} where id = ${id}`,
      )
    ).rows[0]!.key;
  const dimensions = async (body: Buffer) => {
    const meta = await sharp(body).metadata();
    return { width: meta.width, height: meta.height, format: meta.format };
  };

  beforeAll(async () => {
    t = await buildTestApp();
    token = await login(t.app);
    admin = as(t.app, token);
    const res = await admin.post('/api/headquarters', {
      code: 'IMG',
      name: 'Sede Imágenes',
      country: 'GT',
      state: '01',
    });
    expect(res.statusCode, res.body).toBe(200);
    hq = res.json().data.id;
  });
  afterAll(() => t?.close());

  it('a 20 000 x 20 000 PNG (48 KB) is refused as a document file, a revision and a ticket attachment, and nothing is kept', async () => {
    const bomb = pixelBomb();
    expect(bomb.length).toBeLessThan(200 * 1024);
    const doc = await newDocument();
    const pdf = await send('POST', `/api/documentation/documents/${doc}/files`, 'acta.pdf', PDF, 'application/pdf');
    expect(pdf.statusCode, pdf.body).toBe(200);
    const fileId = pdf.json().data.files[0].id as string;
    const ticket = await newTicket();
    const before = {
      documentFiles: await countRows(t.database, 'document_files'),
      supportFiles: await countRows(t.database, 'support_files'),
      audit: await countRows(t.database, 'audit_log'),
      keys: await storedKeys(),
      staged: staged(),
    };
    for (const [method, url] of [
      ['POST', `/api/documentation/documents/${doc}/files`],
      ['PUT', `/api/documentation/documents/${doc}/files/${fileId}`],
      ['POST', `/api/support/tickets/${ticket}/files`],
    ] as const) {
      const res = await send(method, url, 'bomba.png', bomb, 'image/png');
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json().code).toBe('image_too_large');
      expect(res.json().errors).toEqual([
        { field: 'file', code: 'image_too_large', params: { max: IMAGE_MAX_PIXELS } },
      ]);
    }
    expect({
      documentFiles: await countRows(t.database, 'document_files'),
      supportFiles: await countRows(t.database, 'support_files'),
      audit: await countRows(t.database, 'audit_log'),
      keys: await storedKeys(),
      staged: staged(),
    }).toEqual(before);
  });

  it('an image over the preview threshold is previewed from a reduced JPEG; the original stays the download', async () => {
    const png = await largeImage('png');
    expect(5000 * 4000).toBeGreaterThan(PREVIEW_OVER_PIXELS);
    const person = await admin.post('/api/population/persons', personBody());
    expect(person.statusCode, person.body).toBe(200);
    const personId = person.json().data.id as string;
    const doc = await newDocument({ personId });
    const ticket = await newTicket();

    const upDoc = await send('POST', `/api/documentation/documents/${doc}/files`, 'escaneo.png', png, 'image/png');
    expect(upDoc.statusCode, upDoc.body).toBe(200);
    const docFile = upDoc.json().data.files[0];
    expect(docFile).toMatchObject({ mime: 'image/png', hasPreview: true });
    const upTicket = await send('POST', `/api/support/tickets/${ticket}/files`, 'pantalla.png', png, 'image/png');
    expect(upTicket.statusCode, upTicket.body).toBe(200);
    const ticketFile = upTicket.json().data.files[0];
    expect(ticketFile).toMatchObject({ mime: 'image/png', hasPreview: true });

    const routes = {
      document: `/api/documentation/files/${docFile.id}/content`,
      person: `/api/population/persons/${personId}/document-files/${docFile.id}/content`,
      ticket: `/api/support/tickets/${ticket}/files/${ticketFile.id}`,
    };
    for (const [name, url] of Object.entries(routes)) {
      const preview = await admin.get(`${url}?size=preview`);
      expect(preview.statusCode, `${name}: ${preview.body.slice(0, 200)}`).toBe(200);
      expect(preview.headers['content-type'], name).toBe('image/jpeg');
      expect(preview.headers['content-disposition'], name).toMatch(/^inline;/);
      const small = await dimensions(preview.rawPayload);
      expect(small.format, name).toBe('jpeg');
      // Scaled by area to at most PREVIEW_PIXELS, aspect ratio kept (5:4).
      expect(small.width! * small.height!, name).toBeLessThanOrEqual(PREVIEW_PIXELS);
      expect(small.width! * small.height!, name).toBeGreaterThan(PREVIEW_PIXELS * 0.99);
      expect(Math.abs(small.width! / small.height! - 1.25), name).toBeLessThan(0.01);
      // The original, inline or downloaded (even when a preview is asked for with the download).
      for (const query of ['', name === 'ticket' ? '?download=true&size=preview' : '?download=1&size=preview']) {
        const original = await admin.get(`${url}${query}`);
        expect(original.statusCode, `${name}${query}`).toBe(200);
        expect(original.headers['content-type'], `${name}${query}`).toBe('image/png');
        expect(original.rawPayload.equals(png), `${name}${query}`).toBe(true);
      }
    }

    // A picture under the threshold has no preview: asking for one gives the original.
    const up = await send('POST', `/api/documentation/documents/${doc}/files`, 'foto.png', PNG_FIXTURE(), 'image/png');
    const plain = up.json().data.files.find((f: { name: string }) => f.name === 'foto.png');
    expect(plain).toMatchObject({ hasPreview: false });
    const asked = await admin.get(`/api/documentation/files/${plain.id}/content?size=preview`);
    expect(asked.headers['content-type']).toBe('image/png');
    expect(asked.rawPayload.equals(PNG_FIXTURE())).toBe(true);
    expect(await previewKeyOf('document_files', plain.id)).toBeNull();
  });

  it('a turned photo (EXIF orientation 6) is previewed upright', async () => {
    const jpeg = await sharp(await largeImage('jpeg', '#808080'))
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const doc = await newDocument();
    const up = await send('POST', `/api/documentation/documents/${doc}/files`, 'girada.jpg', jpeg, 'image/jpeg');
    expect(up.statusCode, up.body).toBe(200);
    const file = up.json().data.files[0];
    expect(file.hasPreview).toBe(true);
    const preview = await dimensions(
      (await admin.get(`/api/documentation/files/${file.id}/content?size=preview`)).rawPayload,
    );
    expect(preview.height! / preview.width!).toBeCloseTo(1.25, 2);
  });

  it("file collection keeps a preview while its file exists and removes it with the file's deletion", async () => {
    const png = await largeImage('png', '#f0e0d0');
    const doc = await newDocument();
    const ticket = await newTicket();
    const upDoc = await send('POST', `/api/documentation/documents/${doc}/files`, 'a.png', png, 'image/png');
    const upTicket = await send('POST', `/api/support/tickets/${ticket}/files`, 'b.png', png, 'image/png');
    expect([upDoc.statusCode, upTicket.statusCode]).toEqual([200, 200]);
    const docFile = upDoc.json().data.files[0].id as string;
    const docPreview = (await previewKeyOf('document_files', docFile))!;
    const ticketPreview = (await previewKeyOf('support_files', upTicket.json().data.files[0].id))!;
    expect(docPreview).toMatch(/^[0-9a-f]{64}$/);
    // The same bytes make the same preview: both rows hold one stored copy.
    expect(ticketPreview).toBe(docPreview);

    // Deleting the document file leaves the preview the ticket file still holds, and so does a start-up
    // collection of orphans (support_files.preview_key is a registered reference).
    expect((await admin.delete(`/api/documentation/documents/${doc}/files/${docFile}`)).statusCode).toBe(200);
    await collectOrphans(t.database.db, t.app.files);
    expect(await storedKeys()).toContain(ticketPreview);
    const ticketFile = upTicket.json().data.files[0].id as string;
    expect((await admin.get(`/api/support/tickets/${ticket}/files/${ticketFile}?size=preview`)).statusCode).toBe(200);

    // A document file's preview, its only reference, stays through a collection (document_files.preview_key is
    // registered) and goes with the document.
    const other = await newDocument();
    const jpeg = await largeImage('jpeg', '#102030');
    const up = await send('POST', `/api/documentation/documents/${other}/files`, 'c.jpg', jpeg, 'image/jpeg');
    const otherFile = up.json().data.files[0].id as string;
    const onlyPreview = (await previewKeyOf('document_files', otherFile))!;
    await collectOrphans(t.database.db, t.app.files);
    expect(await storedKeys()).toContain(onlyPreview);
    expect((await admin.get(`/api/documentation/files/${otherFile}/content?size=preview`)).statusCode).toBe(200);
    expect((await admin.delete(`/api/documentation/documents/${other}`)).statusCode).toBe(200);
    expect(await storedKeys()).not.toContain(onlyPreview);
  });

  it('a replaced revision keeps its own preview until the file and its revisions are deleted', async () => {
    const doc = await newDocument();
    const first = await send(
      'POST',
      `/api/documentation/documents/${doc}/files`,
      'v1.png',
      await largeImage('png', '#aabbcc'),
      'image/png',
    );
    const v1 = first.json().data.files[0].id as string;
    const v1Preview = (await previewKeyOf('document_files', v1))!;
    const second = await send(
      'PUT',
      `/api/documentation/documents/${doc}/files/${v1}`,
      'v2.png',
      await largeImage('png', '#ccbbaa'),
      'image/png',
    );
    expect(second.statusCode, second.body).toBe(200);
    const v2 = second.json().data.files.find((f: { current: boolean }) => f.current).id as string;
    const v2Preview = (await previewKeyOf('document_files', v2))!;
    expect(v2Preview).not.toBe(v1Preview);
    expect(await storedKeys()).toEqual(expect.arrayContaining([v1Preview, v2Preview]));
    expect((await admin.delete(`/api/documentation/documents/${doc}/files/${v2}`)).statusCode).toBe(200);
    const left = await storedKeys();
    expect(left).not.toContain(v1Preview);
    expect(left).not.toContain(v2Preview);
  });
});
