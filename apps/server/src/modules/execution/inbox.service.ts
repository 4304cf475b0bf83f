import type { z } from 'zod';
import type { RequestStatus, requestInboxQuery } from '@amparo/shared/modules/execution.schema';
import type { Db } from '../../db/client.ts';
import type { UserActor } from '../../lib/actor.ts';
import { waitingSql } from '../../lib/workflow/inbox.ts';
import * as repo from './inbox.repository.ts';
import { requestSummaryOf } from './requests.service.ts';
import { requestWorkflow } from './requests.workflow.ts';

/**
 * An approver's inbox (`GET /api/execution/inbox`, issue 26 section 5): a page of the requests waiting for the
 * caller to move them (the chain's rules, no self-approval, and delegations in force now, as the dashboard's
 * inbox decides), urgent first, then the longest waiting; `stage` narrows to one status; `stages` counts each
 * status. Each row says for whom the caller would act (`actingForName`) and since when it waits (ISO instant).
 */
export async function requestInbox(db: Db, actor: UserActor, query: z.output<typeof requestInboxQuery>) {
  const waiting = await waitingSql(db, requestWorkflow, actor.userId);
  const { items, total, totalCapped, stages } = await repo.inboxPage(db, waiting, query);
  return {
    items: items.map(({ row, requesterName, lineCount, actingFor }) => ({
      ...requestSummaryOf(row, requesterName, lineCount),
      since: row.stageEnteredAt.toISOString(),
      actingForName: actingFor,
    })),
    page: query.page,
    pageSize: query.pageSize,
    total,
    totalCapped,
    stages: stages.map((s) => ({ status: s.status as RequestStatus, count: s.count, capped: s.capped })),
  };
}
