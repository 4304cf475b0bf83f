import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { as, buildTestApp, createUser, login, type TestApp } from '../../../test/helpers.ts';
import { workingTimeFor } from './working-calendar.service.ts';

/**
 * Configuración › Calendario laboral (issue 12): Guatemala's public holidays of a year, the charity's own
 * closed days for every headquarter or one, and working time that leaves them out.
 */
let t: TestApp;
let admin: ReturnType<typeof as>;
let headquarterId: string;
const gt = (local: string) => new Date(`${local}:00-06:00`);

beforeAll(async () => {
  t = await buildTestApp();
  admin = as(t.app, await login(t.app));
  const hq = await admin.post('/api/headquarters', { code: 'COB', name: 'Sede Cobán', country: 'GT', state: '16' });
  expect(hq.statusCode, hq.body).toBe(200);
  headquarterId = hq.json().data.id;
});
afterAll(() => t?.close());

describe('working calendar', () => {
  it("lists a year's public holidays, half days with their closing hour", async () => {
    const res = await admin.get('/api/working-calendar?year=2026');
    expect(res.statusCode, res.body).toBe(200);
    const { year, publicHolidays } = res.json().data;
    expect(year).toBe(2026);
    expect(publicHolidays).toEqual(
      expect.arrayContaining([
        { date: '2026-04-03', name: 'Viernes Santo', nameEn: 'Good Friday', fromTime: null },
        { date: '2026-12-24', name: 'Nochebuena', nameEn: 'Christmas Eve', fromTime: '12:00' },
      ]),
    );
    // Bank days and observances are working days.
    expect(publicHolidays.map((h: { date: string }) => h.date)).not.toContain('2026-07-01');
  });

  it('adds days for every headquarter and for one, refuses a duplicate or bad input, and audits', async () => {
    const all = await admin.post('/api/working-calendar/holidays', { date: '2026-07-22', name: 'Aniversario' });
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().data).toMatchObject({ date: '2026-07-22', headquarterId: null, fromTime: null });
    const local = await admin.post('/api/working-calendar/holidays', {
      date: '2026-08-04',
      name: 'Fiesta titular de Cobán',
      headquarterId,
      fromTime: '12:00',
    });
    expect(local.json().data).toMatchObject({ headquarterName: 'Sede Cobán', fromTime: '12:00' });
    // The same day for one headquarter is a different scope; again for all is a duplicate.
    expect(
      (await admin.post('/api/working-calendar/holidays', { date: '2026-07-22', name: 'Otra', headquarterId }))
        .statusCode,
    ).toBe(200);
    const dup = await admin.post('/api/working-calendar/holidays', { date: '2026-07-22', name: 'Repetido' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().errors).toEqual([{ field: 'date', code: 'duplicate' }]);
    for (const bad of [
      { date: '2026-02-30', name: 'x' },
      { date: '2026-03-01', name: '   ' },
      { date: '2026-03-01', name: 'x', fromTime: '25:00' },
      { date: '2026-03-01', name: 'x', headquarterId: '00000000-0000-4000-8000-000000000000' },
    ]) {
      expect((await admin.post('/api/working-calendar/holidays', bad)).statusCode, JSON.stringify(bad)).toBe(400);
    }
    const listed = (await admin.get('/api/working-calendar?year=2026')).json().data.holidays;
    expect(listed.map((h: { name: string }) => h.name)).toEqual(['Aniversario', 'Otra', 'Fiesta titular de Cobán']);
    const audited = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from audit_log where entity = 'working_holiday' and action = 'create'`,
    );
    expect(Number(audited.rows[0]!.n)).toBe(3);
  });

  it("working time leaves out the charity's days: every headquarter's, and one headquarter's only there", async () => {
    const everywhere = await workingTimeFor(t.database.db, null);
    const cobán = await workingTimeFor(t.database.db, headquarterId);
    // 22 July (for all): Tuesday 21 July 16:00 + 2 h is Thursday 09:00 everywhere.
    expect(everywhere.addHours(gt('2026-07-21T16:00'), 2)).toEqual(gt('2026-07-23T09:00'));
    // 4 August closed from 12:00 in Cobán only: 11:00 + 2 h is the next day's 09:00 there, 14:00 elsewhere.
    expect(cobán.addHours(gt('2026-08-04T11:00'), 2)).toEqual(gt('2026-08-05T09:00'));
    expect(everywhere.addHours(gt('2026-08-04T11:00'), 2)).toEqual(gt('2026-08-04T14:00'));
  });

  it('a day added or removed counts at once, though the closed days are kept per instance', async () => {
    // Friday 2 October 16:00 + 2 h: Monday 5 October 09:00, unless Monday is closed.
    const before = await workingTimeFor(t.database.db, null);
    expect(before.addHours(gt('2026-10-02T16:00'), 2)).toEqual(gt('2026-10-05T09:00'));
    const added = await admin.post('/api/working-calendar/holidays', { date: '2026-10-05', name: 'Cierre' });
    expect(added.statusCode).toBe(200);
    const closed = await workingTimeFor(t.database.db, null);
    expect(closed.addHours(gt('2026-10-02T16:00'), 2)).toEqual(gt('2026-10-06T09:00'));
    const id = added.json().data.id;
    expect((await admin.delete(`/api/working-calendar/holidays/${id}`)).statusCode).toBe(200);
    const reopened = await workingTimeFor(t.database.db, null);
    expect(reopened.addHours(gt('2026-10-02T16:00'), 2)).toEqual(gt('2026-10-05T09:00'));
  });

  it('removes a day (404 when gone), and a user without the key is refused', async () => {
    const added = await admin.post('/api/working-calendar/holidays', { date: '2026-10-30', name: 'Puente' });
    const id = added.json().data.id;
    expect((await admin.delete(`/api/working-calendar/holidays/${id}`)).statusCode).toBe(200);
    expect((await admin.delete(`/api/working-calendar/holidays/${id}`)).statusCode).toBe(404);
    const clerk = await createUser(t.app, await login(t.app), ['configuracion', 'configuracion_sede'], 'clerk');
    expect((await as(t.app, clerk.token).get('/api/working-calendar')).statusCode).toBe(403);
  });
});
