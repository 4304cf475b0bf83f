import { Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { VOUCHER_KINDS, VOUCHER_RANGE_STATES, type VoucherKind } from '@amparo/shared/modules/vouchers.schema';
import { LazySelect } from '../../../shared/ui/lazy-select/lazy-select';
import { SearchBox } from '../../../shared/ui/search-box';
import type { VouchersSearch } from '../api/list-search';

type Filters = Pick<VouchersSearch, 'q' | 'type' | 'state'>;

interface VouchersFiltersProps {
  search: Filters;
  /** One filter changed; the page goes back to its first page. */
  onChange: (patch: Partial<Filters>) => void;
}

const FILTER_WIDTH = 220;
const STATES = ['all', 'usable', ...VOUCHER_RANGE_STATES] as const;

/** The vouchers list's filters: a search (description, series or a voucher number), the kind and the state. */
export function VouchersFilters({ search, onChange }: VouchersFiltersProps) {
  const { t } = useTranslation('vouchers');
  return (
    <Group align="flex-start" wrap="wrap">
      <SearchBox
        value={search.q}
        onSearch={(value) => onChange({ q: value })}
        label={t('common:actions.search')}
        placeholder={t('vouchers:searchPlaceholder')}
        clearLabel={t('common:actions.clear')}
      />
      <LazySelect
        label={t('vouchers:fields.kind')}
        placeholder={t('vouchers:any')}
        w={FILTER_WIDTH}
        clearable
        data={VOUCHER_KINDS.map((value) => ({ value, label: t(`vouchers:kinds.${value}`) }))}
        value={search.type ?? null}
        onChange={(value) => onChange({ type: (value ?? undefined) as VoucherKind | undefined })}
      />
      <LazySelect
        label={t('vouchers:fields.state')}
        w={FILTER_WIDTH}
        allowDeselect={false}
        data={STATES.map((value) => ({ value, label: t(`vouchers:states.${value}`) }))}
        value={search.state}
        onChange={(value) => onChange({ state: (value ?? 'all') as VouchersSearch['state'] })}
      />
    </Group>
  );
}
