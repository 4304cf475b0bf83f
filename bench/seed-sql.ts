import pg from 'pg';

/**
 * What the benchmarks that seed a PostgreSQL database in SQL share (budget.ts, execution.ts): a database of their
 * own, dropped and created again each run, and identifiers derived from numbers so each statement finds the rows
 * of the ones before it without reading them back.
 */

/** Drops the database of `url` (closing its sessions) and creates it empty. */
export async function recreateDatabase(url: string) {
  const admin = new URL(url);
  const name = admin.pathname.slice(1);
  admin.pathname = '/postgres';
  const c = new pg.Client({ connectionString: admin.toString() });
  await c.connect();
  await c.query(`drop database if exists "${name}" with (force)`);
  await c.query(`create database "${name}"`);
  await c.end();
}

/** SQL: a version-4-shaped UUID from md5 of a text (z.uuid wants the version and variant digits). */
export const uuidOf = (text: string) => `overlay(overlay(md5(${text}) placing '4' from 13) placing '8' from 17)::uuid`;

/** SQL: `prefix` and the number `n` on two digits ('EJE07'). */
export const code2 = (prefix: string, n: string) => `'${prefix}' || lpad((${n})::text, 2, '0')`;
