import { useState } from 'react';
import { Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { MIN_SEARCH_LENGTH } from '@amparo/shared/validation';
import { ApiError } from '../../../shared/lib/api';
import { usePersonOptions } from '../api/queries';

/** A registered person as the picker shows it. */
export interface PersonOption { id: string; name: string; fileCode?: string }

interface Props extends Omit<SelectProps, 'data' | 'value' | 'onChange' | 'searchValue' | 'onSearchChange' | 'filter'> {
  value?: string | null;
  onChange?: (value: string | null) => void;
  /** The person already chosen when the form opens (editing). */
  initialOption?: PersonOption | null;
  /** Called once when the search answers 403 (the user lacks poblacion_poblacion). */
  onForbidden?: () => void;
}

const optionLabel = (p: PersonOption) => (p.fileCode ? `${p.name} (${p.fileCode})` : p.name);

/**
 * Picks a registered person. The server searches (GET population/persons?q=)
 * and answers only persons the user may see; nothing is asked for until two
 * characters are typed.
 */
export function PersonPicker({ value, onChange, initialOption = null, onForbidden, ...props }: Props) {
  const { t } = useTranslation('documentation');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [chosen, setChosen] = useState<PersonOption | null>(initialOption);
  const query = debounced.length >= MIN_SEARCH_LENGTH && (!chosen || debounced !== optionLabel(chosen)) ? debounced : '';
  const persons = usePersonOptions(query, query !== '');
  const [reported, setReported] = useState(false);
  if (!reported && persons.error instanceof ApiError && persons.error.status === 403) {
    setReported(true);
    onForbidden?.();
  }

  const options: PersonOption[] = query
    ? (persons.data?.items ?? []).map((p) => ({ id: p.id, name: `${p.names} ${p.lastNames}`, fileCode: p.fileCode }))
    : [];
  if (chosen && !options.some((p) => p.id === chosen.id)) options.unshift(chosen);

  return (
    <Select
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
        setChosen(options.find((p) => p.id === id) ?? null);
        onChange?.(id);
      }}
      nothingFoundMessage={
        query === '' ? t('form.personHint') : persons.isFetching ? t('form.personSearching') : t('form.personNothingFound')
      }
      placeholder={t('form.personPlaceholder')}
    />
  );
}
