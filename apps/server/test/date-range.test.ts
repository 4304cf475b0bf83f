import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_DATE, MIN_DATE } from '@amparo/shared/validation';
import { as, buildTestApp, login, type TestApp } from './helpers.ts';
import {
  branches,
  hasType,
  isDateSchema,
  isDateTimeSchema,
  leaves,
  openApiOf,
  withValue,
  type Operation,
  type Schema,
} from './openapi.ts';

/**
 * Issue 23 section 4 ("Year 0000 in the activities list"): every date of every query and JSON body is
 * range-checked by the shared contract, years 1900–2100 (MIN_DATE..MAX_DATE). Generated from the registered
 * routes through the OpenAPI document the zod contracts produce: each query parameter or body field that is a
 * date (`format: date`) or a local date-time (`localDateTime`, a pattern with a T) gets year 0000, 1899 and
 * 2101, sent by the test admin (every key, so the permission never answers first), and must answer 400
 * problem+json with `date_out_of_range` on that field (params min and max), never a 500 from PostgreSQL nor a 200.
 * A date declared as a plain string would escape the walk: a string field named like a date must be one.
 */

/** Field names that say "date": a new one must be `isoDate`/`optionalDate`/`optionalBirthDate`/`localDateTime`. */
const DATE_LIKE_NAME = /(date|Date|On|At)$|^(from|to|asOf|since|until)$/;

interface DateField {
  method: string;
  path: string;
  where: 'query' | 'body';
  field: (string | number)[];
  kind: 'date' | 'date-time';
}

/** A path parameter's value valid for its schema (so validation reaches the query or body). */
function pathValue(schema: Schema | undefined): string {
  const b = branches(schema);
  if (b.some((s) => s.format === 'uuid')) return randomUUID();
  const values = b.flatMap((s) => s.enum ?? []);
  if (values.length) return String(values[0]);
  if (hasType(schema, 'integer') || hasType(schema, 'number')) return '2026';
  return 'referrer';
}

function dateFields(doc: ReturnType<typeof openApiOf>): { fields: DateField[]; misnamed: string[] } {
  const fields: DateField[] = [];
  const misnamed: string[] = [];
  const consider = (
    method: string,
    path: string,
    where: 'query' | 'body',
    field: (string | number)[],
    schema: Schema | undefined,
  ) => {
    const kind = isDateSchema(schema) ? 'date' : isDateTimeSchema(schema) ? 'date-time' : null;
    if (kind) fields.push({ method, path, where, field, kind });
    else if (hasType(schema, 'string') && DATE_LIKE_NAME.test(String(field.at(-1))))
      misnamed.push(`${method} ${path} ${where} ${field.join('.')}`);
  };
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [m, op] of Object.entries(ops) as [string, Operation][]) {
      const method = m.toUpperCase();
      for (const p of (op.parameters ?? []).filter((x) => x.in === 'query'))
        consider(method, path, 'query', [p.name], p.schema);
      for (const leaf of leaves(op.requestBody?.content?.['application/json']?.schema))
        consider(method, path, 'body', leaf.path, leaf.schema);
    }
  }
  return { fields, misnamed };
}

describe('every date of every query and body is within 1900–2100 (issue 23 section 4)', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await buildTestApp();
    token = await login(t.app);
  });
  afterAll(() => t?.close());

  it('the OpenAPI document covers every registered route (none escapes the walk)', () => {
    const doc = openApiOf(t.app);
    const documented = new Set(
      Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`)),
    );
    const missing = t.app.apiRoutes
      .map((r) => `${r.method} ${r.url.replace(/:(\w+)/g, '{$1}')}`)
      .filter((k) => !documented.has(k));
    expect(missing).toEqual([]);
  });

  it('no string field named like a date is a plain string', () => {
    expect(dateFields(openApiOf(t.app)).misnamed).toEqual([]);
  });

  it('years 0000, 1899 and 2101 answer 400 date_out_of_range on the field, on every route', async () => {
    const doc = openApiOf(t.app);
    const { fields } = dateFields(doc);
    const names = fields.map((f) => `${f.method} ${f.path} ${f.where} ${f.field.join('.')}`);
    // The walk finds the dates it must (the issue's own case first), and many more.
    for (const known of [
      'GET /api/population/activities query from',
      'GET /api/population/activities query to',
      'GET /api/security-log query from',
      'GET /api/budget/summary/funders query asOf',
      'POST /api/population/persons body birthDate',
      'POST /api/documentation/documents body documentDate',
      'PUT /api/support/tickets/{id} body followUpDate',
      'POST /api/cooperating/{id}/disbursements body date',
      'POST /api/population/activities body startsAt',
    ])
      expect(names).toContain(known);
    expect(fields.length).toBeGreaterThanOrEqual(30);

    const admin = as(t.app, token);
    const failures: string[] = [];
    let sent = 0;
    for (const f of fields) {
      const op = doc.paths[f.path]![f.method.toLowerCase()]!;
      const params = Object.fromEntries(
        (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => [p.name, pathValue(p.schema)]),
      );
      const path = f.path.replace(/\{(\w+)\}/g, (_m, name: string) => params[name]!);
      for (const year of ['0000', '1899', '2101']) {
        const value = f.kind === 'date' ? `${year}-06-15` : `${year}-06-15T10:00`;
        const label = `${f.method} ${f.path} ${f.where} ${f.field.join('.')}=${value}`;
        const res =
          f.where === 'query'
            ? await admin.get(`${path}?${encodeURIComponent(String(f.field[0]))}=${value}`)
            : await t.app.inject({
                method: f.method as 'POST' | 'PUT',
                url: path,
                payload: withValue({}, f.field, value),
                headers: { authorization: `Bearer ${token}` },
              });
        sent += 1;
        const problem = res.headers['content-type']?.toString().startsWith('application/problem+json')
          ? (res.json() as {
              code?: string;
              errors?: { field: string; code: string; params?: Record<string, unknown> }[];
            })
          : null;
        const error = problem?.errors?.find((e) => e.field === f.field.join('.'));
        const min = error?.params?.min;
        const max = error?.params?.max;
        const ranged =
          error?.code === 'date_out_of_range' &&
          typeof min === 'string' &&
          typeof max === 'string' &&
          min >= MIN_DATE &&
          max <= MAX_DATE;
        if (res.statusCode !== 400 || problem?.code !== 'validation' || !ranged)
          failures.push(`${label} → ${res.statusCode} ${error ? JSON.stringify(error) : res.body.slice(0, 200)}`);
      }
    }
    expect(sent).toBe(fields.length * 3);
    expect(failures).toEqual([]);
  }, 120_000);
});
