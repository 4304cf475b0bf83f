import { Select, Text, type SelectProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../../shared/lib/format';
import { useFunderItems } from '../api';

interface Props extends Omit<SelectProps, 'data' | 'value' | 'onChange'> {
  /** The year whose figures the items show (the year carried from); null until one is chosen. */
  year: number | null;
  value?: string | null;
  onChange?: (value: string | null) => void;
}

/**
 * A cooperating's item, grouped by cooperating ('code - name'), from the funder summary of `year`; under it what
 * the chosen item has left in that year (assigned − committed − executed, before any carry-forward).
 */
export function CarryForwardItemPicker({ year, value = null, onChange, ...props }: Props) {
  const { t } = useTranslation('budget');
  const funders = useFunderItems(year);
  const cooperating = funders.data?.cooperating ?? [];
  const chosen = cooperating.flatMap((c) => c.items).find((i) => i.id === value);
  return (
    <Select
      {...props}
      searchable
      clearable
      data={cooperating
        .filter((c) => c.items.length > 0)
        .map((c) => ({
          group: `${c.code} - ${c.name}`,
          items: c.items.map((i) => ({ value: i.id, label: `${c.code} · ${i.code} - ${i.name}` })),
        }))}
      value={value}
      onChange={(id) => onChange?.(id)}
      nothingFoundMessage={funders.isFetching ? t('common:status.loading') : t('common:status.empty')}
      description={
        chosen && year !== null ? (
          <Text span size="xs" data-testid="carry-forward-available">
            {t('budget:carryForward.form.available', { year, amount: formatMoney(chosen.available) })}
          </Text>
        ) : undefined
      }
    />
  );
}
