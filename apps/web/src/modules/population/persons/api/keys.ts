import type { PersonListSearch } from './list-search';

/** Where a user lookup looks: the population module's grants or the group activities' responsibles. */
export type LookupSource = 'population' | 'activities';

/** Every key of the module starts with 'population' so one invalidation can reach them all. */
export const populationKeys = {
  all: ['population'] as const,
  persons: () => ['population', 'persons'] as const,
  personList: (search: PersonListSearch) => ['population', 'persons', search] as const,
  person: (id: string) => ['population', 'person', id] as const,
  access: (id: string) => ['population', 'access', id] as const,
  grants: (id: string) => ['population', 'grants', id] as const,
  requests: (id: string) => ['population', 'access-requests', id] as const,
  history: (id: string, page?: number, pageSize?: number) =>
    (page === undefined
      ? ['population', 'history', id]
      : ['population', 'history', id, page, pageSize]) as readonly unknown[],
  users: (q: string, source: LookupSource = 'population') => ['population', 'users', q, source] as const,
  /** All links, of every file: a link between two registered persons shows on both. */
  allLinks: () => ['population', 'links'] as const,
  links: (id: string) => ['population', 'links', id] as const,
  perpetrators: (id: string) => ['population', 'perpetrators', id] as const,
  attentions: (id: string, page?: number, pageSize?: number) =>
    (page === undefined
      ? ['population', 'attentions', id]
      : ['population', 'attentions', id, page, pageSize]) as readonly unknown[],
  periods: (id: string) => ['population', 'periods', id] as const,
  consents: (id: string) => ['population', 'consents', id] as const,
  photoInfo: (id: string) => ['population', 'photo-info', id] as const,
  personActivities: (id: string) => ['population', 'person-activities', id] as const,
  personDocuments: (id: string) => ['population', 'person-documents', id] as const,
  myAttentions: (page?: number, pageSize?: number) =>
    (page === undefined
      ? ['population', 'my-attentions']
      : ['population', 'my-attentions', page, pageSize]) as readonly unknown[],
};
