import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { todayInGuatemala } from '@amparo/shared/format';
import { ITEM_AGES, type ItemAge } from '@amparo/shared/validation';
import { as, buildTestApp, login, personBody, type TestApp } from './helpers.ts';

/**
 * The age-of-item filter (spec section 9) on the persons, activities, documents and users lists and the persons
 * export: rows whose `created_at` is set at known instants appear or not per value, in America/Guatemala time.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
// Guatemala keeps UTC-6 all year (no daylight saving since 2006): its midnight today, as an instant.
const guatemalaMidnight = () => new Date(`${todayInGuatemala()}T00:00:00-06:00`);

/** Creation instants, and the ages each one falls in. */
const ROWS = {
  now: { at: () => new Date(), in: ['today', 'week', 'month', 'two_months'] },
  // One minute before Guatemala's midnight: yesterday there, although it may be today in UTC.
  lastNight: {
    at: () => new Date(guatemalaMidnight().getTime() - 60_000),
    in: ['yesterday', 'week', 'month', 'two_months'],
  },
  // One minute before yesterday began: two days ago.
  twoDays: { at: () => new Date(guatemalaMidnight().getTime() - DAY - 60_000), in: ['week', 'month', 'two_months'] },
  sixDays: { at: () => new Date(Date.now() - 6 * DAY - HOUR), in: ['week', 'month', 'two_months'] },
  eightDays: { at: () => new Date(Date.now() - 8 * DAY), in: ['month', 'two_months'] },
  // A calendar month is at most 31 days, two at most 62.
  fortyDays: { at: () => new Date(Date.now() - 40 * DAY), in: ['two_months'] },
  seventyDays: { at: () => new Date(Date.now() - 70 * DAY), in: [] },
} as const satisfies Record<string, { at: () => Date; in: readonly ItemAge[] }>;
type Label = keyof typeof ROWS;
const LABELS = Object.keys(ROWS) as Label[];
const AGES: ItemAge[] = [...ITEM_AGES];

/** Labels expected under `age` (all of them without it), sorted. */
const expected = (age: ItemAge | null) =>
  LABELS.filter((l) => age === null || (ROWS[l].in as readonly ItemAge[]).includes(age)).sort();

/** Letters only, so it passes the name rules and the search. */
const marker = () =>
  'Edad' +
  [...randomBytes(8)]
    .map((b) => String.fromCharCode(97 + (b % 26)))
    .join('')
    .slice(0, 8);

describe('age-of-item filter (spec section 9) on the lists', () => {
  let t: TestApp;
  let admin: ReturnType<typeof as>;
  let adminId: string;

  const setCreated = async (table: string, id: string, at: Date) => {
    await t.database.db.execute(
      sql`update ${sql.identifier(table)} set created_at = ${at.toISOString()} where id = ${id}`,
    );
  };

  /** Makes one row per label through the API (`create` returns its id) and dates it. */
  const seed = async (table: string, create: (label: Label) => Promise<string>) => {
    const ids: Record<string, Label> = {};
    for (const label of LABELS) {
      const id = await create(label);
      await setCreated(table, id, ROWS[label].at());
      ids[id] = label;
    }
    return ids;
  };

  /** Checks a list with every age, without one, and a bad value. `url(age)` names the list for the marker. */
  const checkList = async (
    url: (age: ItemAge | null) => string,
    labelsOf: (items: Record<string, unknown>[]) => string[],
  ) => {
    for (const age of [null, ...AGES]) {
      const res = await admin.get(url(age));
      expect(res.statusCode, res.body).toBe(200);
      expect(labelsOf(res.json().data.items).sort(), `age=${age}`).toEqual(expected(age));
    }
    const bad = await admin.get(url(null).replace('?', '?age=fortnight&'));
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['content-type']).toContain('application/problem+json');
    expect(bad.json()).toMatchObject({ code: 'validation', errors: [{ field: 'age', code: 'invalid' }] });
  };

  const withAge = (base: string, age: ItemAge | null) => (age ? `${base}&age=${age}` : base);

  beforeAll(async () => {
    t = await buildTestApp();
    admin = as(t.app, await login(t.app));
    adminId = (await admin.post('/api/user-check')).json().data.user.id;
  });
  afterAll(() => t.close());

  it('persons list and its xlsx export', async () => {
    const lastNames = marker();
    const ids = await seed('persons', async (label) => {
      const res = await admin.post('/api/population/persons', personBody({ names: label, lastNames }));
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.id as string;
    });
    await checkList(
      (age) => withAge(`/api/population/persons?q=${lastNames}`, age),
      (items) => items.map((p) => ids[p.id as string]!),
    );
    for (const age of [null, ...AGES]) {
      const res = await admin.get(withAge(`/api/population/persons/export?q=${lastNames}`, age));
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-export-rows'], `export age=${age}`).toBe(String(expected(age).length));
    }
    expect((await admin.get(`/api/population/persons/export?age=soon`)).statusCode).toBe(400);
  });

  it('activities list (on created_at, not the start date)', async () => {
    const name = marker();
    const ids = await seed('activities', async (label) => {
      const res = await admin.post('/api/population/activities', {
        name: `${name} ${label}`,
        activityType: 'TALLER',
        startsAt: '2026-11-20T14:30',
        state: '07',
        town: '0701',
        facilitatorIds: [adminId],
        thematic: [],
        unregistered: [],
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.id as string;
    });
    await checkList(
      (age) => withAge(`/api/population/activities?q=${name}`, age),
      (items) => items.map((a) => ids[a.id as string]!),
    );
  });

  it('documents list (on created_at, not the document date)', async () => {
    const title = marker();
    const ids = await seed('documents', async (label) => {
      const res = await admin.post('/api/documentation/documents', {
        title: `${title} ${label}`,
        documentType: 'ACTA',
        documentDate: '2026-11-02',
        tags: [],
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.id as string;
    });
    await checkList(
      (age) => withAge(`/api/documentation/documents?q=${title}`, age),
      (items) => items.map((d) => ids[d.id as string]!),
    );
  });

  it('users list', async () => {
    const fullName = marker();
    const ids = await seed('users', async (label) => {
      const username = `${fullName}${label}`.toLowerCase();
      const res = await admin.post('/api/users', {
        username,
        password: 'Clave-Segura-1',
        fullName: `${fullName} ${label}`,
        email: `${username}@amparo.test`,
        roleId: null,
        active: true,
        extraPermissions: [],
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.id as string;
    });
    await checkList(
      (age) => withAge(`/api/users?q=${fullName}`, age),
      (items) => items.map((u) => ids[u.id as string]!),
    );
  });
});
