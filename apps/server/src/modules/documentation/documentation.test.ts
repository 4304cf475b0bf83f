import { createHash } from 'node:crypto';
import { readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  as,
  buildTestApp,
  countRows,
  createUser,
  login,
  personBody,
  waitUntil,
  type TestApp,
} from '../../../test/helpers.ts';
import { multipartFile, PNG_FIXTURE, streamedUpload } from '../../../test/multipart.ts';
import { DiskFileStore } from '../../lib/storage.ts';

const DOCS = ['documentacion', 'documentacion_documentacion'];
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

const sha256 = (content: Buffer) => createHash('sha256').update(content).digest('hex');

/** Every file under the store, temporary ones included. */
function storedFiles(dataDir: string): string[] {
  const root = join(dataDir, 'files');
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => e.name);
}

describe('documentation: documents, files by content, revisions, grants', () => {
  let t: TestApp;
  let adminToken: string;
  let clerk: Awaited<ReturnType<typeof createUser>>;
  let other: Awaited<ReturnType<typeof createUser>>;

  const upload = (
    token: string,
    url: string,
    name: string,
    content: Buffer | string,
    method: 'POST' | 'PUT' = 'POST',
  ) => {
    const body = multipartFile('file', name, content, 'application/pdf');
    return t.app.inject({
      method,
      url,
      headers: { ...body.headers, authorization: `Bearer ${token}` },
      payload: body.payload,
    });
  };
  const newDocument = async (token: string, extra: Record<string, unknown> = {}) => {
    const res = await as(t.app, token).post('/api/documentation/documents', {
      title: 'Acta de ingreso',
      documentType: 'ACTA',
      documentDate: '2026-11-02',
      tags: ['ingreso'],
      ...extra,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { id: string; version: number };
  };

  beforeAll(async () => {
    t = await buildTestApp({ DOCUMENT_MAX_BYTES: '8192' });
    adminToken = await login(t.app);
    clerk = await createUser(t.app, adminToken, [...DOCS, 'poblacion', 'poblacion_poblacion'], 'clerk');
    other = await createUser(t.app, adminToken, [...DOCS, 'poblacion', 'poblacion_poblacion'], 'other');
  });
  afterAll(() => t.close());

  it('stores a PDF and a PNG by content, previews inline and downloads as attachment', async () => {
    const doc = await newDocument(clerk.token);
    const pdf = await upload(clerk.token, `/api/documentation/documents/${doc.id}/files`, 'acta.pdf', PDF);
    expect(pdf.statusCode, pdf.body).toBe(200);
    const png = await upload(
      clerk.token,
      `/api/documentation/documents/${doc.id}/files`,
      'foto sin extension',
      PNG_FIXTURE(),
    );
    expect(png.json().data.fileCount).toBe(2);
    const listed = (await as(t.app, clerk.token).get('/api/documentation/documents'))
      .json()
      .data.items.find((d: { id: string }) => d.id === doc.id);
    expect(listed.fileCount).toBe(2);
    const files = png.json().data.files as { id: string; mime: string; name: string; current: boolean }[];
    expect(files.map((f) => f.mime).sort()).toEqual(['application/pdf', 'image/png']);
    const pdfFile = files.find((f) => f.mime === 'application/pdf')!;
    const inline = await as(t.app, clerk.token).get(`/api/documentation/files/${pdfFile.id}/content`);
    expect(inline.statusCode).toBe(200);
    expect(inline.headers['content-type']).toBe('application/pdf');
    expect(inline.headers['content-disposition']).toMatch(/^inline; filename="acta.pdf"/);
    expect(inline.rawPayload.equals(PDF)).toBe(true);
    const download = await as(t.app, clerk.token).get(`/api/documentation/files/${pdfFile.id}/content?download=1`);
    expect(download.headers['content-disposition']).toMatch(/^attachment;/);
  });

  it('refuses a text file named .pdf and an oversized file, leaving no row and no stored bytes', async () => {
    const doc = await newDocument(clerk.token);
    const rows = await countRows(t.database, 'document_files');
    const files = storedFiles(t.dataDir).length;
    const forged = await upload(
      clerk.token,
      `/api/documentation/documents/${doc.id}/files`,
      'informe.pdf',
      'no soy un PDF, solo texto',
    );
    expect(forged.statusCode).toBe(400);
    expect(forged.json().errors).toContainEqual({ field: 'file', code: 'file_type' });
    const big = await upload(
      clerk.token,
      `/api/documentation/documents/${doc.id}/files`,
      'grande.pdf',
      Buffer.concat([PDF, Buffer.alloc(16_000, 32)]),
    );
    expect(big.statusCode).toBe(413);
    expect(await countRows(t.database, 'document_files')).toBe(rows);
    expect(storedFiles(t.dataDir)).toHaveLength(files);
  });

  it('keeps the previous revision when a file is replaced, and removes bytes only when no row refers to them', async () => {
    const doc = await newDocument(clerk.token);
    const first = (await upload(clerk.token, `/api/documentation/documents/${doc.id}/files`, 'v1.pdf', PDF)).json().data
      .files[0];
    const v2 = Buffer.concat([PDF, Buffer.from('% revision 2\n')]);
    const replaced = await upload(
      clerk.token,
      `/api/documentation/documents/${doc.id}/files/${first.id}`,
      'v2.pdf',
      v2,
      'PUT',
    );
    expect(replaced.statusCode, replaced.body).toBe(200);
    const files = replaced.json().data.files as {
      id: string;
      revision: number;
      current: boolean;
      replacesId: string | null;
    }[];
    expect(files).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: first.id, revision: 1, current: false }),
        expect.objectContaining({ revision: 2, current: true, replacesId: first.id }),
      ]),
    );
    const current = files.find((f) => f.current)!;
    const store = new DiskFileStore(join(t.dataDir, 'files'));
    const before = storedFiles(t.dataDir).length;
    const afterDelete = await as(t.app, clerk.token).delete(
      `/api/documentation/documents/${doc.id}/files/${current.id}`,
    );
    expect(afterDelete.json().data.files).toEqual([]);
    // v1's bytes are shared with other documents' acta.pdf and stay; v2's only copy is gone.
    expect(storedFiles(t.dataDir).length).toBe(before - 1);
    expect(await store.has(sha256(v2))).toBe(false);
  });

  it("follows a person's grants: hidden from the list, 403 on open and content; opening is audited on the person", async () => {
    const personId = (await as(t.app, clerk.token).post('/api/population/persons', personBody())).json().data.id;
    const doc = await newDocument(clerk.token, {
      title: 'Resolución de medidas',
      documentType: 'RESOLUCION',
      personId,
    });
    const file = (
      await upload(clerk.token, `/api/documentation/documents/${doc.id}/files`, 'resolucion.pdf', PDF)
    ).json().data.files[0];
    const otherClient = as(t.app, other.token);
    const list = (await otherClient.get('/api/documentation/documents?q=resoluci')).json().data;
    expect(list.total).toBe(0);
    expect((await otherClient.get(`/api/documentation/documents/${doc.id}`)).statusCode).toBe(403);
    expect((await otherClient.get(`/api/documentation/files/${file.id}/content`)).statusCode).toBe(403);
    // Tying a document to a person one may not write to is refused.
    expect(
      (
        await otherClient.post('/api/documentation/documents', {
          title: 'Intento',
          documentType: 'OTRO',
          documentDate: '2026-11-02',
          personId,
        })
      ).statusCode,
    ).toBe(403);

    expect((await as(t.app, clerk.token).get('/api/documentation/documents?q=resoluci')).json().data.total).toBe(1);
    await as(t.app, clerk.token).get(`/api/documentation/files/${file.id}/content`);
    const history = (await as(t.app, clerk.token).get(`/api/population/persons/${personId}/history?pageSize=50`)).json()
      .data.items as { action: string }[];
    expect(history.map((h) => h.action)).toContain('view_document');
  });

  /** A person of the clerk's with a document, and a user holding `access` on the person (none: no grant). */
  const personDocument = async (access: 'none' | 'read' | 'write') => {
    const personId = (await as(t.app, clerk.token).post('/api/population/persons', personBody())).json().data
      .id as string;
    const doc = await newDocument(clerk.token, { title: 'Informe', personId });
    const user = await createUser(t.app, adminToken, [...DOCS, 'poblacion', 'poblacion_poblacion'], access);
    let grantId: string | null = null;
    if (access !== 'none') {
      const grants = await as(t.app, clerk.token).post(`/api/population/persons/${personId}/grants`, {
        userId: user.id,
        canRead: true,
        canWrite: access === 'write',
        reason: 'Expediente',
      });
      grantId = (grants.json().data as { id: string; userId: string }[]).find((g) => g.userId === user.id)!.id;
    }
    return { personId, doc, user, grantId };
  };
  const staged = () => {
    const tmp = join(t.dataDir, 'files', 'tmp');
    return existsSync(tmp) ? readdirSync(tmp).length : 0;
  };
  const filesOf = async (id: string) =>
    (await as(t.app, clerk.token).get(`/api/documentation/documents/${id}`)).json().data.files as unknown[];

  it("refuses a file for a person's document without a write grant before reading it (403, not 400 or 413)", async () => {
    const before = storedFiles(t.dataDir).length;
    for (const access of ['none', 'read'] as const) {
      const { doc, user } = await personDocument(access);
      const url = `/api/documentation/documents/${doc.id}/files`;
      // Not a PDF: the grant is refused before the content would be looked at.
      const text = await upload(user.token, url, 'acta.pdf', 'no soy un pdf');
      expect(text.statusCode, text.body).toBe(403);
      expect(text.json().code).toBe('no_person_access');
      // Announced far over the limit and sent only in part: answered without waiting for (or storing) the rest.
      const big = streamedUpload(t.app, {
        method: 'POST',
        url,
        token: user.token,
        field: 'file',
        content: PDF,
        type: 'application/pdf',
        first: 16,
        headers: { 'content-length': String(50 * 1024 * 1024) },
      });
      const answer = await Promise.race([big.answer, new Promise<null>((done) => setTimeout(() => done(null), 3000))]);
      big.body.end();
      expect(answer?.statusCode, 'answered before the body was sent').toBe(403);
      expect(answer!.json().code).toBe('no_person_access');
      expect(await filesOf(doc.id)).toEqual([]);
    }
    expect(storedFiles(t.dataDir)).toHaveLength(before);
  });

  it('refuses the file when the write grant on the person is revoked while it is being uploaded', async () => {
    const { personId, doc, user, grantId } = await personDocument('write');
    const content = Buffer.concat([PDF, Buffer.from('% revocado\n')]);
    const before = storedFiles(t.dataDir).length;
    // Nothing else is being received, so the first staged file is this upload's.
    expect(staged()).toBe(0);
    const sending = streamedUpload(t.app, {
      method: 'POST',
      url: `/api/documentation/documents/${doc.id}/files`,
      token: user.token,
      field: 'file',
      content,
      type: 'application/pdf',
      first: 16,
    });
    // The grant was checked on arrival: the server is now receiving the bytes into the store's temporary folder.
    await waitUntil(() => staged() > 0, 5000);
    const revoked = await as(t.app, clerk.token).delete(`/api/population/persons/${personId}/grants/${grantId}`);
    expect(revoked.statusCode, revoked.body).toBe(200);
    sending.body.end(sending.rest);
    const res = await sending.answer;
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().code).toBe('no_person_access');
    expect(await filesOf(doc.id)).toEqual([]);
    expect(storedFiles(t.dataDir)).toHaveLength(before);
  });

  it('updates with a version (409 when stale) and deletes rows before the stored files', async () => {
    const doc = await newDocument(clerk.token, { title: 'Convenio municipal', documentType: 'CONVENIO' });
    const unique = Buffer.concat([PDF, Buffer.from('% convenio\n')]);
    await upload(clerk.token, `/api/documentation/documents/${doc.id}/files`, 'convenio.pdf', unique);
    const body = {
      title: 'Convenio municipal 2026',
      documentType: 'CONVENIO',
      documentDate: '2026-11-02',
      tags: [],
      version: doc.version,
    };
    expect((await as(t.app, clerk.token).put(`/api/documentation/documents/${doc.id}`, body)).statusCode).toBe(200);
    expect((await as(t.app, clerk.token).put(`/api/documentation/documents/${doc.id}`, body)).statusCode).toBe(409);
    const store = new DiskFileStore(join(t.dataDir, 'files'));
    expect(await store.has(sha256(unique))).toBe(true);
    expect((await as(t.app, clerk.token).delete(`/api/documentation/documents/${doc.id}`)).statusCode).toBe(200);
    expect((await as(t.app, clerk.token).get(`/api/documentation/documents/${doc.id}`)).statusCode).toBe(404);
    expect(await store.has(sha256(unique))).toBe(false);
  });

  it('leaves nothing behind when an upload stream breaks midway', async () => {
    const store = new DiskFileStore(join(t.dataDir, 'files'));
    const before = storedFiles(t.dataDir).length;
    const broken = new Readable({
      read() {
        this.push(Buffer.alloc(1024, 65));
        this.destroy(new Error('connection reset'));
      },
    });
    await expect(store.stage(broken, 1_000_000)).rejects.toThrow(/connection reset/);
    expect(storedFiles(t.dataDir)).toHaveLength(before);
  });

  it("lists a person's documents on their file under the person's grant, with no Documentation key needed", async () => {
    const personId = (
      await as(t.app, clerk.token).post('/api/population/persons', personBody({ names: 'Lucía' }))
    ).json().data.id as string;
    const otherPerson = (
      await as(t.app, clerk.token).post('/api/population/persons', personBody({ names: 'Marta' }))
    ).json().data.id as string;
    const doc = await newDocument(clerk.token, { title: 'Informe psicológico', personId });
    const uploaded = await upload(clerk.token, `/api/documentation/documents/${doc.id}/files`, 'informe.pdf', PDF);
    const fileId = uploaded.json().data.files[0].id as string;
    const elsewhere = await newDocument(clerk.token, { title: 'Otro expediente', personId: otherPerson });
    const otherFile = (
      await upload(clerk.token, `/api/documentation/documents/${elsewhere.id}/files`, 'otro.pdf', PDF)
    ).json().data.files[0].id as string;

    // A caseworker with the population keys and a read grant, but no Documentation key.
    const caseworker = await createUser(t.app, adminToken, ['poblacion', 'poblacion_poblacion'], 'caseworker');
    const client = as(t.app, caseworker.token);
    expect((await client.get(`/api/population/persons/${personId}/documents`)).statusCode).toBe(403);
    await as(t.app, clerk.token).post(`/api/population/persons/${personId}/grants`, {
      userId: caseworker.id,
      canRead: true,
      canWrite: false,
      reason: 'Seguimiento',
    });
    const listed = await client.get(`/api/population/persons/${personId}/documents`);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().data).toMatchObject({
      total: 1,
      items: [
        { id: doc.id, title: 'Informe psicológico', files: [{ id: fileId, name: 'informe.pdf', current: true }] },
      ],
    });
    expect((await client.get(`/api/documentation/files/${fileId}/content`)).statusCode).toBe(403);

    const audits = await countRows(t.database, 'audit_log');
    const content = await client.get(`/api/population/persons/${personId}/document-files/${fileId}/content?download=1`);
    expect(content.statusCode).toBe(200);
    expect(content.rawPayload.equals(PDF)).toBe(true);
    expect(content.headers['content-disposition']).toMatch(/^attachment/);
    expect(await countRows(t.database, 'audit_log')).toBe(audits + 1);
    // A file of another person's document is not reachable through this person.
    expect(
      (await client.get(`/api/population/persons/${personId}/document-files/${otherFile}/content`)).statusCode,
    ).toBe(404);
    expect(
      (await client.get(`/api/population/persons/${otherPerson}/document-files/${otherFile}/content`)).statusCode,
    ).toBe(403);
  });
});
