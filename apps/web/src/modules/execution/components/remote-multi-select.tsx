import { useState } from 'react';
import { MultiSelect, Select, type MultiSelectProps, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { MIN_SEARCH_LENGTH } from '@amparo/shared/limits';
import { api } from '../../../shared/lib/api';

/** An option as the picker keeps it: its id and what it shows. */
export interface RemoteOption {
  value: string;
  label: string;
}

interface Remote {
  /** The lookup endpoint under /api (`GET <path>?q=`). */
  path: string;
  /** Turns one answer's record into an option. */
  toOption: (record: never) => RemoteOption;
  /** Options known beforehand (the saved record's), so a chosen id always has its label. */
  known?: RemoteOption[];
}

type Omitted = 'data' | 'value' | 'onChange' | 'searchValue' | 'onSearchChange' | 'filter' | 'searchable';
interface Props extends Omit<MultiSelectProps, Omitted>, Remote {
  value: string[];
  onChange: (value: string[]) => void;
}

const remoteOptions = (path: string, q: string) =>
  queryOptions({
    queryKey: ['execution', 'lookup', path, q],
    queryFn: ({ signal }) => api.get<unknown[]>(path, { query: { q }, signal }),
    staleTime: 60_000,
  });

/**
 * A lookup's options: the first ones until two letters are typed, then the server's matches; the chosen ones
 * (`remember`) stay options, with their labels, whatever is searched next.
 */
function useRemoteOptions({ path, toOption, known = [] }: Remote) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [chosen, setChosen] = useState<RemoteOption[]>(known);
  const query = debounced.length >= MIN_SEARCH_LENGTH ? debounced : '';
  const answer = useQuery(remoteOptions(path, query));
  const options = (answer.data ?? []).map((r) => toOption(r as never));
  for (const o of [...chosen, ...known]) if (!options.some((x) => x.value === o.value)) options.push(o);
  const remember = (ids: string[]) => setChosen(ids.flatMap((id) => options.filter((o) => o.value === id)));
  // The server already filtered by the term.
  return { options, search, setSearch, remember, filter: ({ options: all }: { options: unknown[] }) => all };
}

/** Chooses several records from a lookup endpoint (see `useRemoteOptions`). */
export function RemoteMultiSelect({ path, toOption, value, onChange, known, ...props }: Props) {
  const remote = useRemoteOptions({ path, toOption, known });
  return (
    <MultiSelect
      {...props}
      searchable
      data={remote.options}
      filter={remote.filter as MultiSelectProps['filter']}
      value={value}
      searchValue={remote.search}
      onSearchChange={remote.setSearch}
      onChange={(ids) => {
        remote.remember(ids);
        onChange(ids);
      }}
      hidePickedOptions
    />
  );
}

interface SingleProps extends Omit<SelectProps, Omitted>, Remote {
  value: string | null;
  onChange: (value: string | null) => void;
}

/** Chooses one record from a lookup endpoint (see `useRemoteOptions`). */
export function RemoteSelect({ path, toOption, value, onChange, known, ...props }: SingleProps) {
  const remote = useRemoteOptions({ path, toOption, known });
  return (
    <Select
      {...props}
      searchable
      data={remote.options}
      filter={remote.filter as SelectProps['filter']}
      value={value}
      searchValue={remote.search}
      onSearchChange={remote.setSearch}
      onChange={(id) => {
        remote.remember(id ? [id] : []);
        onChange(id);
      }}
    />
  );
}
