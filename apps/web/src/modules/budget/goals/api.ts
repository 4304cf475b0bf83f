import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LineGoals } from '@amparo/shared/modules/budget.schema';
import { api } from '../../../shared/lib/api';

export type { LineGoals };

/** Under ['budget', 'planning', id]: saving or deleting the line refreshes its goals too. */
export const getLineGoalsQueryOptions = (lineId: string) =>
  queryOptions({
    queryKey: ['budget', 'planning', lineId, 'goals'] as const,
    queryFn: ({ signal }) => api.get<LineGoals>(`budget/planning/${encodeURIComponent(lineId)}/goals`, { signal }),
  });

/** GET /api/budget/planning/:id/goals: per month the line's goal against the records that executed it. */
export function useLineGoals(lineId: string) {
  return useQuery(getLineGoalsQueryOptions(lineId));
}

/** The record kinds that execute a line, always shown (the server names them in `bySource`); others follow. */
export const KNOWN_SOURCES = ['activities', 'attentions'] as const;

/** The sources to show as columns: the known ones, then any other the server counted. */
export function sourcesOf(goals: LineGoals): string[] {
  const found = goals.months.flatMap((m) => Object.keys(m.bySource));
  return [...new Set<string>([...KNOWN_SOURCES, ...found])];
}
