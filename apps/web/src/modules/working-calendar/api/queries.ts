import type { z } from 'zod';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  workingCalendarResponse,
  workingHolidayInput,
  workingHolidayResponse,
} from '@amparo/shared/modules/working-calendar.schema';
import { api } from '../../../shared/lib/api';

type Calendar = z.infer<typeof workingCalendarResponse>['data'];

/** A year of the working calendar: Guatemala's public holidays and the charity's own days. */
export function useWorkingCalendar(year: number) {
  return useQuery({
    queryKey: ['working-calendar', year],
    queryFn: () => api.get<Calendar>('working-calendar', { query: { year } }),
    placeholderData: keepPreviousData,
  });
}

export function useAddHoliday() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof workingHolidayInput>) =>
      api.post<z.infer<typeof workingHolidayResponse>['data']>('working-calendar/holidays', body),
    onSuccess: () => client.invalidateQueries({ queryKey: ['working-calendar'] }),
  });
}

export function useRemoveHoliday() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<object>(`working-calendar/holidays/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: ['working-calendar'] }),
  });
}
