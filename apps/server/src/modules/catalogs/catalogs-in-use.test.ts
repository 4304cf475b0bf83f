import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { CATALOG_NAMES } from '@amparo/shared/modules/catalogs.schema';
import { as, buildTestApp, login, personBody, planningBody, type TestApp } from '../../../test/helpers.ts';

/**
 * Issue 9 item 9: an item in use cannot be deleted, whichever module's record
 * uses it. One case per column the modules registered (app.catalogColumns):
 * a record of that table is made to use a fresh item, and deleting the item
 * answers 409 `in_use`; an unused item of the same catalog still deletes.
 */

/** Catalogs no stored column holds yet, with the reason. */
const NOT_STORED: Record<string, string> = {
  departure_reason_collaborator: 'for the collaborators module (human talent), not built yet',
};

describe('catalog items in use, for every registered catalog column', () => {
  let t: TestApp;
  let admin: ReturnType<typeof as>;
  let n = 0;
  const newItem = async (catalog: string): Promise<{ id: string; code: string }> => {
    n += 1;
    // A program sits under a strategic axis (issue 13 section 1).
    const parent = catalog === 'program' ? (await newItem('strategic_axis')).code : undefined;
    const res = await admin.post('/api/catalogs/items', {
      catalog,
      code: `EN_USO_${n}`,
      es: `En uso ${n}`,
      en: `In use ${n}`,
      parent,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { id: string; code: string };
  };

  beforeAll(async () => {
    t = await buildTestApp();
    const token = await login(t.app);
    admin = as(t.app, token);
    const me =
      (await admin.get('/api/users')).json().data.items?.[0]?.id ?? (await admin.get('/api/users')).json().data[0]?.id;
    // One record in every table that holds catalog codes.
    const person = (await admin.post('/api/population/persons', personBody())).json().data.id as string;
    await t.database.db.execute(
      sql`insert into person_periods (person_id, admission_date, departure_date) values (${person}, '2024-01-01', '2024-06-30')`,
    );
    expect(
      (
        await admin.post(`/api/population/persons/${person}/links`, {
          names: 'Rosa',
          lastNames: 'Ajú',
          sex: 'F',
          bond: 'TIO',
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await admin.post(`/api/population/persons/${person}/perpetrators`, {
          names: 'X',
          sex: 'M',
          bond: 'TIO',
          thematic: ['NEGLIGENCIA'],
          reported: true,
          reportedTo: ['MP'],
        })
      ).statusCode,
    ).toBe(200);
    const attention = await admin.post(`/api/population/persons/${person}/attentions`, {
      attendedAt: '2026-10-01T09:30',
      professionalId: me,
      area: 'LEGAL',
      modality: 'INDIVIDUAL',
      durationMinutes: 30,
      summary: 'Sesión',
    });
    expect(attention.statusCode, attention.body).toBe(200);
    expect(
      (
        await admin.post('/api/documentation/documents', {
          title: 'Acta',
          documentType: 'ACTA',
          documentDate: '2026-11-02',
          tags: [],
        })
      ).statusCode,
    ).toBe(200);
    const activity = await admin.post('/api/population/activities', {
      name: 'Taller',
      activityType: 'TALLER',
      startsAt: '2026-11-20T09:00',
      state: '07',
      town: '0701',
      facilitatorIds: [me],
      thematic: ['NEGLIGENCIA'],
      unregistered: [
        { sex: 'F', ageGroup: (await admin.post('/api/catalog/age_group', {})).json().data[0].code, count: 3 },
      ],
    });
    expect(activity.statusCode, activity.body).toBe(200);
    const hq = await admin.post('/api/headquarters', { code: 'CIU', name: 'Sede', country: 'GT', state: '01' });
    const ticket = await admin.post('/api/support/tickets', {
      type: 'SOFTWARE',
      priority: 'baja',
      criticality: 'baja',
      headquarterId: hq.json().data.id,
      subject: 'Sistema',
      description: 'No abre el sistema',
    });
    expect(ticket.statusCode, ticket.body).toBe(200);
    const line = await admin.post(
      '/api/budget/planning',
      await planningBody(admin, { headquarterId: hq.json().data.id }),
    );
    expect(line.statusCode, line.body).toBe(200);
  });
  afterAll(() => t.close());

  it('covers every catalog that records store', () => {
    const registered = new Set(t.app.catalogColumns.list().map((c) => c.catalog));
    const uncovered = CATALOG_NAMES.filter((c) => !registered.has(c) && !(c in NOT_STORED));
    expect(uncovered).toEqual([]);
    // Columns of every module: population, case file, person file, activities, documentation, support.
    expect(new Set(t.app.catalogColumns.list().map((c) => c.table))).toEqual(
      new Set([
        'persons',
        'person_periods',
        'person_links',
        'person_perpetrators',
        'attentions',
        'activities',
        'activity_unregistered',
        'documents',
        'support_tickets',
        // A program's strategic axis (issue 13 section 1), a planning line's classification (section 3).
        'catalog_items',
        'planning_lines',
      ]),
    );
  });

  it('refuses to delete an item any registered column uses (409 in_use), and deletes an unused one', async () => {
    const failures: string[] = [];
    for (const c of t.app.catalogColumns.list()) {
      const used = await newItem(c.catalog);
      const target = sql.raw(`"${c.table}"`);
      const column = sql.raw(`"${c.column}"`);
      const value = c.array ? sql`array_append(${column}, ${used.code})` : sql`${used.code}`;
      const updated = await t.database.db.execute(
        sql`update ${target} set ${column} = ${value} where ctid = (select ctid from ${target} limit 1)`,
      );
      const changed = updated as unknown as { affectedRows?: number; rowCount?: number };
      expect(changed.affectedRows ?? changed.rowCount, `a row of ${c.table}`).toBe(1);
      const res = await admin.delete(`/api/catalogs/items/${used.id}`);
      if (res.statusCode !== 409 || res.json().code !== 'in_use')
        failures.push(`${c.catalog} in ${c.table}.${c.column}: ${res.statusCode}`);
      if (c.catalog === 'age_group') continue; // its ranges define the groups: never deleted
      const unused = await newItem(c.catalog);
      const ok = await admin.delete(`/api/catalogs/items/${unused.id}`);
      if (ok.statusCode !== 200) failures.push(`${c.catalog}: unused item answered ${ok.statusCode}`);
    }
    expect(failures).toEqual([]);
  });
});
