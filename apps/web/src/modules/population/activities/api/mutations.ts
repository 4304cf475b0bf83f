import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { activityCreate, activityUpdate } from '@amparo/shared/modules/population-activities.schema';
import { api } from '../../../../shared/lib/api';
import { photoFormData } from '../../../../shared/lib/photo';
import { activityKeys, type Activity } from './queries';

export type ActivityBody = z.output<typeof activityCreate>;
export type ActivityUpdateBody = z.output<typeof activityUpdate>;

/** Every call answers the whole activity: it replaces the cached one, and the list counts refresh. */
function useActivityWrite<V>(fn: (vars: V) => Promise<Activity>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (activity) => {
      qc.setQueryData(activityKeys.detail(activity.id), activity);
      void qc.invalidateQueries({ queryKey: activityKeys.lists() });
    },
  });
}

export const useCreateActivity = () =>
  useActivityWrite((body: ActivityBody) => api.post<Activity>('population/activities', body));

export const useUpdateActivity = (id: string) =>
  useActivityWrite((body: ActivityUpdateBody) => api.put<Activity>(`population/activities/${id}`, body));

export function useDeleteActivity() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<unknown>(`population/activities/${id}`),
    onSuccess: (_data, id) => {
      qc.removeQueries({ queryKey: activityKeys.detail(id) });
      void qc.invalidateQueries({ queryKey: activityKeys.lists() });
    },
  });
}

export const useAddParticipant = (id: string) =>
  useActivityWrite((personId: string) => api.post<Activity>(`population/activities/${id}/participants`, { personId }));

export const useRemoveParticipant = (id: string) =>
  useActivityWrite((personId: string) => api.delete<Activity>(`population/activities/${id}/participants/${personId}`));

export const useUploadActivityPhoto = (id: string) =>
  useActivityWrite((file: File) => api.post<Activity>(`population/activities/${id}/photos`, photoFormData(file)));

export const useDeleteActivityPhoto = (id: string) =>
  useActivityWrite((photoId: string) => api.delete<Activity>(`population/activities/${id}/photos/${photoId}`));

/**
 * Who appears in a photo (registered participants); the server keeps tags of persons the caller may not read.
 * `reason`: required when untagging a hidden photo or saying nobody is in it (managers only, issue 9 item 2).
 */
export const useSetPhotoPersons = (id: string) =>
  useActivityWrite(({ photoId, personIds, reason }: { photoId: string; personIds: string[]; reason?: string }) =>
    api.put<Activity>(`population/activities/${id}/photos/${photoId}/persons`, { personIds, reason }),
  );
