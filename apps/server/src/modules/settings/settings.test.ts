import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { SETTING_KEYS } from '@amparo/shared/modules/settings.schema';
import { todayInGuatemala } from '@amparo/shared/format';
import { AppError } from '../../lib/errors.ts';
import { valueAt } from '../../lib/settings/settings.ts';
import { as, buildTestApp, login, type TestApp } from '../../../test/helpers.ts';

/**
 * Issue 25 section 3: dated settings. Every key is listed with its source and the value in force; `valueAt` reads
 * the value of a date; a new value is added from a date, checked against its type; only values not yet in force
 * change; every change is audited with before and after.
 */
describe('dated settings', () => {
  let t: TestApp;
  let admin: ReturnType<typeof as>;
  beforeAll(async () => {
    t = await buildTestApp();
    admin = as(t.app, await login(t.app));
  });
  afterAll(() => t.close());

  /** A date `days` from today in Guatemala. */
  const fromToday = (days: number) => {
    const d = new Date(`${todayInGuatemala()}T12:00:00Z`);
    d.setUTCDate(d.getUTCDate() + days);
    return d.toISOString().slice(0, 10);
  };
  const history = async (key: string) => (await admin.get(`/api/settings/${key}`)).json().data;

  it('lists every key with its source and the seeded value in force, and reads a value by date', async () => {
    const listed = (await admin.get('/api/settings')).json().data as { key: string; current: unknown }[];
    expect(listed.map((s) => s.key)).toEqual(SETTING_KEYS);
    const iva = listed.find((s) => s.key === 'iva_rate') as { current: { value: string; validFrom: string } };
    expect(iva).toMatchObject({
      group: 'tax',
      type: 'rate',
      source: expect.stringContaining('Decreto 27-92'),
      current: { value: '0.12', validFrom: '2026-01-01', state: 'current', createdByName: null },
    });
    // The minimum wage is set each year by the government: nothing is seeded, the administrator enters it.
    expect(listed.find((s) => s.key === 'minimum_wage_non_agricultural')).toMatchObject({ current: null });
    const db = t.database.db;
    expect(await valueAt(db, 'iva_rate', '2026-06-30')).toBe('0.12');
    expect(await valueAt(db, 'isr_employment_brackets', '2026-06-30')).toEqual([
      { upTo: '300000.00', rate: '0.05', fixed: '0.00', over: '0.00' },
      { upTo: null, rate: '0.07', fixed: '15000.00', over: '300000.00' },
    ]);
    const missing = await valueAt(db, 'iva_rate', '2025-12-31').catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(AppError);
    expect(missing).toMatchObject({
      status: 409,
      code: 'setting_missing',
      fieldErrors: [{ field: 'key', code: 'setting_missing', params: { key: 'iva_rate', date: '2025-12-31' } }],
    });
  });

  it('adds a value from a date, which is in force from that date on, audited', async () => {
    const from = fromToday(30);
    const added = await admin.post('/api/settings/iva_rate/values', {
      validFrom: from,
      value: '0.13',
      source: 'Decreto de prueba, art. 1',
      note: 'Reforma',
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().data).toMatchObject({
      current: { value: '0.12' },
      scheduled: { value: '0.13', validFrom: from, state: 'scheduled', createdByName: expect.any(String) },
    });
    const db = t.database.db;
    expect(await valueAt(db, 'iva_rate', fromToday(29))).toBe('0.12');
    expect(await valueAt(db, 'iva_rate', from)).toBe('0.13');
    const again = await admin.post('/api/settings/iva_rate/values', { validFrom: from, value: '0.14', source: 'x' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'duplicate', errors: [{ field: 'validFrom', code: 'duplicate' }] });
    const audit = await db.execute<{ action: string; changes: Record<string, { before: unknown; after: unknown }> }>(
      sql`select action, changes from audit_log where entity = 'setting' and entity_id = 'iva_rate'`,
    );
    expect(audit.rows).toEqual([
      {
        action: 'create',
        changes: {
          [from]: { before: null, after: { value: '0.13', source: 'Decreto de prueba, art. 1', note: 'Reforma' } },
        },
      },
    ]);
  });

  it('refuses a value that does not fit its type, naming the part, and an unknown key', async () => {
    const post = (key: string, value: unknown) =>
      admin.post(`/api/settings/${key}/values`, { validFrom: fromToday(40), value, source: 'Prueba' });
    const bad = async (key: string, value: unknown) => (await post(key, value)).json().errors;
    expect(await bad('iva_rate', '12')).toEqual([{ field: 'value', code: 'invalid' }]);
    // A rate is a decimal string, never a float.
    expect(await bad('iva_rate', 0.12)).toEqual([{ field: 'value', code: 'required' }]);
    expect(await bad('vacation_working_days', 1.5)).toEqual([{ field: 'value', code: 'invalid' }]);
    expect(await bad('bonificacion_incentivo_minimum', '250.001')).toEqual([
      { field: 'value', code: 'max_two_decimals' },
    ]);
    // Bands: the last one has no ceiling, each starts where the one before ends.
    expect(
      await bad('isr_retention_brackets', [
        { upTo: '30000', rate: '0.05', fixed: '0', over: '0' },
        { upTo: null, rate: '0.07', fixed: '1500', over: '29999' },
      ]),
    ).toEqual([{ field: 'value.1.over', code: 'invalid' }]);
    expect(await bad('isr_retention_brackets', [{ upTo: '1', rate: '0.05', fixed: '0', over: '0' }])).toEqual([
      { field: 'value.0.upTo', code: 'invalid' },
    ]);
    expect((await post('no_such_setting', '0.1')).statusCode).toBe(404);
    const saved = await post('isr_retention_brackets', [
      { upTo: '30000', rate: '0.05', fixed: '0', over: '0' },
      { upTo: null, rate: '0.07', fixed: '1500', over: '30000' },
    ]);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.scheduled.value[1]).toEqual({
      upTo: null,
      rate: '0.07',
      fixed: '1500.00',
      over: '30000.00',
    });
  });

  it('corrects or removes only a value not yet in force', async () => {
    const key = 'bonificacion_incentivo_minimum';
    const from = fromToday(60);
    const created = (
      await admin.post(`/api/settings/${key}/values`, { validFrom: from, value: '300', source: 'A' })
    ).json().data.scheduled;
    const put = (id: string, version: number, value = '325') =>
      admin.put(`/api/settings/${key}/values/${id}`, { value, source: 'Acuerdo corregido', version });
    const fixed = await put(created.id, created.version);
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json().data.scheduled).toMatchObject({ value: '325.00', source: 'Acuerdo corregido', version: 2 });
    expect((await put(created.id, created.version)).json()).toMatchObject({ code: 'version_conflict' });
    const current = (await history(key)).current;
    expect((await put(current.id, current.version)).json()).toMatchObject({ status: 409, code: 'setting_in_force' });
    expect((await admin.delete(`/api/settings/${key}/values/${current.id}`)).json()).toMatchObject({
      code: 'setting_in_force',
    });
    const removed = await admin.delete(`/api/settings/${key}/values/${created.id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data).toMatchObject({ scheduled: null, current: { value: '250.00' } });
    const audit = await t.database.db.execute<{
      action: string;
      changes: Record<string, { before: unknown; after: unknown }>;
    }>(sql`select action, changes from audit_log where entity = 'setting' and entity_id = ${key} order by id`);
    expect(audit.rows.map((r) => r.action)).toEqual(['create', 'update', 'delete']);
    expect(audit.rows[1]!.changes[from]).toEqual({
      before: { value: '300.00', source: 'A', note: null },
      after: { value: '325.00', source: 'Acuerdo corregido', note: null },
    });
  });
});
