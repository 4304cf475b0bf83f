import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  accessDecision, accessRequestInput, grantInput, Person, PersonCreate, personUpdate,
} from '@amparo/shared/modules/population.schema';
import { api } from '../../../shared/lib/api';
import { populationKeys, type AccessRequest, type Grant } from './queries';

export type PersonUpdate = z.output<typeof personUpdate>;
export type GrantInput = z.output<typeof grantInput>;
export type AccessRequestInput = z.output<typeof accessRequestInput>;
export type AccessDecision = z.output<typeof accessDecision>;

export function useCreatePerson() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: PersonCreate) => api.post<Person>('population/persons', body),
    onSuccess: (person) => {
      qc.setQueryData(populationKeys.person(person.id), person);
      void qc.invalidateQueries({ queryKey: populationKeys.persons() });
    },
  });
}

export function useUpdatePerson(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: PersonUpdate) => api.put<Person>(`population/persons/${id}`, body),
    onSuccess: (person) => {
      qc.setQueryData(populationKeys.person(id), person);
      void qc.invalidateQueries({ queryKey: populationKeys.persons() });
      void qc.invalidateQueries({ queryKey: populationKeys.history(id) });
    },
  });
}

export function useDeletePerson(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<unknown>(`population/persons/${id}`),
    onSuccess: () => {
      // Drop everything cached about the person: it no longer exists.
      for (const key of [populationKeys.person(id), populationKeys.access(id), populationKeys.grants(id), populationKeys.requests(id), populationKeys.history(id)]) {
        qc.removeQueries({ queryKey: key });
      }
      void qc.invalidateQueries({ queryKey: populationKeys.persons() });
    },
  });
}

/** Grants change who sees the person, and are audited: refresh grants, flags and history. */
function useGrantInvalidation(personId: string) {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: populationKeys.grants(personId) });
    void qc.invalidateQueries({ queryKey: populationKeys.requests(personId) });
    void qc.invalidateQueries({ queryKey: populationKeys.access(personId) });
    void qc.invalidateQueries({ queryKey: populationKeys.history(personId) });
  };
}

export function useCreateGrant(personId: string) {
  const refresh = useGrantInvalidation(personId);
  return useMutation({
    mutationFn: (body: GrantInput) => api.post<Grant[]>(`population/persons/${personId}/grants`, body),
    onSuccess: refresh,
  });
}

export function useRevokeGrant(personId: string) {
  const refresh = useGrantInvalidation(personId);
  return useMutation({
    mutationFn: (grantId: string) => api.delete<unknown>(`population/persons/${personId}/grants/${grantId}`),
    onSuccess: refresh,
  });
}

export function useRequestAccess(personId: string) {
  return useMutation({
    mutationFn: (body: AccessRequestInput) => api.post<AccessRequest>(`population/persons/${personId}/access-requests`, body),
  });
}

export function useDecideAccessRequest(personId: string) {
  const refresh = useGrantInvalidation(personId);
  return useMutation({
    mutationFn: ({ requestId, ...body }: AccessDecision & { requestId: string }) =>
      api.post<AccessRequest>(`population/access-requests/${requestId}/decision`, body),
    onSuccess: refresh,
  });
}
