import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { as, buildTestApp, login, personBody, type TestApp } from './helpers.ts';

/**
 * A multi-step write is all or nothing (issue 10 item 7). Creating a person
 * inserts the person, grants its creator the administrator role and writes
 * the audit entry, in one transaction. Here the last step fails for real: a
 * trigger this test adds to its own database refuses the audit insert of one
 * marked person. Nothing of the first two steps may remain.
 */
describe('multi-step writes roll back when a later step fails', () => {
  let t: TestApp;
  let admin: ReturnType<typeof as>;
  const MARK = 'Reversion Prueba'; // ASCII: compared with the audit entry's JSON as text
  const count = async (query: ReturnType<typeof sql>) =>
    Number((await t.database.db.execute<{ n: number }>(query)).rows[0]!.n);

  beforeAll(async () => {
    t = await buildTestApp();
    admin = as(t.app, await login(t.app));
    await t.database.db.execute(sql`
      create function test_refuse_marked_audit() returns trigger language plpgsql as $$
      begin
        if new.entity = 'person' and new.action = 'create' and new.changes::text like ${sql.raw(`'%${MARK}%'`)} then
          raise exception 'audit insert refused by the rollback test';
        end if;
        return new;
      end $$`);
    await t.database.db.execute(
      sql`create trigger test_refuse_marked_audit before insert on audit_log for each row execute function test_refuse_marked_audit()`,
    );
  });
  afterAll(() => t.close());

  it('a person whose audit entry cannot be written leaves no person, no grant and no audit row', async () => {
    const persons = sql`select count(*)::int as n from persons`;
    const grants = sql`select count(*)::int as n from person_grants`;
    const audits = sql`select count(*)::int as n from audit_log`;
    const before = { persons: await count(persons), grants: await count(grants), audits: await count(audits) };

    const refused = await admin.post('/api/population/persons', personBody({ names: MARK }));
    expect(refused.statusCode).toBe(500);
    expect(refused.json().code).toBe('internal');
    expect({ persons: await count(persons), grants: await count(grants), audits: await count(audits) }).toEqual(before);

    // The same write without the mark goes through whole: person, grant and audit entry.
    const ok = await admin.post('/api/population/persons', personBody({ names: 'Reversión Control' }));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await count(persons)).toBe(before.persons + 1);
    expect(await count(grants)).toBe(before.grants + 1);
    expect(await count(audits)).toBeGreaterThan(before.audits);
  });
});
