import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  accessDecision,
  accessRequestInput,
  grantInput,
  Person,
  PersonCreate,
  personUpdate,
} from '@amparo/shared/modules/population.schema';
import type {
  attentionInput,
  attentionUpdate,
  linkInput,
  linkUpdate,
  perpetratorInput,
  perpetratorUpdate,
} from '@amparo/shared/modules/population-case.schema';
import type { consentInput, readmissionInput } from '@amparo/shared/modules/population-file.schema';
import { api } from '../../../../shared/lib/api';
import { photoFormData } from '../../../../shared/lib/photo';
import {
  populationKeys,
  type AccessRequest,
  type Attention,
  type Consent,
  type Grant,
  type Link,
  type Perpetrator,
  type Period,
  type PersonPhotoInfo,
} from './queries';

export type PersonUpdate = z.output<typeof personUpdate>;
export type GrantInput = z.output<typeof grantInput>;
export type AccessRequestInput = z.output<typeof accessRequestInput>;
export type AccessDecision = z.output<typeof accessDecision>;
export type LinkBody = z.output<typeof linkInput> | z.output<typeof linkUpdate>;
export type PerpetratorBody = z.output<typeof perpetratorInput> | z.output<typeof perpetratorUpdate>;
export type AttentionBody = z.output<typeof attentionInput> | z.output<typeof attentionUpdate>;
export type ReadmissionBody = z.output<typeof readmissionInput>;
export type ConsentBody = z.output<typeof consentInput>;

/** A create (no `id`) or an update (`id`, the body carrying its `version`). */
export interface SaveVars<B> {
  id?: string;
  body: B;
}

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
      // A departure or a new admission date shows in the current period.
      void qc.invalidateQueries({ queryKey: populationKeys.periods(id) });
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
      for (const key of [
        populationKeys.person(id),
        populationKeys.access(id),
        populationKeys.grants(id),
        populationKeys.requests(id),
        populationKeys.history(id),
        populationKeys.links(id),
        populationKeys.perpetrators(id),
        populationKeys.attentions(id),
        populationKeys.periods(id),
        populationKeys.consents(id),
        populationKeys.photoInfo(id),
        populationKeys.personActivities(id),
      ]) {
        qc.removeQueries({ queryKey: key });
      }
      void qc.invalidateQueries({ queryKey: populationKeys.persons() });
      // Other files may show a link to this person, and the user's own attention list may name it.
      void qc.invalidateQueries({ queryKey: populationKeys.allLinks() });
      void qc.invalidateQueries({ queryKey: populationKeys.myAttentions() });
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
    mutationFn: (body: AccessRequestInput) =>
      api.post<AccessRequest>(`population/persons/${personId}/access-requests`, body),
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

// ---------------------------------------------------------------- case file (issue 4)

/** A link between two registered persons shows on both files: refresh every cached link list. */
export function useSaveLink(personId: string) {
  const qc = useQueryClient();
  return useMutation({
    // The server answers with this file's whole list of links (linksResponse).
    mutationFn: ({ id, body }: SaveVars<LinkBody>) =>
      id
        ? api.put<Link[]>(`population/persons/${personId}/links/${id}`, body)
        : api.post<Link[]>(`population/persons/${personId}/links`, body),
    onSuccess: (links) => {
      qc.setQueryData(populationKeys.links(personId), links);
      // The other person's file shows the link too.
      void qc.invalidateQueries({
        queryKey: populationKeys.allLinks(),
        predicate: (query) => query.queryKey[2] !== personId,
      });
      void qc.invalidateQueries({ queryKey: populationKeys.history(personId) });
    },
  });
}

export function useDeleteLink(personId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (linkId: string) => api.delete<unknown>(`population/persons/${personId}/links/${linkId}`),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: populationKeys.allLinks() });
      void qc.invalidateQueries({ queryKey: populationKeys.history(personId) });
    },
  });
}

/**
 * Perpetrator changes update the cached list in place: reading the list again
 * would be one more audited view the user never made.
 */
export function useSavePerpetrator(personId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: SaveVars<PerpetratorBody>) =>
      id
        ? api.put<Perpetrator>(`population/persons/${personId}/perpetrators/${id}`, body)
        : api.post<Perpetrator>(`population/persons/${personId}/perpetrators`, body),
    onSuccess: (saved) => {
      qc.setQueryData<Perpetrator[]>(populationKeys.perpetrators(personId), (list) => {
        if (!list) return list;
        return list.some((p) => p.id === saved.id)
          ? list.map((p) => (p.id === saved.id ? saved : p))
          : [...list, saved];
      });
      void qc.invalidateQueries({ queryKey: populationKeys.history(personId) });
    },
  });
}

export function useDeletePerpetrator(personId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (perpetratorId: string) =>
      api.delete<unknown>(`population/persons/${personId}/perpetrators/${perpetratorId}`),
    onSuccess: (_data, perpetratorId) => {
      qc.setQueryData<Perpetrator[]>(populationKeys.perpetrators(personId), (list) =>
        list?.filter((p) => p.id !== perpetratorId),
      );
      void qc.invalidateQueries({ queryKey: populationKeys.history(personId) });
    },
  });
}

/** Attentions show on the file and in the professional's own list. */
function useAttentionInvalidation(personId: string) {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: populationKeys.attentions(personId) });
    void qc.invalidateQueries({ queryKey: populationKeys.myAttentions() });
    void qc.invalidateQueries({ queryKey: populationKeys.history(personId) });
  };
}

export function useSaveAttention(personId: string) {
  const refresh = useAttentionInvalidation(personId);
  return useMutation({
    mutationFn: ({ id, body }: SaveVars<AttentionBody>) =>
      id
        ? api.put<Attention>(`population/persons/${personId}/attentions/${id}`, body)
        : api.post<Attention>(`population/persons/${personId}/attentions`, body),
    onSuccess: refresh,
  });
}

export function useDeleteAttention(personId: string) {
  const refresh = useAttentionInvalidation(personId);
  return useMutation({
    mutationFn: (attentionId: string) =>
      api.delete<unknown>(`population/persons/${personId}/attentions/${attentionId}`),
    onSuccess: refresh,
  });
}

// ---------------------------------------------------------------- person's file (issue 4)

/**
 * Re-admission opens a new period and changes the person's admission and
 * departure fields (and `version`): the record is read again (one more audited
 * view, which the user did make by re-admitting).
 */
export function useReadmit(personId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ReadmissionBody) => api.post<Period[]>(`population/persons/${personId}/readmission`, body),
    onSuccess: (periods) => {
      qc.setQueryData(populationKeys.periods(personId), periods);
      void qc.invalidateQueries({ queryKey: populationKeys.person(personId) });
      void qc.invalidateQueries({ queryKey: populationKeys.persons() });
      void qc.invalidateQueries({ queryKey: populationKeys.history(personId) });
    },
  });
}

/** One kind of consent at a time; the server answers with all of them. */
export function useSetConsent(personId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ConsentBody) => api.put<Consent[]>(`population/persons/${personId}/consents`, body),
    onSuccess: (consents) => {
      qc.setQueryData(populationKeys.consents(personId), consents);
      // The image-use consent shows beside the photo.
      void qc.invalidateQueries({ queryKey: populationKeys.photoInfo(personId) });
      void qc.invalidateQueries({ queryKey: populationKeys.history(personId) });
    },
  });
}

export function useUploadPersonPhoto(personId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => api.put<PersonPhotoInfo>(`population/persons/${personId}/photo`, photoFormData(file)),
    onSuccess: (info) => {
      qc.setQueryData(populationKeys.photoInfo(personId), info);
      void qc.invalidateQueries({ queryKey: populationKeys.history(personId) });
    },
  });
}

export function useDeletePersonPhoto(personId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<PersonPhotoInfo>(`population/persons/${personId}/photo`),
    onSuccess: (info) => {
      qc.setQueryData(populationKeys.photoInfo(personId), info);
      void qc.invalidateQueries({ queryKey: populationKeys.history(personId) });
    },
  });
}
