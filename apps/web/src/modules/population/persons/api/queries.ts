import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { NO_ACCESS, toPersonAccess } from '@amparo/shared/modules/population.constants';
import type {
  accessRequest,
  auditResponse,
  grant,
  Person,
  personAccessResponse,
} from '@amparo/shared/modules/population.schema';
import type { userOption } from '@amparo/shared/modules/users.schema';
import type {
  attentionsResponse,
  Link,
  myAttentionsResponse,
  Perpetrator,
} from '@amparo/shared/modules/population-case.schema';
import type { Consent, period, personPhoto } from '@amparo/shared/modules/population-file.schema';
import type { ActivitySummary } from '@amparo/shared/modules/population-activities.schema';
import type { personDocumentsResponse } from '@amparo/shared/modules/documentation.schema';
import { api, ApiError } from '../../../../shared/lib/api';
import { populationKeys, type LookupSource } from './keys';

export type Grant = z.infer<typeof grant>;
export type AccessRequest = z.infer<typeof accessRequest>;
export type AuditPage = z.infer<typeof auditResponse>['data'];
export type AuditEntry = AuditPage['items'][number];
export type UserOption = z.infer<typeof userOption>;
export type { Link, Perpetrator };
export type AttentionPage = z.infer<typeof attentionsResponse>['data'];
export type Attention = AttentionPage['items'][number];
export type MyAttentionPage = z.infer<typeof myAttentionsResponse>['data'];
export type MyAttention = MyAttentionPage['items'][number];
type AccessFlags = z.infer<typeof personAccessResponse>['data'];
export type Period = z.infer<typeof period>;
export type PersonPhotoInfo = z.infer<typeof personPhoto>;
export type { Consent, ActivitySummary };
export type PersonDocumentPage = z.infer<typeof personDocumentsResponse>['data'];
export type PersonDocument = PersonDocumentPage['items'][number];

export { populationKeys, type LookupSource } from './keys';
export { getPersonsQueryOptions, usePersons, type PersonPage } from './list-query';

/**
 * One person's record. Every GET is audited as a view on the server, so it is
 * not refetched on focus or remount while fresh: the audit trail should show
 * what a person opened, not how often the tab regained focus.
 */
export const getPersonQueryOptions = (id: string) =>
  queryOptions({
    queryKey: populationKeys.person(id),
    queryFn: ({ signal }) => api.get<Person>(`population/persons/${id}`, { signal }),
    staleTime: 5 * 60_000,
    refetchOnWindowFocus: false,
  });
export const usePerson = (id: string, enabled = true) => useQuery({ ...getPersonQueryOptions(id), enabled });

/**
 * The current user's per-person flags (spec sections 3 and 8): the server's
 * Y/N become booleans, and any failure means no access at all.
 */
export const getPersonAccessQueryOptions = (id: string) =>
  queryOptions({
    queryKey: populationKeys.access(id),
    queryFn: async () => {
      try {
        return toPersonAccess(await api.post<AccessFlags>(`population/access/${id}`));
      } catch {
        return NO_ACCESS;
      }
    },
    staleTime: 0,
  });
export const usePersonAccess = (id: string) => useQuery(getPersonAccessQueryOptions(id));

export const getGrantsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: populationKeys.grants(id),
    queryFn: ({ signal }) => api.get<Grant[]>(`population/persons/${id}/grants`, { signal }),
  });
export const useGrants = (id: string, enabled = true) => useQuery({ ...getGrantsQueryOptions(id), enabled });

export const getAccessRequestsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: populationKeys.requests(id),
    queryFn: ({ signal }) => api.get<AccessRequest[]>(`population/persons/${id}/access-requests`, { signal }),
  });
export const useAccessRequests = (id: string, enabled = true) =>
  useQuery({ ...getAccessRequestsQueryOptions(id), enabled });

export const getPersonHistoryQueryOptions = (id: string, page: number, pageSize: number) =>
  queryOptions({
    queryKey: populationKeys.history(id, page, pageSize),
    queryFn: ({ signal }) =>
      api.get<AuditPage>(`population/persons/${id}/history`, { query: { page, pageSize }, signal }),
    placeholderData: keepPreviousData,
  });
export const usePersonHistory = (id: string, page: number, pageSize: number, enabled = true) =>
  useQuery({ ...getPersonHistoryQueryOptions(id, page, pageSize), enabled });

/**
 * Where the pickers search: the registry's own endpoints (poblacion_poblacion)
 * or the activity forms' lookups (poblacion_actividades alone is enough there).
 */
export const LOOKUP_PATHS = {
  population: { users: 'population/users', persons: 'population/persons' },
  activities: { users: 'population/activities/lookup/users', persons: 'population/activities/lookup/persons' },
} as const;

/** Users that may be given access to a person, or chosen as professional or facilitator (searched by name or username). */
export const getGrantableUsersQueryOptions = (q: string, source: LookupSource = 'population') =>
  queryOptions({
    queryKey: populationKeys.users(q, source),
    queryFn: ({ signal }) => api.get<UserOption[]>(LOOKUP_PATHS[source].users, { query: { q }, signal }),
    staleTime: 60_000,
  });
export const useGrantableUsers = (q: string, enabled = true, source: LookupSource = 'population') =>
  useQuery({ ...getGrantableUsersQueryOptions(q, source), enabled });

// ---------------------------------------------------------------- case file (issue 4)

export const getLinksQueryOptions = (id: string) =>
  queryOptions({
    queryKey: populationKeys.links(id),
    queryFn: ({ signal }) => api.get<Link[]>(`population/persons/${id}/links`, { signal }),
  });
export const useLinks = (id: string) => useQuery(getLinksQueryOptions(id));

/**
 * Alleged perpetrators. Every GET is audited as a view, so the list is asked
 * for only when its tab opens (the caller mounts it then), kept while fresh,
 * and never refetched because the window regained focus.
 */
export const getPerpetratorsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: populationKeys.perpetrators(id),
    queryFn: ({ signal }) => api.get<Perpetrator[]>(`population/persons/${id}/perpetrators`, { signal }),
    staleTime: 5 * 60_000,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
export const usePerpetrators = (id: string) => useQuery(getPerpetratorsQueryOptions(id));

export const getAttentionsQueryOptions = (id: string, page: number, pageSize: number) =>
  queryOptions({
    queryKey: populationKeys.attentions(id, page, pageSize),
    queryFn: ({ signal }) =>
      api.get<AttentionPage>(`population/persons/${id}/attentions`, { query: { page, pageSize }, signal }),
    placeholderData: keepPreviousData,
  });
export const useAttentions = (id: string, page: number, pageSize: number) =>
  useQuery(getAttentionsQueryOptions(id, page, pageSize));

export const getMyAttentionsQueryOptions = (page: number, pageSize: number) =>
  queryOptions({
    queryKey: populationKeys.myAttentions(page, pageSize),
    queryFn: ({ signal }) =>
      api.get<MyAttentionPage>('population/attentions/mine', { query: { page, pageSize }, signal }),
    placeholderData: keepPreviousData,
  });
export const useMyAttentions = (page: number, pageSize: number) =>
  useQuery(getMyAttentionsQueryOptions(page, pageSize));

// ---------------------------------------------------------------- person's file (issue 4)

export const getPeriodsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: populationKeys.periods(id),
    queryFn: ({ signal }) => api.get<Period[]>(`population/persons/${id}/periods`, { signal }),
  });
export const usePeriods = (id: string) => useQuery(getPeriodsQueryOptions(id));

export const getConsentsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: populationKeys.consents(id),
    queryFn: ({ signal }) => api.get<Consent[]>(`population/persons/${id}/consents`, { signal }),
  });
export const useConsents = (id: string) => useQuery(getConsentsQueryOptions(id));

export const getPhotoInfoQueryOptions = (id: string) =>
  queryOptions({
    queryKey: populationKeys.photoInfo(id),
    queryFn: ({ signal }) => api.get<PersonPhotoInfo>(`population/persons/${id}/photo-info`, { signal }),
  });
export const usePhotoInfo = (id: string) => useQuery(getPhotoInfoQueryOptions(id));

/** Activities the person attended (read only on the file). */
export const getPersonActivitiesQueryOptions = (id: string) =>
  queryOptions({
    queryKey: populationKeys.personActivities(id),
    queryFn: ({ signal }) => api.get<ActivitySummary[]>(`population/persons/${id}/activities`, { signal }),
  });
export const usePersonActivities = (id: string) => useQuery(getPersonActivitiesQueryOptions(id));

/** How many of the person's documents the consent's document picker offers (the server's page maximum). */
const DOCUMENT_OPTIONS = 100;

/**
 * A page of the person's documents with their files, read under the person's
 * grant (no Documentation key needed). 403 answers `null` instead of an error,
 * so the consent's document picker is simply hidden.
 */
export const getPersonDocumentsQueryOptions = (id: string, page = 1, pageSize = DOCUMENT_OPTIONS) =>
  queryOptions({
    queryKey: [...populationKeys.personDocuments(id), page, pageSize],
    queryFn: async ({ signal }) => {
      try {
        return await api.get<PersonDocumentPage>(`population/persons/${id}/documents`, {
          query: { page, pageSize },
          signal,
        });
      } catch (err) {
        if (err instanceof ApiError && err.status === 403) return null;
        throw err;
      }
    },
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
export const usePersonDocumentsPage = (id: string, page: number, pageSize: number) =>
  useQuery(getPersonDocumentsQueryOptions(id, page, pageSize));
/**
 * The URL of a file of one of the person's documents: inline (preview; a huge image, `hasPreview`, as its reduced
 * JPEG, issue 23 section 4) or as a download (always the original).
 */
export const personDocumentFileUrl = (personId: string, file: { id: string; hasPreview: boolean }, download = false) =>
  `/api/population/persons/${personId}/document-files/${file.id}/content${
    download ? '?download=1' : file.hasPreview ? '?size=preview' : ''
  }`;
export const usePersonDocuments = (id: string, enabled = true) =>
  useQuery({ ...getPersonDocumentsQueryOptions(id), enabled });
