import { describe, expect, it } from 'vitest';
import { PLANNING_SORTS } from '@amparo/shared/modules/budget.constants';
import { expectSameAsContract } from '../../../../shared/lib/url-fields.testing';
import { planningSearch } from './list-search';
import { planningSearch as contract } from './list-search.contract';
import { currentYear } from '../../shared/years';

const FIELDS = [
  'page',
  'pageSize',
  'year',
  'strategicAxis',
  'program',
  'expenseType',
  'responsibleId',
  'headquarterId',
  'cooperatingId',
  'sort',
  'order',
] as const;

describe('the planning list reads its URL as its contract does, without zod', () => {
  it('gives what the zod contract gives, field by field and in mixed URLs', () => {
    expectSameAsContract(planningSearch, contract, FIELDS, [
      ...PLANNING_SORTS,
      1999,
      2000,
      2100,
      2101,
      '2026',
      ' 2030 ',
      2026.5,
    ]);
  });

  it("an empty URL is this year's list with its defaults", () => {
    expect(planningSearch.parse({})).toEqual({
      page: 1,
      pageSize: 25,
      year: currentYear(),
      sort: 'strategicAxis',
      order: 'asc',
    });
  });
});
