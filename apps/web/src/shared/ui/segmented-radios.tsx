import { useId } from 'react';
import classes from './segmented-radios.module.css';

interface SegmentedRadiosProps<V extends string> {
  /** The group's accessible name. */
  label: string;
  value: V;
  options: readonly { value: V; label: string }[];
  onChange: (value: V) => void;
  size?: 'xs' | 'sm';
}

/**
 * A choice of a few options drawn as Mantine's SegmentedControl, made of native radios: a radio group (arrow keys,
 * announced by screen readers). Mantine's SegmentedControl measured its indicator after every render, a forced
 * layout of the whole page on each first load (issue 11 item 8), and brought its floating indicator into the
 * page's scripts (issue 24 section 4).
 */
export function SegmentedRadios<V extends string>({
  label,
  value,
  options,
  onChange,
  size = 'xs',
}: SegmentedRadiosProps<V>) {
  const name = useId();
  return (
    <div role="radiogroup" aria-label={label} className={classes.group} data-size={size}>
      {options.map((option) => (
        <label key={option.value} className={classes.option}>
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={value === option.value}
            onChange={() => onChange(option.value)}
          />
          {option.label}
        </label>
      ))}
    </div>
  );
}
