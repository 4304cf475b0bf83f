import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { mkdtempSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { TEMPORARY_MAX_AGE_MS, type DiskFileStore } from '../src/lib/storage.ts';
import { collectOrphans, fileReferenceNames } from '../src/lib/file-gc.ts';
import { as, buildTestApp, createUser, login, type TestApp } from './helpers.ts';
import { multipartFile } from './multipart.ts';

/**
 * Issue 9 item 4: the file store is content-addressed and shared, so the bytes
 * a deletion collects may at that very moment be uploaded again for another
 * record. Collection and upload must never lose a file still in use.
 */

const PDF = (n: number) =>
  Buffer.from(
    `%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n% trial ${n} ${Date.now()}\ntrailer<</Root 1 0 R>>\n%%EOF\n`,
  );
const TRIALS = 100;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('file collection never removes a file still referenced (issue 9 item 4)', () => {
  let t: TestApp;
  let token: string;
  let me: string;

  const upload = (url: string, field: string, name: string, content: Buffer, type: string) => {
    const body = multipartFile(field, name, content, type);
    return t.app.inject({
      method: 'POST',
      url,
      headers: { ...body.headers, authorization: `Bearer ${token}` },
      payload: body.payload,
    });
  };
  const newDocument = async () => {
    const res = await as(t.app, token).post('/api/documentation/documents', {
      title: 'Acta',
      documentType: 'ACTA',
      documentDate: '2026-11-02',
      tags: [],
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.id as string;
  };

  beforeAll(async () => {
    t = await buildTestApp();
    const admin = await login(t.app);
    const user = await createUser(
      t.app,
      admin,
      ['documentacion', 'documentacion_documentacion', 'poblacion', 'poblacion_actividades'],
      'files',
    );
    token = user.token;
    me = user.id;
  });
  afterAll(() => t.close());

  it(`deleting document A while the same bytes go to document B leaves B's file whole (${TRIALS} of ${TRIALS})`, async () => {
    const failures: string[] = [];
    for (let n = 0; n < TRIALS; n++) {
      const bytes = PDF(n);
      const [a, b] = [await newDocument(), await newDocument()];
      expect(
        (await upload(`/api/documentation/documents/${a}/files`, 'file', 'a.pdf', bytes, 'application/pdf')).statusCode,
      ).toBe(200);
      // The deletion starts 0-4 ms after the upload, to meet it at each of its steps.
      const [uploaded, deleted] = await Promise.all([
        upload(`/api/documentation/documents/${b}/files`, 'file', 'b.pdf', bytes, 'application/pdf'),
        pause(n % 5).then(() => as(t.app, token).delete(`/api/documentation/documents/${a}`)),
      ]);
      expect(deleted.statusCode).toBe(200);
      expect(uploaded.statusCode, uploaded.body).toBe(200);
      const fileId = uploaded.json().data.files[0].id as string;
      const download = await as(t.app, token).get(`/api/documentation/files/${fileId}/content?download=1`);
      if (download.statusCode !== 200 || !download.rawPayload.equals(bytes))
        failures.push(`trial ${n}: ${download.statusCode}`);
    }
    expect(failures, `${failures.length} of ${TRIALS} trials lost B's file`).toEqual([]);
    // A hundred trials: seconds on a quiet machine, past the default 30 s on a shared busy one.
  }, 120_000);

  it('collects at start-up the stored files no row refers to (a crash between a deletion and its collection), keeping the referenced ones', async () => {
    const kept = PDF(-1);
    const doc = await newDocument();
    expect(
      (await upload(`/api/documentation/documents/${doc}/files`, 'file', 'kept.pdf', kept, 'application/pdf'))
        .statusCode,
    ).toBe(200);
    const orphan = await t.app.files.stage(
      Readable.from([Buffer.from('bytes of a document deleted just before a crash')]),
      1024,
    );
    await orphan.commit();
    const store = t.app.files as DiskFileStore;
    expect(await store.has(orphan.key)).toBe(true);
    expect(await collectOrphans(t.database.db, t.app.files, 2)).toBeGreaterThanOrEqual(1);
    expect(await store.has(orphan.key)).toBe(false);
    expect(await store.has(createHash('sha256').update(kept).digest('hex'))).toBe(true);
  });

  it('deleting activity photo A while the same image goes to another activity leaves that photo whole', async () => {
    const activity = async () => {
      const res = await as(t.app, token).post('/api/population/activities', {
        name: 'Taller',
        activityType: 'TALLER',
        startsAt: '2026-11-20T14:30',
        state: '07',
        town: '0701',
        place: 'Salón',
        facilitatorIds: [me],
        thematic: ['MALTRATO_PSICOLOGICO'],
        unregistered: [{ sex: 'F', ageGroup: 'NINEZ', count: 1 }],
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.id as string;
    };
    const failures: string[] = [];
    for (let n = 0; n < 20; n++) {
      const image = await sharp({ create: { width: 8, height: 8, channels: 3, background: { r: n, g: 100, b: 200 } } })
        .png()
        .toBuffer();
      const [a, b] = [await activity(), await activity()];
      const first = await upload(`/api/population/activities/${a}/photos`, 'photo', 'a.png', image, 'image/png');
      expect(first.statusCode, first.body).toBe(200);
      const photoA = first.json().data.photos[0].id as string;
      const [uploaded, deleted] = await Promise.all([
        upload(`/api/population/activities/${b}/photos`, 'photo', 'b.png', image, 'image/png'),
        pause(n % 5).then(() => as(t.app, token).delete(`/api/population/activities/${a}/photos/${photoA}`)),
      ]);
      expect(deleted.statusCode).toBe(200);
      expect(uploaded.statusCode, uploaded.body).toBe(200);
      const photoB = uploaded.json().data.photos[0].id as string;
      for (const size of ['full', 'thumb']) {
        const res = await as(t.app, token).get(`/api/population/activity-photos/${photoB}?size=${size}`);
        if (res.statusCode !== 200) failures.push(`trial ${n} ${size}: ${res.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });
});

describe('partial uploads left by a crash (issue 9 item 4)', () => {
  it('sweeps at start-up the temp file of a killed upload once it is an hour old, and leaves younger ones (another instance may be receiving them)', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'amparo-killed-upload-'));
    const tmp = join(dataDir, 'files', 'tmp');
    const child = spawn(
      process.execPath,
      [fileURLToPath(new URL('./fixtures/upload-forever.ts', import.meta.url)), join(dataDir, 'files')],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    await new Promise<void>((resolve, reject) => {
      child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('receiving') && resolve());
      child.once('exit', (code) => reject(new Error(`upload process ended early (${code})`)));
    });
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
    const [killed] = readdirSync(tmp);
    expect(killed).toBeDefined();
    expect(statSync(join(tmp, killed!)).size).toBeGreaterThan(0);

    // A start right after the crash keeps it (it could be another instance's live upload)...
    let t = await buildTestApp({ DATA_DIR: dataDir });
    await t.close();
    expect(readdirSync(tmp)).toEqual([killed]);
    // ...an hour later it goes; a fresh one of another instance stays.
    const hourAgo = new Date(Date.now() - TEMPORARY_MAX_AGE_MS - 60_000);
    utimesSync(join(tmp, killed!), hourAgo, hourAgo);
    writeFileSync(join(tmp, 'live-upload'), 'partial');
    t = await buildTestApp({ DATA_DIR: dataDir });
    await t.close();
    expect(readdirSync(tmp)).toEqual(['live-upload']);
    rmSync(dataDir, { recursive: true, force: true });
  });
});

describe('file references registry (architecture rule 6b)', () => {
  it('registers every column that holds file store keys, so collection counts them all', async () => {
    const t = await buildTestApp();
    try {
      // The naming rule (decision 0006): a column holding file store keys ends in storage_key, thumb_key, photo_key,
      // preview_key (a huge image's preview, issue 23 section 4) or file_key (a request quote's PDF, issue 26).
      const result = await t.database.db.execute<{ name: string }>(sql`
        select table_name || '.' || column_name as name from information_schema.columns
        where table_schema = 'public' and data_type = 'text' and column_name ~ '(storage|thumb|photo|preview|file)_key$'`);
      const fileColumns = result.rows.map((r) => r.name);
      expect(fileColumns.length).toBeGreaterThanOrEqual(5);
      expect(fileColumns).toEqual(expect.arrayContaining(['document_files.preview_key', 'support_files.preview_key']));
      expect(fileReferenceNames().sort()).toEqual(fileColumns.sort());
    } finally {
      await t.close();
    }
  });
});
