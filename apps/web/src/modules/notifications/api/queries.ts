import type { z } from 'zod';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  notificationListResponse,
  notificationPreferencesBody,
  notificationPreferencesResponse,
  unreadCountResponse,
} from '@amparo/shared/modules/notifications.schema';
import { api } from '../../../shared/lib/api';

type NotificationPage = z.infer<typeof notificationListResponse>['data'];
type UnreadCount = z.infer<typeof unreadCountResponse>['data'];
type Preferences = z.infer<typeof notificationPreferencesResponse>['data'];

export const notificationKeys = {
  all: ['notifications'] as const,
  unread: ['notifications', 'unread'] as const,
  list: (page: number, unread: boolean) => ['notifications', 'list', { page, unread }] as const,
  preferences: ['notifications', 'preferences'] as const,
};

/** The unread count of the top bar's bell: asked again every minute and when the window regains focus. */
export function useUnreadCount() {
  return useQuery({
    queryKey: notificationKeys.unread,
    queryFn: () => api.get<UnreadCount>('notifications/unread-count'),
    refetchInterval: 60_000,
    staleTime: 15_000,
  });
}

export const getNotificationsQueryOptions = (page: number, unread: boolean) =>
  queryOptions({
    queryKey: notificationKeys.list(page, unread),
    queryFn: () =>
      api.get<NotificationPage>('notifications', {
        query: { page, pageSize: 20, unread: unread ? 'true' : undefined },
      }),
    placeholderData: keepPreviousData,
  });

export const useNotifications = (page: number, unread: boolean) => useQuery(getNotificationsQueryOptions(page, unread));

/** Marks one (`id`) or all read; the bell and the lists are asked again. */
export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string | 'all') =>
      api.post<UnreadCount>(id === 'all' ? 'notifications/read-all' : `notifications/${id}/read`),
    onSuccess: (count) => {
      client.setQueryData(notificationKeys.unread, count);
      void client.invalidateQueries({ queryKey: ['notifications', 'list'] });
    },
  });
}

export const useNotificationPreferences = () =>
  useQuery({
    queryKey: notificationKeys.preferences,
    queryFn: () => api.get<Preferences>('notifications/preferences'),
  });

export function useSetNotificationPreferences() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof notificationPreferencesBody>) =>
      api.put<Preferences>('notifications/preferences', body),
    onSuccess: (data) => client.setQueryData(notificationKeys.preferences, data),
  });
}
