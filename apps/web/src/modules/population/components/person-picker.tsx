import { useState } from 'react';
import { Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { MIN_SEARCH_LENGTH } from '@amparo/shared/validation';
import { usePersonOptions, type LookupSource } from '../api/queries';

/** A registered person as the picker shows it. */
export interface PersonOption { id: string; name: string; fileCode?: string }

interface Props extends Omit<SelectProps, 'data' | 'value' | 'onChange' | 'searchValue' | 'onSearchChange' | 'filter'> {
  value?: string | null;
  onChange?: (value: string | null) => void;
  /** Left out of the options (the person whose file is open: nobody is linked to themselves). */
  excludeId?: string;
  /** The person already chosen when the form opens (editing a link). */
  initialOption?: PersonOption | null;
  /** Which endpoint searches (activity forms use their own lookup). */
  source?: LookupSource;
}

const label = (p: PersonOption) => (p.fileCode ? `${p.name} (${p.fileCode})` : p.name);

/**
 * Picks a registered person. The server searches (GET population/persons?q=)
 * and answers only persons the user holds a grant on; nothing is asked for
 * until two characters are typed.
 */
export function PersonPicker({ value, onChange, excludeId, initialOption = null, source = 'population', ...props }: Props) {
  const { t } = useTranslation('population');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [chosen, setChosen] = useState<PersonOption | null>(initialOption);
  const query = debounced.length >= MIN_SEARCH_LENGTH && (!chosen || debounced !== label(chosen)) ? debounced : '';
  const persons = usePersonOptions(query, query !== '', source);

  const options: PersonOption[] = query
    ? (persons.data?.items ?? [])
      .filter((p) => p.id !== excludeId)
      .map((p) => ({ id: p.id, name: `${p.names} ${p.lastNames}`, fileCode: p.fileCode }))
    : [];
  if (chosen && !options.some((p) => p.id === chosen.id)) options.unshift(chosen);

  return (
    <Select
      {...props}
      searchable
      clearable
      data={options.map((p) => ({ value: p.id, label: label(p) }))}
      // The server already filtered by the term.
      filter={({ options: all }) => all}
      value={value ?? null}
      searchValue={search}
      onSearchChange={setSearch}
      onChange={(id) => {
        setChosen(options.find((p) => p.id === id) ?? null);
        onChange?.(id);
      }}
      nothingFoundMessage={
        query === '' ? t('links.person_hint') : persons.isFetching ? t('common.loading') : t('common.nothing_found')
      }
      placeholder={t('links.person_placeholder')}
    />
  );
}
