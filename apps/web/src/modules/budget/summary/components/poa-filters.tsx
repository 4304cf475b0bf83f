import { Select, SimpleGrid } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../../shared/lib/format';
import { yearOptions } from '../../shared/years';
import { usePlanYear } from '../../plan/api';
import type { PoaSummarySearch } from '../lib/search';

const CURRENT = 'current';

/**
 * The POA summary's filters: the year, and what to show of it: the lines as they are now ('Vigente') or one
 * of the year's approved revisions as it stood when approved.
 */
export function PoaFilters({
  search,
  onChange,
}: {
  search: PoaSummarySearch;
  onChange: (patch: Partial<PoaSummarySearch>) => void;
}) {
  const { t } = useTranslation('budget');
  const plan = usePlanYear(search.year);
  const revisions = plan.data?.revisions ?? [];
  const revisionData = [
    { value: CURRENT, label: t('budget:summary.poa.current') },
    ...[...revisions].reverse().map((r) => ({
      value: String(r.revision),
      label: t('budget:summary.poa.revisionOption', { revision: r.revision, date: formatDate(r.approvedAt) }),
    })),
  ];
  // A revision asked in the URL shows before the year's plan is loaded.
  if (search.revision && !revisions.some((r) => r.revision === search.revision))
    revisionData.push({
      value: String(search.revision),
      label: t('budget:summary.poa.revisionOption', { revision: search.revision, date: '…' }),
    });

  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} role="group" aria-label={t('budget:summary.filters')}>
      <Select
        label={t('budget:planning.fields.year')}
        data={yearOptions(search.year)}
        allowDeselect={false}
        value={String(search.year)}
        onChange={(value) => value && onChange({ year: Number(value), revision: undefined })}
      />
      <Select
        label={t('budget:summary.poa.revision')}
        description={t('budget:summary.poa.revisionHint')}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        data={revisionData}
        allowDeselect={false}
        value={search.revision ? String(search.revision) : CURRENT}
        onChange={(value) => onChange({ revision: !value || value === CURRENT ? undefined : Number(value) })}
      />
    </SimpleGrid>
  );
}
