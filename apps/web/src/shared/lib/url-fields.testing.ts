import { expect } from 'vitest';

// Raw values as the router can hand them over (it JSON-parses each search param): strings, numbers, booleans,
// null, arrays and objects, valid and not, at each field's edges.
export const URL_VALUES: unknown[] = [
  undefined,
  null,
  true,
  0,
  1,
  2,
  -1,
  2.5,
  25,
  50,
  2_147_483_647,
  2_147_483_648,
  Number.MAX_SAFE_INTEGER + 2,
  '',
  ' ',
  '3',
  ' 10 ',
  '0x10',
  '1e1',
  'abc',
  'a',
  ' ab ',
  'niña ',
  'x'.repeat(100),
  ` ${'x'.repeat(100)} `,
  'x'.repeat(101),
  'ab\u0007',
  'tab\there',
  'F',
  ' M ',
  'f',
  'EDAD_0_5',
  'A'.repeat(40),
  'A'.repeat(41),
  'A-B',
  '01',
  '1',
  ' 01',
  '123',
  '5b3c7f1e-9d2a-4c8b-8e6f-1a2b3c4d5e6f',
  '5B3C7F1E-9D2A-4C8B-8E6F-1A2B3C4D5E6F',
  '5b3c7f1e-9d2a-9c8b-8e6f-1a2b3c4d5e6f',
  '5b3c7f1e-9d2a-4c8b-ce6f-1a2b3c4d5e6f',
  ' 5b3c7f1e-9d2a-4c8b-8e6f-1a2b3c4d5e6f',
  '00000000-0000-0000-0000-000000000000',
  'names',
  'createdAt',
  'admissionDate',
  'asc',
  'desc',
  'DESC',
  'all',
  'admitted',
  'departed',
  'today',
  'two_months',
  'week ',
  [5],
  ['a'],
  {},
  { a: 1 },
];

/**
 * Proves a list's zod-free URL reader (`urlParser`) gives what its zod contract gives: for each field alone with
 * every value of URL_VALUES, then for 2000 URLs mixing them (a fixed pseudo-random walk, so a failure repeats).
 * Extra values a field needs (its own enum members) come in `extra`.
 */
export function expectSameAsContract(
  reader: { parse: (raw: object) => unknown },
  contract: { parse: (raw: unknown) => unknown },
  fields: readonly string[],
  extra: readonly unknown[] = [],
) {
  const values = [...URL_VALUES, ...extra];
  for (const field of fields)
    for (const value of values) {
      const raw = { [field]: value };
      expect(reader.parse(raw), `${field} = ${JSON.stringify(value)}`).toEqual(contract.parse(raw));
    }
  let seed = 24;
  const next = (n: number) => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed % n;
  };
  for (let i = 0; i < 2000; i++) {
    const raw: Record<string, unknown> = { extra: 'ignored' };
    for (const field of fields) if (next(3) > 0) raw[field] = values[next(values.length)];
    expect(reader.parse(raw), JSON.stringify(raw)).toEqual(contract.parse(raw));
  }
}
