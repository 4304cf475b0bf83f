import type { ComboboxGenericItem, ComboboxItemGroup } from '@mantine/core';

type Entry = string | ComboboxGenericItem | { value: string; label?: string };
type Data = readonly (Entry | ComboboxItemGroup<Entry>)[];

/**
 * The label Mantine's Select shows for `value` in `data` (plain strings, `{ value, label }` items, or groups of
 * either), or '' when no option has it, as the Select shows an unknown value. An item without a label shows its
 * value.
 */
export function optionLabel(data: Data | undefined, value: string | null | undefined): string {
  if (value == null || !data) return '';
  for (const entry of data) {
    if (typeof entry === 'string') {
      if (entry === value) return entry;
    } else if ('group' in entry) {
      const found = optionLabel(entry.items, value);
      if (found) return found;
    } else if (entry.value === value) {
      return ('label' in entry && entry.label) || entry.value;
    }
  }
  return '';
}
