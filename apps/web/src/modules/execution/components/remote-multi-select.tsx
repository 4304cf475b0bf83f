import { useState } from 'react';
import { MultiSelect, type MultiSelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { MIN_SEARCH_LENGTH } from '@amparo/shared/limits';
import { api } from '../../../shared/lib/api';

/** An option as the picker keeps it: its id and what it shows. */
export interface RemoteOption {
  value: string;
  label: string;
}

interface Props extends Omit<
  MultiSelectProps,
  'data' | 'value' | 'onChange' | 'searchValue' | 'onSearchChange' | 'filter' | 'searchable'
> {
  /** The lookup endpoint under /api (`GET <path>?q=`). */
  path: string;
  /** Turns one answer's record into an option. */
  toOption: (record: never) => RemoteOption;
  value: string[];
  onChange: (value: string[]) => void;
  /** Options known beforehand (the saved record's), so a chosen id always has its label. */
  known?: RemoteOption[];
}

const remoteOptions = (path: string, q: string) =>
  queryOptions({
    queryKey: ['execution', 'lookup', path, q],
    queryFn: ({ signal }) => api.get<unknown[]>(path, { query: { q }, signal }),
    staleTime: 60_000,
  });

/**
 * Chooses several records from a lookup endpoint: the first ones until two letters are typed, then the server's
 * matches. The chosen ones stay options (with their labels) whatever is searched next.
 */
export function RemoteMultiSelect({ path, toOption, value, onChange, known = [], ...props }: Props) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [chosen, setChosen] = useState<RemoteOption[]>(known);
  const query = debounced.length >= MIN_SEARCH_LENGTH ? debounced : '';
  const answer = useQuery(remoteOptions(path, query));
  const found = (answer.data ?? []).map((r) => toOption(r as never));
  const options = [...found];
  for (const o of [...chosen, ...known]) if (!options.some((x) => x.value === o.value)) options.push(o);
  return (
    <MultiSelect
      {...props}
      searchable
      data={options}
      // The server already filtered by the term.
      filter={({ options: all }) => all}
      value={value}
      searchValue={search}
      onSearchChange={setSearch}
      onChange={(ids) => {
        setChosen(ids.flatMap((id) => options.filter((o) => o.value === id)));
        onChange(ids);
      }}
      hidePickedOptions
    />
  );
}
