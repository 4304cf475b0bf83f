import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { expenseRequestInvoices as I } from './invoices.table.ts';
import { expenseRequestRefunds as F } from './liquidation.table.ts';

/** A stored scan: its key in the file store (content hash), name, MIME type and size (bytes). */
export interface StoredScan {
  key: string;
  name: string;
  mime: string;
  sizeBytes: number;
}

/** An invoice's scan, or null when the invoice is not the request's (`key` null: none attached). */
export async function invoiceScan(db: Executor, requestId: string, invoiceId: string) {
  const [row] = await db
    .select({ key: I.scanKey, name: I.scanName, mime: I.scanMime, sizeBytes: I.scanSizeBytes })
    .from(I)
    .where(and(eq(I.requestId, requestId), eq(I.id, invoiceId)));
  return row ?? null;
}

/** Writes an invoice's scan; returns the key it replaced (null: none). */
export async function setInvoiceScan(
  db: Executor,
  requestId: string,
  invoiceId: string,
  scan: StoredScan,
  userId: string,
): Promise<string | null> {
  const before = await invoiceScan(db, requestId, invoiceId);
  await db
    .update(I)
    .set({
      scanKey: scan.key,
      scanName: scan.name,
      scanMime: scan.mime,
      scanSizeBytes: scan.sizeBytes,
      version: sql`${I.version} + 1`,
      updatedAt: sql`now()`,
      updatedBy: userId,
    })
    .where(and(eq(I.requestId, requestId), eq(I.id, invoiceId)));
  return before?.key ?? null;
}

/** The request's refund with its deposit slip, or null. */
export async function slip(db: Executor, requestId: string) {
  const [row] = await db
    .select({ status: F.status, key: F.slipKey, name: F.slipName, mime: F.slipMime, sizeBytes: F.slipSizeBytes })
    .from(F)
    .where(eq(F.requestId, requestId));
  return row ?? null;
}

/** Writes the refund's deposit slip; returns the key it replaced (null: none). */
export async function setSlip(db: Executor, requestId: string, scan: StoredScan, userId: string) {
  const before = await slip(db, requestId);
  await db
    .update(F)
    .set({
      slipKey: scan.key,
      slipName: scan.name,
      slipMime: scan.mime,
      slipSizeBytes: scan.sizeBytes,
      version: sql`${F.version} + 1`,
      updatedAt: sql`now()`,
      updatedBy: userId,
    })
    .where(eq(F.requestId, requestId));
  return before?.key ?? null;
}
