import { useEffect, useState } from 'react';
import { Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { MIN_SEARCH_LENGTH } from '@amparo/shared/validation';
import { EMPTY } from '../../../../shared/lib/format';
import { usePlanningLineOptions, type PlanningLineOption } from '../api/planning-lines';

interface Props extends Omit<SelectProps, 'data' | 'value' | 'onChange' | 'searchValue' | 'onSearchChange' | 'filter'> {
  /** The year of the record's date: only its lines are offered; null while the date is incomplete. */
  year: number | null;
  value?: string | null;
  onChange?: (value: string | null) => void;
}

/**
 * The saved or chosen line as an option: the one just picked, else the year's first lines if it is among them,
 * else a generic 'selected line' (the record says only the id; the server offers 20 lines without a search).
 */
function useCurrentOption(value: string | null, year: number | null, chosen: PlanningLineOption | null) {
  const { t } = useTranslation('population');
  const first = usePlanningLineOptions(value ? year : null, '');
  if (!value) return null;
  if (chosen?.value === value) return chosen;
  const found = first.data?.find((o) => o.value === value);
  if (found) return found;
  const label = first.isPending ? t('common.loading') : t('planningLine.selected');
  return { value, label, year: year ?? 0 };
}

/**
 * 'Línea del POA que ejecuta' (issue 13 section 3, 'Goals achieved'): an optional, searchable pick of a planning
 * line of the record's year (the server searches codes and descriptions). A new year asks again, and a line of
 * another year than the date's is dropped (the server would refuse it). The saved line shows by its label.
 */
export function PlanningLineSelect({ year, value = null, onChange, error, ...props }: Props) {
  const { t } = useTranslation('population');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [chosen, setChosen] = useState<PlanningLineOption | null>(null);
  // The year of the line held: the record's year when the form opened with one, else the picked option's.
  const [lineYear, setLineYear] = useState<number | null>(value ? year : null);
  const current = useCurrentOption(value, year, chosen);
  const q = debounced.length >= MIN_SEARCH_LENGTH && debounced !== current?.label ? debounced : '';
  const lines = usePlanningLineOptions(year, q);

  useEffect(() => {
    if (value && year !== null && lineYear !== null && year !== lineYear) onChange?.(null);
  }, [value, year, lineYear, onChange]);

  const options = [...(lines.data ?? [])];
  if (current && !options.some((o) => o.value === current.value)) options.unshift(current);

  return (
    <Select
      {...props}
      searchable
      clearable
      disabled={year === null || props.disabled}
      placeholder={year === null ? t('planningLine.needs_date') : t('planningLine.placeholder', { year })}
      data={options.map((o) => ({ value: o.value, label: o.label }))}
      // The server already filtered by the term.
      filter={({ options: all }) => all}
      value={value}
      searchValue={search}
      onSearchChange={setSearch}
      onChange={(id) => {
        const option = options.find((o) => o.value === id) ?? null;
        setChosen(option);
        setLineYear(option?.year ?? null);
        onChange?.(id);
      }}
      nothingFoundMessage={lines.isFetching ? t('common.loading') : t('planningLine.nothing_found', { year })}
      // The shared message speaks of transfers between lines; here the date and the line disagree.
      error={error === t('errors:field.other_year') ? t('planningLine.other_year') : error}
    />
  );
}

/** The label of a record's planning line, for its read-only view (a generic one when not among the first 20). */
export function PlanningLineText({ lineId, year }: { lineId: string | null; year: number | null }) {
  const current = useCurrentOption(lineId, year, null);
  return current?.label ?? EMPTY;
}
