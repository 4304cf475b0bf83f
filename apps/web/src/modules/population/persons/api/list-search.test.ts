import { describe, expect, it } from 'vitest';
import { personListSearch } from './list-search';
import { personListSearch as contract } from './list-search.contract';

// Raw values as the router can hand them over (it JSON-parses each search param): strings, numbers, booleans,
// null, arrays and objects, valid and not, at each field's edges.
const VALUES: unknown[] = [
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
const FIELDS = [
  'page',
  'pageSize',
  'q',
  'sort',
  'order',
  'sex',
  'ageGroup',
  'thematic',
  'state',
  'headquarterId',
  'status',
  'age',
] as const;

describe('the persons list reads its URL as its contract does, without zod', () => {
  it('gives what the zod contract gives for every field and every kind of value', () => {
    for (const field of FIELDS)
      for (const value of VALUES) {
        const raw = { [field]: value };
        expect(personListSearch.parse(raw), `${field} = ${JSON.stringify(value)}`).toEqual(contract.parse(raw));
      }
  });

  it('gives what the contract gives for mixed URLs (a fixed pseudo-random walk)', () => {
    let seed = 24;
    const next = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % n;
    };
    for (let i = 0; i < 2000; i++) {
      const raw: Record<string, unknown> = { extra: 'ignored' };
      for (const field of FIELDS) if (next(3) > 0) raw[field] = VALUES[next(VALUES.length)];
      expect(personListSearch.parse(raw), JSON.stringify(raw)).toEqual(contract.parse(raw));
    }
  });

  it('an empty URL is the list with its defaults', () => {
    expect(personListSearch.parse({})).toEqual({
      page: 1,
      pageSize: 25,
      sort: 'createdAt',
      order: 'desc',
      status: 'all',
    });
  });
});
