import type { AuditEntry } from '../../persons/api/queries';

/** A history row: one entry, or a run of views by one user folded into the newest of them. */
export type HistoryRow = AuditEntry & {
  /** How many views the row stands for (1: a single entry). */
  views: number;
  /** The parts those views read ('links', 'attentions'...), each once, newest first. */
  parts: string[];
};

/**
 * Folds each run of consecutive `view` entries by the same user into one row (issue 24 section 6, item 11:
 * "consulted 5 tabs"), so the changes between them stand out. Entries come newest first; a row keeps the newest
 * view's time and id. A change, or a view by someone else, ends the run. Nothing is dropped: `views` counts them.
 */
export function groupViews(entries: readonly AuditEntry[]): HistoryRow[] {
  const rows: HistoryRow[] = [];
  for (const entry of entries) {
    const part = entry.changes.part?.after;
    const last = rows.at(-1);
    if (entry.action === 'view' && last?.action === 'view' && last.userName === entry.userName) {
      last.views += 1;
      if (typeof part === 'string' && !last.parts.includes(part)) last.parts.push(part);
      continue;
    }
    rows.push({ ...entry, views: 1, parts: entry.action === 'view' && typeof part === 'string' ? [part] : [] });
  }
  return rows;
}
