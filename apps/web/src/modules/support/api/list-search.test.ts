import { describe, expect, it } from 'vitest';
import { TICKET_LEVELS, TICKET_SORTS, TICKET_STATUSES } from '@amparo/shared/modules/support.constants';
import { expectSameAsContract } from '../../../shared/lib/url-fields.testing';
import { ticketListSearch } from './list-search';
import { ticketListSearch as contract } from './list-search.contract';

const FIELDS = [
  'page',
  'pageSize',
  'scope',
  'q',
  'status',
  'type',
  'priority',
  'criticality',
  'assigneeId',
  'headquarterId',
  'age',
  'breached',
  'sort',
  'order',
] as const;

describe('the tickets list reads its URL as its contract does, without zod', () => {
  it('gives what the zod contract gives, field by field and in mixed URLs', () => {
    expectSameAsContract(ticketListSearch, contract, FIELDS, [
      ...TICKET_STATUSES,
      ...TICKET_LEVELS,
      ...TICKET_SORTS,
      'open',
      'closed',
      'mine',
      'queue',
      'none',
      'true',
      'None',
    ]);
  });

  it('an empty URL is the list with its defaults', () => {
    expect(ticketListSearch.parse({})).toEqual({
      page: 1,
      pageSize: 25,
      scope: 'mine',
      sort: 'createdAt',
      order: 'desc',
    });
  });
});
