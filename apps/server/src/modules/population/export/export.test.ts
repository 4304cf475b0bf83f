import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, buildTestApp, createUser, login, personBody, type TestApp } from '../../../../test/helpers.ts';

const POBLACION = ['poblacion', 'poblacion_poblacion'];

async function readSheet(payload: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(payload as unknown as ArrayBuffer);
  const sheet = wb.worksheets[0]!;
  const rows: string[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
  return rows;
}

describe('population export (xlsx)', () => {
  let t: TestApp;
  let plain: Awaited<ReturnType<typeof createUser>>;
  let sensitive: Awaited<ReturnType<typeof createUser>>;

  beforeAll(async () => {
    t = await buildTestApp();
    const adminToken = await login(t.app);
    plain = await createUser(t.app, adminToken, POBLACION, 'plain');
    sensitive = await createUser(t.app, adminToken, [...POBLACION, 'poblacion_exportacion_sensible'], 'sensitive');
    for (const [names, sex] of [
      ['Ana', 'F'],
      ['Luis', 'M'],
    ] as const) {
      const p = (
        await as(t.app, plain.token).post(
          '/api/population/persons',
          personBody({ names, sex, sexualOrientation: 'NO_APLICA', perpetrator: 'PADRASTRO' }),
        )
      ).json().data;
      await as(t.app, plain.token).post(`/api/population/persons/${p.id}/grants`, {
        userId: sensitive.id,
        canRead: true,
        canWrite: false,
        reason: 'Informe',
      });
    }
    await as(t.app, sensitive.token).post('/api/population/persons', personBody({ names: 'Solo del otro' }));
  });
  afterAll(() => t.close());

  it('exports the filtered persons the user may see, labels translated, without sensitive columns', async () => {
    const res = await as(t.app, plain.token).get('/api/population/persons/export?sex=F');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['x-export-rows']).toBe('1');
    const rows = await readSheet(res.rawPayload);
    expect(rows[0]).toContain('Expediente');
    expect(rows[0]).not.toContain('Orientación sexual');
    expect(rows[0]).not.toContain('Presunto agresor (vínculo)');
    expect(rows).toHaveLength(2);
    expect(rows[1]).toEqual(expect.arrayContaining(['Ana', 'Mujer', 'Sololá', expect.stringMatching(/^Negligencia/)]));
    const all = await readSheet(
      (await as(t.app, plain.token).get('/api/population/persons/export?lang=en')).rawPayload,
    );
    expect(all[0]).toContain('File');
    expect(all.map((r) => r[1])).toEqual(['Names', 'Ana', 'Luis']);
  });

  it('adds sensitive columns only with poblacion_exportacion_sensible, and audits the export', async () => {
    const rows = await readSheet((await as(t.app, sensitive.token).get('/api/population/persons/export')).rawPayload);
    const header = rows[0]!;
    expect(header).toEqual(expect.arrayContaining(['Orientación sexual', 'Embarazo', 'Presunto agresor (vínculo)']));
    const ana = rows.find((r) => r.includes('Ana'))!;
    expect(ana[header.indexOf('Presunto agresor (vínculo)')]).toMatch(/^Padrastro/);
    expect(rows).toHaveLength(4);
    const audit = await t.database.db.execute<{ n: number }>(
      (await import('drizzle-orm'))
        .sql`select count(*)::int as n from audit_log where action = 'export' and user_id = ${sensitive.id} and changes->'export'->'after'->>'sensitive' = 'true'`,
    );
    expect(Number(audit.rows[0]!.n)).toBe(1);
  });
});
