import { useState } from 'react';
import { Group, NumberInput, Select } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import {
  VOUCHER_MOVEMENT_KINDS,
  VOUCHER_NUMBER_MAX,
  type VoucherMovementKind,
} from '@amparo/shared/modules/vouchers.schema';
import type { VoucherMovementsSearch } from '../api/list-search';

type Filters = Pick<VoucherMovementsSearch, 'number' | 'movement'>;

interface MovementsFiltersProps {
  search: Filters;
  /** One filter changed; the page goes back to its first page. */
  onChange: (patch: Partial<Filters>) => void;
}

const FILTER_WIDTH = 220;

/** A range's movements' filters: one voucher's number (sent 300 ms after typing stops) and the movement's kind. */
export function MovementsFilters({ search, onChange }: MovementsFiltersProps) {
  const { t } = useTranslation('vouchers');
  const [number, setNumber] = useState<number | string>(search.number ?? '');
  // The number last sent (or read from the URL): back and forward update the box without fighting the typing.
  const [synced, setSynced] = useState(search.number);
  if (search.number !== synced) {
    setSynced(search.number);
    setNumber(search.number ?? '');
  }
  const send = useDebouncedCallback((value: number | string) => {
    const next = typeof value === 'number' && value >= 1 ? value : undefined;
    if (next === search.number) return;
    setSynced(next);
    onChange({ number: next });
  }, 300);

  return (
    <Group align="flex-start" wrap="wrap">
      <NumberInput
        label={t('vouchers:movements.number')}
        w={FILTER_WIDTH}
        allowDecimal={false}
        allowNegative={false}
        hideControls
        min={1}
        max={VOUCHER_NUMBER_MAX}
        value={number}
        onChange={(value) => {
          setNumber(value);
          send(value);
        }}
      />
      <Select
        label={t('vouchers:movements.kind')}
        placeholder={t('vouchers:any')}
        w={FILTER_WIDTH}
        clearable
        data={VOUCHER_MOVEMENT_KINDS.map((value) => ({ value, label: t(`vouchers:movements.kinds.${value}`) }))}
        value={search.movement ?? null}
        onChange={(value) => onChange({ movement: (value ?? undefined) as VoucherMovementKind | undefined })}
      />
    </Group>
  );
}
