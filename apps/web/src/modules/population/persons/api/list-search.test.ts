import { describe, expect, it } from 'vitest';
import { expectSameAsContract } from '../../../../shared/lib/url-fields.testing';
import { personListSearch } from './list-search';
import { personListSearch as contract } from './list-search.contract';

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
  it('gives what the zod contract gives, field by field and in mixed URLs', () => {
    expectSameAsContract(personListSearch, contract, FIELDS);
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
