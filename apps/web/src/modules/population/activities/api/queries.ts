import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  activityListResponse,
  Activity,
  ActivitySummary,
} from '@amparo/shared/modules/population-activities.schema';
import { api } from '../../../../shared/lib/api';
import type { ActivityListSearch } from './list-search';

export type { Activity, ActivitySummary };
export type ActivityPage = z.infer<typeof activityListResponse>['data'];
export type ActivityPhoto = Activity['photos'][number];
export type ActivityParticipant = Activity['participants'][number];

export const activityKeys = {
  all: ['population', 'activities'] as const,
  lists: () => [...activityKeys.all, 'list'] as const,
  list: (search: ActivityListSearch) => [...activityKeys.lists(), search] as const,
  detail: (id: string) => [...activityKeys.all, 'detail', id] as const,
};

export const getActivitiesQueryOptions = (search: ActivityListSearch) =>
  queryOptions({
    queryKey: activityKeys.list(search),
    queryFn: ({ signal }) => api.get<ActivityPage>('population/activities', { query: search, signal }),
    placeholderData: keepPreviousData,
  });
export const useActivities = (search: ActivityListSearch) => useQuery(getActivitiesQueryOptions(search));

export const getActivityQueryOptions = (id: string) =>
  queryOptions({
    queryKey: activityKeys.detail(id),
    queryFn: ({ signal }) => api.get<Activity>(`population/activities/${id}`, { signal }),
  });
export const useActivity = (id: string) => useQuery(getActivityQueryOptions(id));

/** A photo's address (the thumbnail is a 320 px JPEG). */
export const activityPhotoUrl = (photoId: string, thumb = false) =>
  `/api/population/activity-photos/${photoId}${thumb ? '?size=thumb' : ''}`;
