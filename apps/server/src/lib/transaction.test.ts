import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { as, buildTestApp, login, type TestApp } from '../../test/helpers.ts';
import { AppError } from './errors.ts';
import { inTransaction } from './transaction.ts';

/**
 * Issue 25 section 2: a deadlock victim or a serialization failure is run once more, then answered as a retryable
 * 409 `write_conflict` with Retry-After, never a 500. The failures are real PostgreSQL errors (RAISE with the
 * SQLSTATE), on both engines.
 */
describe('transactions that meet another writer', () => {
  let t: TestApp;
  let admin: ReturnType<typeof as>;
  /** Rounds left in which the probe's statement fails as a deadlock victim. */
  let failures = 0;
  const fail = (code: string) => sql.raw(`do $$ begin raise exception 'probe' using errcode = '${code}'; end $$`);
  beforeAll(async () => {
    t = await buildTestApp(
      {},
      {
        beforeReady: (app, database) => {
          for (const retried of [false, true])
            app.post(
              `/api/transaction-probe/${retried ? 'retried' : 'plain'}`,
              { config: { permission: 'configuracion_sede' }, schema: { summary: 'A write that deadlocks (test)' } },
              async () => {
                const work = async (tx: Parameters<Parameters<typeof database.db.transaction>[0]>[0]) => {
                  if (failures-- > 0) await tx.execute(fail('40P01'));
                  return { success: true };
                };
                return retried ? inTransaction(database.db, work) : database.db.transaction(work);
              },
            );
        },
      },
    );
    admin = as(t.app, await login(t.app));
    await t.database.db.execute(sql`create table transaction_probe (n int)`);
  });
  afterAll(() => t.close());

  const rows = async () =>
    (await t.database.db.execute<{ n: number }>(sql`select n from transaction_probe order by n`)).rows.map((r) => r.n);

  it('runs the work again after a deadlock, with what the first attempt wrote rolled back', async () => {
    let attempts = 0;
    const result = await inTransaction(t.database.db, async (tx) => {
      attempts += 1;
      await tx.execute(sql`insert into transaction_probe values (${attempts})`);
      if (attempts === 1) await tx.execute(fail('40P01'));
      return 'done';
    });
    expect([result, attempts, await rows()]).toEqual(['done', 2, [2]]);
  });

  it('answers 409 write_conflict with Retry-After when the second attempt fails too; other errors pass once', async () => {
    let attempts = 0;
    const conflict = await inTransaction(t.database.db, async (tx) => {
      attempts += 1;
      await tx.execute(fail('40001'));
    }).catch((e: unknown) => e);
    expect(conflict).toBeInstanceOf(AppError);
    expect(conflict).toMatchObject({ status: 409, code: 'write_conflict', headers: { 'retry-after': '1' } });
    expect(attempts).toBe(2);
    attempts = 0;
    const other = await inTransaction(t.database.db, async (tx) => {
      attempts += 1;
      await tx.execute(fail('23505'));
    }).catch((e: unknown) => e);
    expect(other).not.toBeInstanceOf(AppError);
    expect(attempts).toBe(1);
  });

  it('answers a deadlock as a retryable 409, never a 500, with or without the retry', async () => {
    failures = 1;
    expect((await admin.post('/api/transaction-probe/retried', {})).statusCode).toBe(200);
    failures = 2;
    const twice = await admin.post('/api/transaction-probe/retried', {});
    expect([twice.statusCode, twice.headers['retry-after'], twice.json().code]).toEqual([409, '1', 'write_conflict']);
    failures = 1;
    const plain = await admin.post('/api/transaction-probe/plain', {});
    expect([plain.statusCode, plain.headers['retry-after'], plain.json().code]).toEqual([409, '1', 'write_conflict']);
  });
});
