import { Select, type SelectProps } from '@mantine/core';
import { useMonthOptions } from '../lib/months';

interface MonthSelectProps extends Omit<SelectProps, 'data' | 'value' | 'onChange'> {
  /** 1–12, or null when none is chosen. */
  value?: number | null;
  onChange?: (month: number | null) => void;
}

/** A month of the line's year (1–12), by its name in the UI language; takes `form.getInputProps(field)`. */
export function MonthSelect({ value, onChange, ...props }: MonthSelectProps) {
  const options = useMonthOptions();
  return (
    <Select
      allowDeselect={false}
      {...props}
      data={options}
      value={value ? String(value) : null}
      onChange={(v) => onChange?.(v ? Number(v) : null)}
    />
  );
}
