import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { personListResponse } from '@amparo/shared/modules/population.schema';
import { api } from '../../../../shared/lib/api';
import { populationKeys } from './keys';
import type { PersonListSearch } from './list-search';

// The persons list's query alone, which its route's loader (prefetch.ts) and its page load: apart from queries.ts,
// whose every other query a copy in their first load would carry (issue 24 section 4).

/** A page of the persons list, as `GET /api/population/persons` answers it. */
export type PersonPage = z.infer<typeof personListResponse>['data'];

export const getPersonsQueryOptions = (search: PersonListSearch) =>
  queryOptions({
    queryKey: populationKeys.personList(search),
    queryFn: ({ signal }) => api.get<PersonPage>('population/persons', { query: search, signal }),
    // Keep the previous page on screen while the next one loads (no table flicker).
    placeholderData: keepPreviousData,
  });
export const usePersons = (search: PersonListSearch) => useQuery(getPersonsQueryOptions(search));
