import { PasswordInput, type PasswordInputProps } from '@mantine/core';

/**
 * Mantine's PasswordInput, with its error also told to assistive technology: Mantine marks the inner input
 * `data-invalid` but not `aria-invalid` (it is `withAria: false`), so a screen reader did not hear that the
 * password was refused, and the refused-save focus (error-focus.ts) skipped it. Use it for every password.
 */
export function PasswordField(props: PasswordInputProps) {
  return <PasswordInput aria-invalid={props.error ? true : undefined} {...props} />;
}
