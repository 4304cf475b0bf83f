import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ExecutionBudget, ExecutionBudgetRequest } from '@amparo/shared/modules/execution-budget.schema';
import { api } from '../../../shared/lib/api';
import { downloadFile } from '../../../shared/lib/download';
import { budgetFilters, queryString, type BudgetViewSearch } from '../lib/budget-search';
import { executionKeys } from './queries';

type Paged<T> = { items: T[]; page: number; pageSize: number; total: number; totalCapped: boolean };

/** The budget's execution for the page's filters (issue 27 section 3). */
export function useExecutionBudget(search: BudgetViewSearch) {
  const q = queryString(budgetFilters(search));
  return useQuery({
    queryKey: [...executionKeys.all, 'budget', q],
    queryFn: () => api.get<ExecutionBudget>(`execution/budget?${q}`),
    placeholderData: keepPreviousData,
  });
}

/** The requests behind the figures of the page's filters, a page of 25. */
export function useBudgetRequests(search: BudgetViewSearch) {
  const { by: _by, ...filters } = budgetFilters(search);
  const q = queryString({ ...filters, page: search.page, pageSize: 25 });
  return useQuery({
    queryKey: [...executionKeys.all, 'budget-requests', q],
    queryFn: () => api.get<Paged<ExecutionBudgetRequest>>(`execution/budget/requests?${q}`),
    placeholderData: keepPreviousData,
  });
}

/** The view as xlsx or PDF, in `lang`, saved as the server names it. */
export function downloadExecutionBudget(format: 'xlsx' | 'pdf', lang: 'es' | 'en', search: BudgetViewSearch) {
  const q = queryString({ ...budgetFilters(search), format, lang });
  return downloadFile(`/api/execution/budget/export?${q}`, `ejecucion-presupuestaria.${format}`);
}
