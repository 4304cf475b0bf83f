import { useState } from 'react';
import { Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { MIN_SEARCH_LENGTH } from '@amparo/shared/limits';
import type { LineAvailability } from '@amparo/shared/modules/execution.schema';
import { useLineLookup } from '../api/queries';

interface LinePickerProps extends Omit<
  SelectProps,
  'data' | 'value' | 'onChange' | 'searchValue' | 'onSearchChange' | 'filter' | 'searchable'
> {
  year: number;
  month: number;
  value: string | null;
  onChange: (value: string | null) => void;
  /** Lines known already (the form's first answer, the ones chosen in other rows, the saved request's). */
  known: ReadonlyMap<string, LineAvailability>;
  /** A line chosen: the form keeps its figures for the summary. */
  onPick: (line: LineAvailability) => void;
  /** The amount this request already holds on each line (editing): shown as available to it. */
  held?: ReadonlyMap<string, string>;
  availableOf: (line: LineAvailability) => string;
}

/**
 * A planning line of the request's year, each offered with what it has available in the request's month: the
 * first lines until two letters are typed, then the server's matches by description, program or axis.
 */
export function LinePicker({ year, month, value, onChange, known, onPick, availableOf, ...props }: LinePickerProps) {
  const { t } = useTranslation('execution');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const label = (line: LineAvailability) =>
    t('execution:items.lineOption', { description: line.description, available: availableOf(line) });
  const chosen = value ? known.get(value) : undefined;
  const q = debounced.length >= MIN_SEARCH_LENGTH && (!chosen || debounced !== label(chosen)) ? debounced : '';
  const lines = useLineLookup(year, month, q);
  const options = [...(lines.data ?? [])];
  if (chosen && !options.some((l) => l.lineId === chosen.lineId)) options.unshift(chosen);
  return (
    <Select
      {...props}
      searchable
      data={options.map((line) => ({ value: line.lineId, label: label(line) }))}
      // The server already filtered by the term.
      filter={({ options: all }) => all}
      value={value}
      searchValue={search}
      onSearchChange={setSearch}
      onChange={(id) => {
        const line = options.find((l) => l.lineId === id);
        if (line) onPick(line);
        onChange(id);
      }}
      nothingFoundMessage={t('execution:items.noLines')}
      comboboxProps={{ width: 420, position: 'bottom-start' }}
    />
  );
}
