import { useMemo } from 'react';
import { createTheme, Drawer, FileInput, Modal, Notification, Pagination, PasswordInput } from '@mantine/core';
import type { DateInputProps } from '@mantine/dates';
import { useTranslation } from 'react-i18next';

/**
 * The Mantine theme. It gives Mantine's own icon-only buttons (close, clear,
 * show password, page arrows) accessible names in the UI language, so it is
 * rebuilt when the language changes.
 */
export function useAppTheme() {
  // t is a new function whenever the language changes.
  const { t } = useTranslation();
  return useMemo(() => {
    const close = { 'aria-label': t('actions.close') };
    const clear = { 'aria-label': t('actions.clear') };
    return createTheme({
      primaryColor: 'teal',
      defaultRadius: 'md',
      components: {
        Modal: Modal.extend({ defaultProps: { closeButtonProps: close } }),
        Drawer: Drawer.extend({ defaultProps: { closeButtonProps: close } }),
        Notification: Notification.extend({ defaultProps: { closeButtonProps: close } }),
        FileInput: FileInput.extend({ defaultProps: { clearButtonProps: clear } }),
        PasswordInput: PasswordInput.extend({
          defaultProps: { visibilityToggleButtonProps: { 'aria-label': t('password.toggleVisibility') } },
        }),
        Pagination: Pagination.extend({
          defaultProps: { getControlProps: (control) => ({ 'aria-label': t(`pagination.${control}`) }) },
        }),
        // A plain object, not DateInput.extend: importing DateInput here would
        // pull @mantine/dates into the first bundle.
        DateInput: {
          defaultProps: {
            clearButtonProps: clear,
            // Focus stays in the input while its calendar is open, and a Modal
            // closes on any Escape unless the focused element carries this flag:
            // without it, Escape meant for the calendar closed the whole dialog.
            'data-mantine-stop-propagation': true,
          } satisfies Partial<DateInputProps> & Record<`data-${string}`, unknown>,
        },
      },
    });
  }, [t]);
}
