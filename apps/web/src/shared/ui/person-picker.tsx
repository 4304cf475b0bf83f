import { useState } from 'react';
import { Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { personListResponse } from '@amparo/shared/modules/population.schema';
import { MIN_SEARCH_LENGTH } from '@amparo/shared/limits';
import { api, ApiError } from '../lib/api';

type PersonPage = z.infer<typeof personListResponse>['data'];

/** A registered person as the picker shows it. */
export interface PersonOption {
  id: string;
  name: string;
  fileCode?: string;
}

/** How many persons the picker offers per search. */
const PERSON_OPTIONS = 10;

/** Persons matching `q`, searched by the server (only those the user may see come back). */
const getPersonOptionsQueryOptions = (path: string, q: string) =>
  queryOptions({
    queryKey: ['person-options', path, q],
    queryFn: ({ signal }) => api.get<PersonPage>(path, { query: { q, pageSize: PERSON_OPTIONS }, signal }),
    staleTime: 60_000,
  });

interface Props extends Omit<SelectProps, 'data' | 'value' | 'onChange' | 'searchValue' | 'onSearchChange' | 'filter'> {
  value?: string | null;
  onChange?: (value: string | null) => void;
  /** The endpoint that searches: the registry's own, or a module's scoped lookup. */
  searchPath?: string;
  /** Left out of the options (e.g. the person whose file is open). */
  excludeId?: string;
  /** The person already chosen when the form opens (editing). */
  initialOption?: PersonOption | null;
  /** Shown in the dropdown before two characters are typed. */
  hint?: string;
  /** Called once when the search answers 403 (the user may not search there). */
  onForbidden?: () => void;
  /** Called with the chosen person as the picker shows it (name and file code), null when cleared. */
  onPick?: (person: PersonOption | null) => void;
}

const optionLabel = (p: PersonOption) => (p.fileCode ? `${p.name} (${p.fileCode})` : p.name);

/**
 * Picks a registered person. Nothing is asked for until two characters are
 * typed; the server filters by the term and by what the user may see.
 */
export function PersonPicker({
  value,
  onChange,
  searchPath = 'population/persons',
  excludeId,
  initialOption = null,
  hint,
  onForbidden,
  onPick,
  ...props
}: Props) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [chosen, setChosen] = useState<PersonOption | null>(initialOption);
  const query =
    debounced.length >= MIN_SEARCH_LENGTH && (!chosen || debounced !== optionLabel(chosen)) ? debounced : '';
  const persons = useQuery({ ...getPersonOptionsQueryOptions(searchPath, query), enabled: query !== '' });
  const [reported, setReported] = useState(false);
  if (!reported && persons.error instanceof ApiError && persons.error.status === 403) {
    setReported(true);
    onForbidden?.();
  }

  const options: PersonOption[] = query
    ? (persons.data?.items ?? [])
        .filter((p) => p.id !== excludeId)
        .map((p) => ({ id: p.id, name: `${p.names} ${p.lastNames}`, fileCode: p.fileCode }))
    : [];
  if (chosen && !options.some((p) => p.id === chosen.id)) options.unshift(chosen);

  return (
    <Select
      placeholder={t('personPicker.placeholder', { min: MIN_SEARCH_LENGTH })}
      {...props}
      searchable
      clearable
      data={options.map((p) => ({ value: p.id, label: optionLabel(p) }))}
      // The server already filtered by the term.
      filter={({ options: all }) => all}
      value={value ?? null}
      searchValue={search}
      onSearchChange={setSearch}
      onChange={(id) => {
        const picked = options.find((p) => p.id === id) ?? null;
        setChosen(picked);
        onChange?.(id);
        onPick?.(picked);
      }}
      nothingFoundMessage={
        query === ''
          ? (hint ?? t('personPicker.hint', { min: MIN_SEARCH_LENGTH }))
          : persons.isFetching
            ? t('personPicker.searching')
            : t('personPicker.nothingFound')
      }
    />
  );
}
