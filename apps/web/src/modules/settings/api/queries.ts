import type { z } from 'zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  SettingHistory,
  SettingSummary,
  settingValueInput,
  settingValueUpdate,
} from '@amparo/shared/modules/settings.schema';
import { api } from '../../../shared/lib/api';

const path = (key: string) => `settings/${encodeURIComponent(key)}`;

/** Every dated setting with the value in force today and the next scheduled one. */
export function useSettings() {
  return useQuery({ queryKey: ['settings'], queryFn: () => api.get<SettingSummary[]>('settings') });
}

/** One setting's every value, oldest first, each past, current or scheduled. */
export function useSettingHistory(key: string | undefined) {
  return useQuery({
    queryKey: ['settings', key],
    queryFn: () => api.get<SettingHistory>(path(key!)),
    enabled: !!key,
  });
}

/** A write answers the key's history: it is shown at once, and the list is read again. */
function useOnSaved(key: string) {
  const client = useQueryClient();
  return (history: SettingHistory) => {
    client.setQueryData(['settings', key], history);
    return client.invalidateQueries({ queryKey: ['settings'], exact: true });
  };
}

export function useAddSettingValue(key: string) {
  const onSuccess = useOnSaved(key);
  return useMutation({
    mutationFn: (body: z.input<typeof settingValueInput>) => api.post<SettingHistory>(`${path(key)}/values`, body),
    onSuccess,
  });
}

export function useUpdateSettingValue(key: string) {
  const onSuccess = useOnSaved(key);
  return useMutation({
    mutationFn: ({ id, ...body }: z.input<typeof settingValueUpdate> & { id: string }) =>
      api.put<SettingHistory>(`${path(key)}/values/${id}`, body),
    onSuccess,
  });
}

export function useDeleteSettingValue(key: string) {
  const onSuccess = useOnSaved(key);
  return useMutation({
    mutationFn: (id: string) => api.delete<SettingHistory>(`${path(key)}/values/${id}`),
    onSuccess,
  });
}
