import { useState } from 'react';
import type { SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MIN_SEARCH_LENGTH } from '@amparo/shared/limits';
import { api } from '../lib/api';
import { LazySelect } from './lazy-select/lazy-select';

/** A user as the picker shows it ('Ana López (alopez)'; the name alone when the username is not known). */
export interface UserPickerOption {
  id: string;
  fullName: string;
  username?: string | null;
}

/** Active users matching `q` from a module's lookup endpoint (`GET <path>?q=`, at most 20 by name). */
const getUserOptionsQueryOptions = (path: string, q: string) =>
  queryOptions({
    queryKey: ['user-options', path, q],
    queryFn: ({ signal }) => api.get<UserPickerOption[]>(path, { query: { q }, signal }),
    staleTime: 60_000,
  });

interface Props extends Omit<SelectProps, 'data' | 'value' | 'onChange' | 'searchValue' | 'onSearchChange' | 'filter'> {
  /** The lookup endpoint under /api (each module has its own, so its permission alone is enough). */
  path: string;
  value?: string | null;
  onChange?: (value: string | null) => void;
  /** Users offered even when the search does not return them: the saved record's, or the rows' of a list. */
  known?: UserPickerOption[];
}

const optionLabel = (u: UserPickerOption) => (u.username ? `${u.fullName} (${u.username})` : u.fullName);

/**
 * Picks an active user: the first ones by name until two letters are typed,
 * then the server's matches by name or username. The chosen user stays an
 * option whatever is searched next. Mantine's Select loads on first use (LazySelect): a list filters by user
 * without it in its first load.
 */
export function UserPicker({ path, value, onChange, known = [], ...props }: Props) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [chosen, setChosen] = useState<UserPickerOption | null>(null);
  const query =
    debounced.length >= MIN_SEARCH_LENGTH && (!chosen || debounced !== optionLabel(chosen)) ? debounced : '';
  const users = useQuery(getUserOptionsQueryOptions(path, query));

  const options = [...(users.data ?? [])];
  for (const u of [chosen, ...known]) if (u && !options.some((o) => o.id === u.id)) options.unshift(u);

  return (
    <LazySelect
      placeholder={t('common:userPicker.placeholder', { min: MIN_SEARCH_LENGTH })}
      {...props}
      searchable
      clearable
      data={options.map((u) => ({ value: u.id, label: optionLabel(u) }))}
      // The server already filtered by the term.
      filter={({ options: all }) => all}
      value={value ?? null}
      searchValue={search}
      onSearchChange={setSearch}
      onChange={(id) => {
        setChosen(options.find((u) => u.id === id) ?? null);
        onChange?.(id);
      }}
      nothingFoundMessage={users.isFetching ? t('common:userPicker.searching') : t('common:userPicker.nothingFound')}
    />
  );
}
