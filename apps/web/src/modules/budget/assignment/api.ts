import type { z } from 'zod';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AssignmentCopyInput,
  AssignmentItemOption,
  AssignmentRecordEntry,
  AssignmentTransactionInput,
  AssignmentTransferInput,
  Availability,
  LineAssignment,
} from '@amparo/shared/modules/assignment.schema';
import type { planningListResponse } from '@amparo/shared/modules/budget.schema';
import { api } from '../../../shared/lib/api';

type PlanningPage = z.infer<typeof planningListResponse>['data'];

/** What the availability endpoint is asked: a cell (line, item, month) and the amount being typed (Q). */
export interface AvailabilityKey {
  lineId: string;
  itemId: string;
  month: number;
  amount?: string;
}

const line = (lineId: string) => `budget/assignment/${encodeURIComponent(lineId)}`;
const cell = (lineId: string, kind: string, itemId: string) => `${line(lineId)}/${kind}/${encodeURIComponent(itemId)}`;

/** Query keys: everything under ['budget-assignment'], so a write refreshes the line, its records and the items. */
export const assignmentKeys = {
  all: ['budget-assignment'] as const,
  line: (lineId: string) => ['budget-assignment', 'line', lineId] as const,
  record: (lineId: string, itemId: string) => ['budget-assignment', 'record', lineId, itemId] as const,
  items: (search: { q?: string; itemId?: string }) => ['budget-assignment', 'items', search] as const,
  availability: (key: AvailabilityKey) => ['budget-assignment', 'availability', key] as const,
  lines: (year: number) => ['budget-assignment', 'lines', year] as const,
};

export const getLineAssignmentQueryOptions = (lineId: string) =>
  queryOptions({ queryKey: assignmentKeys.line(lineId), queryFn: () => api.get<LineAssignment>(line(lineId)) });

/** A planning line's assignment: per month planned, assigned, committed, executed, available, unassigned; per item. */
export function useLineAssignment(lineId: string) {
  return useQuery(getLineAssignmentQueryOptions(lineId));
}

/** The ledger of a line and item, oldest first (`asignacion_historial`). */
export function useAssignmentRecord(lineId: string, itemId: string) {
  return useQuery({
    queryKey: assignmentKeys.record(lineId, itemId),
    queryFn: () => api.get<AssignmentRecordEntry[]>(cell(lineId, 'record', itemId)),
  });
}

/** Items of active cooperating to assign from (at most 50), by a search term or one item's id. */
export function useAssignmentItems(search: { q?: string; itemId?: string }, enabled = true) {
  return useQuery({
    queryKey: assignmentKeys.items(search),
    queryFn: ({ signal }) => api.get<AssignmentItemOption[]>('budget/assignment-items', { query: search, signal }),
    // A search keeps the last options while the next arrive; one item asked by id never shows another.
    placeholderData: search.itemId ? undefined : keepPreviousData,
    staleTime: 30_000,
    enabled,
  });
}

/**
 * The planning lines of a year (first 100), for the transfer's line picker. Needs `presupuesto_planificacion`:
 * the caller asks only when the user holds it.
 */
export function usePlanningLinesOfYear(year: number, enabled: boolean) {
  return useQuery({
    queryKey: assignmentKeys.lines(year),
    queryFn: () =>
      api.get<PlanningPage>('budget/planning', { query: { year, pageSize: 100, sort: 'program', order: 'asc' } }),
    enabled,
    staleTime: 60_000,
  });
}

/** Availability of a cell for an amount (422 `control_unavailable` when the line has no assignment of the item). */
export function useAvailability(key: AvailabilityKey | null) {
  return useQuery({
    queryKey: assignmentKeys.availability(key ?? { lineId: '', itemId: '', month: 0 }),
    queryFn: ({ signal }) => api.get<Availability>('budget/availability', { query: { ...key }, signal }),
    enabled: key !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** After a write: the line's new figures at once, then everything else of the assignment asked again. */
function useAfterWrite(lineId: string) {
  const queryClient = useQueryClient();
  return async (data: LineAssignment) => {
    queryClient.setQueryData(assignmentKeys.line(lineId), data);
    await queryClient.invalidateQueries({
      queryKey: assignmentKeys.all,
      predicate: (q) => q.queryKey[1] !== 'line' || q.queryKey[2] !== lineId,
    });
  };
}

/** Increase or decrease what an item pays of the line, per month (`asignacion_transacciones`). */
export function useAssignmentTransaction(lineId: string, itemId: string) {
  const after = useAfterWrite(lineId);
  return useMutation({
    mutationFn: (body: AssignmentTransactionInput) =>
      api.post<LineAssignment>(cell(lineId, 'transaction', itemId), body),
    onSuccess: after,
  });
}

/** A transfer document: an amount of a month moves to another month or line of the year. */
export function useAssignmentTransfer(lineId: string, itemId: string) {
  const after = useAfterWrite(lineId);
  return useMutation({
    mutationFn: (body: AssignmentTransferInput) => api.post<LineAssignment>(cell(lineId, 'transfer', itemId), body),
    onSuccess: after,
  });
}

/** Copy an item's months of the line to another item or months (`asignacion`). */
export function useAssignmentCopy(lineId: string, itemId: string) {
  const after = useAfterWrite(lineId);
  return useMutation({
    mutationFn: (body: AssignmentCopyInput) => api.post<LineAssignment>(cell(lineId, 'copy', itemId), body),
    onSuccess: after,
  });
}
