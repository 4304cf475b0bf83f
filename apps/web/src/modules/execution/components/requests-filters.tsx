import { Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  REQUEST_STATUSES,
  REQUEST_TYPES,
  type RequestStatus,
  type RequestType,
} from '@amparo/shared/modules/execution.schema';
import { LazySelect } from '../../../shared/ui/lazy-select/lazy-select';
import { RemoteMultiSelect, type RemoteOption } from './remote-multi-select';
import { SearchBox } from '../../../shared/ui/search-box';
import type { RequestsSearch } from '../api/list-search';
import { requestYearOptions } from '../lib/month';

type Filters = Pick<RequestsSearch, 'q' | 'status' | 'type' | 'year' | 'month' | 'urgent' | 'requesterId'>;

interface RequestsFiltersProps {
  search: Filters;
  /** One filter changed; the page goes back to its first page. */
  onChange: (patch: Partial<Filters>) => void;
  /** Every requester's list (the chain's deciders): a requester filter too, with the chosen one's name. */
  requester?: { known: RemoteOption[] } | null;
}

const userOption = (u: { id: string; fullName: string }): RemoteOption => ({ value: u.id, label: u.fullName });

const MONTHS = Array.from({ length: 12 }, (_, i) => i + 1);

/** The requests list's filters: a search (number or description), status, type, planned year and month, urgency. */
export function RequestsFilters({ search, onChange, requester = null }: RequestsFiltersProps) {
  const { t } = useTranslation('execution');
  return (
    <Group align="flex-start" wrap="wrap">
      <SearchBox
        value={search.q}
        onSearch={(value) => onChange({ q: value })}
        label={t('common:actions.search')}
        placeholder={t('execution:searchPlaceholder')}
        clearLabel={t('common:actions.clear')}
      />
      <LazySelect
        label={t('execution:fields.status')}
        placeholder={t('execution:any')}
        w={200}
        clearable
        data={REQUEST_STATUSES.map((value) => ({ value, label: t(`execution:statuses.${value}`) }))}
        value={search.status ?? null}
        onChange={(value) => onChange({ status: (value ?? undefined) as RequestStatus | undefined })}
      />
      <LazySelect
        label={t('execution:fields.type')}
        placeholder={t('execution:any')}
        w={180}
        clearable
        data={REQUEST_TYPES.map((value) => ({ value, label: t(`execution:types.${value}`) }))}
        value={search.type ?? null}
        onChange={(value) => onChange({ type: (value ?? undefined) as RequestType | undefined })}
      />
      <LazySelect
        label={t('execution:fields.year')}
        placeholder={t('execution:any')}
        w={130}
        clearable
        data={requestYearOptions(search.year).map(String)}
        value={search.year ? String(search.year) : null}
        onChange={(value) => onChange({ year: value ? Number(value) : undefined })}
      />
      <LazySelect
        label={t('execution:fields.monthOnly')}
        placeholder={t('execution:any')}
        w={140}
        clearable
        data={MONTHS.map((m) => ({ value: String(m), label: t(`execution:months.${m}`) }))}
        value={search.month ? String(search.month) : null}
        onChange={(value) => onChange({ month: value ? Number(value) : undefined })}
      />
      <LazySelect
        label={t('execution:fields.urgent')}
        w={150}
        allowDeselect={false}
        data={[
          { value: 'all', label: t('execution:urgency.all') },
          { value: 'true', label: t('execution:urgency.yes') },
          { value: 'false', label: t('execution:urgency.no') },
        ]}
        value={search.urgent ?? 'all'}
        onChange={(value) => onChange({ urgent: value === 'true' || value === 'false' ? value : undefined })}
      />
      {requester && (
        <RemoteMultiSelect
          label={t('execution:fields.requester')}
          placeholder={t('execution:any')}
          w={240}
          maxValues={1}
          path="execution/lookup/users"
          toOption={userOption}
          known={requester.known}
          value={search.requesterId ? [search.requesterId] : []}
          onChange={(ids) => onChange({ requesterId: ids[0] })}
        />
      )}
    </Group>
  );
}
