import { useState } from 'react';
import { Group, Select, Text, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import type { AssignmentItemOption } from '@amparo/shared/modules/assignment.schema';
import { MIN_SEARCH_LENGTH } from '@amparo/shared/validation';
import { formatMoney } from '../../../../shared/lib/format';
import { useAssignmentItems } from '../api';
import { itemLabel } from '../lib/items';

interface ItemPickerProps extends Omit<
  SelectProps,
  'data' | 'value' | 'onChange' | 'searchValue' | 'onSearchChange' | 'filter'
> {
  value: string | null;
  /** The id and, when one was picked, the option (its amounts). */
  onChange: (itemId: string | null, option: AssignmentItemOption | null) => void;
}

/**
 * Picks a cooperating item to assign from (`GET /api/budget/assignment-items`, key `asignacion`): the first
 * items of active cooperating when it opens, then those whose item or cooperating code or name contains what is
 * typed (searched by the server from two characters). Each option shows what is not yet assigned of the item.
 */
export function ItemPicker({ value, onChange, ...props }: ItemPickerProps) {
  const { t } = useTranslation('budget');
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<AssignmentItemOption | null>(null);
  const [debounced] = useDebouncedValue(search.trim(), 300);
  // The search box shows the chosen option's label: that is not a term to search for.
  const q = debounced.length >= MIN_SEARCH_LENGTH && (!chosen || debounced !== itemLabel(chosen)) ? debounced : '';
  const items = useAssignmentItems(q ? { q } : {});
  const options = [...(items.data ?? [])];
  if (chosen && !options.some((o) => o.itemId === chosen.itemId)) options.unshift(chosen);
  const byId = new Map(options.map((o) => [o.itemId, o]));

  return (
    <Select
      {...props}
      searchable
      clearable
      data={options.map((o) => ({ value: o.itemId, label: itemLabel(o) }))}
      // The server already filtered by the term.
      filter={({ options: all }) => all}
      value={value}
      searchValue={search}
      onSearchChange={setSearch}
      onChange={(id) => {
        const option = id ? (byId.get(id) ?? null) : null;
        setChosen(option);
        onChange(id, option);
      }}
      renderOption={({ option }) => {
        const o = byId.get(option.value);
        return (
          <Group justify="space-between" wrap="nowrap" w="100%" gap="sm">
            <Text size="sm">{option.label}</Text>
            {o && (
              <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                {t('budget:assignment.picker.unassigned', { amount: formatMoney(o.unassigned) })}
              </Text>
            )}
          </Group>
        );
      }}
      nothingFoundMessage={
        items.isFetching ? t('budget:assignment.picker.searching') : t('budget:assignment.picker.none')
      }
    />
  );
}
