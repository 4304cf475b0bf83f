import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { planningLines } from '../budget/planning/planning.table.ts';
import { expenseRequestQuotes, expenseRequests } from './requests.table.ts';

/** The planning lines of `ids` with their classification codes (strategic axis, program, expense type). */
export function lineCodes(db: Executor, ids: string[]) {
  if (!ids.length) return Promise.resolve([]);
  return db
    .select({
      id: planningLines.id,
      strategicAxis: planningLines.strategicAxis,
      program: planningLines.program,
      expenseType: planningLines.expenseType,
    })
    .from(planningLines)
    .where(inArray(planningLines.id, ids));
}

/** A provider's quote on a request with its attached file's columns, or null. */
export async function quoteFile(db: Executor, requestId: string, providerId: string) {
  const [row] = await db
    .select({
      id: expenseRequestQuotes.id,
      fileKey: expenseRequestQuotes.fileKey,
      fileName: expenseRequestQuotes.fileName,
      fileSizeBytes: expenseRequestQuotes.fileSizeBytes,
    })
    .from(expenseRequestQuotes)
    .where(and(eq(expenseRequestQuotes.requestId, requestId), eq(expenseRequestQuotes.providerId, providerId)))
    .limit(1);
  return row ?? null;
}

/** Writes a quote's file (content key in the file store, name as uploaded, size in bytes). */
export async function setQuoteFile(
  db: Executor,
  quoteId: string,
  file: { key: string; name: string; sizeBytes: number; updatedBy: string },
) {
  await db
    .update(expenseRequestQuotes)
    .set({ fileKey: file.key, fileName: file.name, fileSizeBytes: file.sizeBytes, updatedBy: file.updatedBy })
    .where(eq(expenseRequestQuotes.id, quoteId));
}

/** The requests with a quote taken from the agreement, newest first, with that quote's id. */
export function requestsQuotingAgreement(db: Executor, agreementId: string) {
  return db
    .select({ request: expenseRequests, quoteId: expenseRequestQuotes.id })
    .from(expenseRequestQuotes)
    .innerJoin(expenseRequests, eq(expenseRequests.id, expenseRequestQuotes.requestId))
    .where(eq(expenseRequestQuotes.agreementId, agreementId))
    .orderBy(desc(expenseRequests.createdAt), desc(expenseRequests.id));
}
