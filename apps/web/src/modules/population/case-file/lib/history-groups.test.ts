import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../persons/api/queries';
import { groupViews } from './history-groups';

let id = 0;
const entry = (action: string, userName: string, part?: string): AuditEntry => ({
  id: String(++id),
  at: `2026-11-28T10:${String(60 - id).padStart(2, '0')}:00Z`,
  userName,
  action,
  changes: part ? { part: { before: null, after: part } } : {},
  names: {},
});

describe("the person history's folded views", () => {
  it('folds a run of views by one user into one row, keeping changes and other users apart', () => {
    const rows = groupViews([
      entry('view', 'Ana', 'attentions'),
      entry('view', 'Ana', 'links'),
      entry('view', 'Ana', 'attentions'),
      entry('view', 'Ana'),
      entry('view', 'Ana', 'documents'),
      entry('update', 'Ana'),
      entry('view', 'Ana', 'links'),
      entry('view', 'Luis', 'links'),
      entry('view', 'Luis', 'links'),
    ]);
    expect(rows.map((r) => [r.action, r.userName, r.views, r.parts])).toEqual([
      ['view', 'Ana', 5, ['attentions', 'links', 'documents']],
      ['update', 'Ana', 1, []],
      ['view', 'Ana', 1, ['links']],
      ['view', 'Luis', 2, ['links']],
    ]);
    // A folded row keeps the newest view's id and time.
    expect(rows[0]!.id).toBe(String(id - 8));
  });
});
