import { Select, SimpleGrid } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { yearOptions } from '../../shared/years';
import { useFunderSummary } from '../api';
import type { FunderSummarySearch } from '../lib/search';
import { DateField } from '../../../../shared/ui/date-field';

/**
 * The funder summary's filters: a year (none: every year), a cooperating and a day to see the figures as of, offered from the summary of every
 * cooperating of that year (the assignment key is enough; the cooperating list needs another).
 */
export function FunderFilters({
  search,
  onChange,
}: {
  search: FunderSummarySearch;
  onChange: (patch: Partial<FunderSummarySearch>) => void;
}) {
  const { t } = useTranslation('budget');
  const all = useFunderSummary({ year: search.year });
  const cooperating = (all.data?.cooperating ?? []).map((c) => ({
    value: c.id,
    label: c.active ? `${c.code} – ${c.name}` : `${c.code} – ${c.name} (${t('common:status.inactive')})`,
  }));
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} role="group" aria-label={t('budget:summary.filters')}>
      <Select
        label={t('budget:planning.fields.year')}
        placeholder={t('budget:summary.funders.allYears')}
        data={yearOptions(search.year)}
        clearable
        value={search.year ? String(search.year) : null}
        onChange={(value) => onChange({ year: value ? Number(value) : undefined })}
      />
      <Select
        label={t('budget:summary.funders.cooperating')}
        placeholder={t('budget:summary.funders.allCooperating')}
        data={cooperating}
        searchable
        clearable
        nothingFoundMessage={t('common:status.empty')}
        value={search.cooperatingId ?? null}
        onChange={(value) => onChange({ cooperatingId: value ?? undefined })}
      />
      <DateField
        label={t('budget:summary.funders.asOf')}
        description={t('budget:summary.funders.asOfHint')}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        value={search.asOf ?? null}
        onChange={(asOf) => onChange({ asOf: asOf ?? undefined })}
      />
    </SimpleGrid>
  );
}
