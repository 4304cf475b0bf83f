import { useState } from 'react';
import { Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { MIN_SEARCH_LENGTH } from '@amparo/shared/validation';
import { useGrantableUsers, type LookupSource, type UserOption } from '../../persons/api/queries';

interface Props extends Omit<SelectProps, 'data' | 'value' | 'onChange' | 'searchValue' | 'onSearchChange' | 'filter'> {
  value?: string | null;
  onChange?: (value: string | null) => void;
  /** The user already chosen when the form opens (e.g. the professional of a saved attention). */
  initialOption?: UserOption | null;
  /** Which endpoint searches (activity forms use their own lookup). */
  source?: LookupSource;
}

// A saved record may name the user without the username: then only the name shows.
const label = (u: UserOption) => (u.username ? `${u.fullName} (${u.username})` : u.fullName);

/** Picks a user (to grant access to, or as a professional); the server searches (GET population/users?q=). */
export function UserPicker({ value, onChange, initialOption = null, source = 'population', ...props }: Props) {
  const { t } = useTranslation('population');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  // Keep the chosen user as an option: the search results may no longer contain it.
  const [chosen, setChosen] = useState<UserOption | null>(initialOption);
  const query = debounced.length >= MIN_SEARCH_LENGTH && (!chosen || debounced !== label(chosen)) ? debounced : '';
  const users = useGrantableUsers(query, true, source);

  const options = [...(users.data ?? [])];
  if (chosen && !options.some((u) => u.id === chosen.id)) options.unshift(chosen);

  return (
    <Select
      {...props}
      searchable
      clearable
      data={options.map((u) => ({ value: u.id, label: label(u) }))}
      // The server already filtered by the term.
      filter={({ options: all }) => all}
      value={value ?? null}
      searchValue={search}
      onSearchChange={setSearch}
      onChange={(id) => {
        setChosen(options.find((u) => u.id === id) ?? null);
        onChange?.(id);
      }}
      nothingFoundMessage={users.isFetching ? t('common.loading') : t('common.nothing_found')}
      placeholder={t('access.user_placeholder')}
    />
  );
}
