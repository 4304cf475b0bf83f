import type { z } from 'zod';
import { requestInboxQuery } from '@amparo/shared/modules/execution.schema';

/**
 * The inbox's URL state (?stage=&page=), checked with the inbox query contract: a hand-edited URL that does not
 * fit falls back to the first page of every stage.
 */
export const inboxSearch = requestInboxQuery.pick({ stage: true, page: true }).catch({ page: 1 });
export type InboxSearch = z.output<typeof inboxSearch>;
/** What a link to the inbox may pass. */
export type InboxSearchInput = z.input<typeof inboxSearch>;

export const INBOX_PAGE_SIZE = 25;
