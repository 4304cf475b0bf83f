import { TextInput, type TextInputProps } from '@mantine/core';
import { NumericFormat } from 'react-number-format';

type Props = Omit<TextInputProps, 'value' | 'onChange' | 'defaultValue' | 'type'> & {
  /** The amount as a decimal string ('500000.50'), as the form keeps it and the API takes it; '' when empty. */
  value?: string;
  /** Called with the decimal string typed, separators removed ('500000.5'); never a float. */
  onChange?: (value: string) => void;
  /** The currency shown before the amount (Q by default; an agreement's ISO code elsewhere). */
  currency?: string;
};

/**
 * An amount of money typed as people read it (issue 24 section 6, item 8): the input shows 'Q 500,000.50',
 * grouping the thousands while typing, and the form gets '500000.50'. react-number-format keeps the caret in
 * place as separators come and go and hands back the unformatted text (`values.value`), so the amount never
 * passes through a JavaScript number. Two decimals at most; the form's zod contract still checks the rest.
 */
export function MoneyInput({ value, onChange, currency = 'Q', ...rest }: Props) {
  return (
    <NumericFormat
      customInput={TextInput}
      {...rest}
      value={value ?? ''}
      valueIsNumericString
      thousandSeparator=","
      decimalSeparator="."
      decimalScale={2}
      allowNegative={false}
      inputMode="decimal"
      leftSection={currency}
      onValueChange={(values, source) => {
        // Only the user's typing: a value set from outside is already the form's.
        if (source.source === 'event') onChange?.(values.value);
      }}
    />
  );
}
