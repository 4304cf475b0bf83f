import { useMemo, type KeyboardEvent } from 'react';
import tabsClasses from './tabs.module.css';
import {
  createTheme,
  type ComboboxProps,
  type DrawerProps,
  type FileInputProps,
  type ModalProps,
  type NotificationProps,
  type PaginationProps,
  type PasswordInputProps,
} from '@mantine/core';
import type { DateInputProps } from '@mantine/dates';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { AccordionProps, CollapseProps, HoverCardProps, MenuProps, TooltipProps } from '@mantine/core';
import { ACCORDION_SLIDE_MS, MENU_HOVER_DELAY_MS } from '../shared/lib/ui-constants';

/** Above this luminance a filled shade carries dark text (Mantine autoContrast), below it white. */
export const LUMINANCE_THRESHOLD = 0.45;

/**
 * The Mantine theme. It gives Mantine's own icon-only buttons (close, clear,
 * show password, page arrows) accessible names in the UI language, so it is
 * rebuilt when the language changes. Plain objects with `satisfies`, not
 * `Component.extend`: importing the components here would put Modal, Drawer,
 * Pagination and @mantine/dates into the sign-in page's first load (~35 KB).
 */
export function useAppTheme() {
  // t is a new function whenever the language changes.
  const { t } = useTranslation();
  return useMemo(() => appTheme(t), [t]);
}

/**
 * The theme for a translation function. Its colours, radius and contrast settings (not its labels) make the CSS
 * variables of theme-variables.css, which theme-variables.test.ts writes from it.
 */
export function appTheme(t: TFunction) {
  const close = { 'aria-label': t('actions.close') };
  const clear = { 'aria-label': t('actions.clear') };
  return createTheme({
    primaryColor: 'teal',
    // Dark shades of the filled variant carry white text (see cssVariablesResolver); a yellow Button or
    // Badge keeps readable dark text instead of turning brown.
    autoContrast: true,
    luminanceThreshold: LUMINANCE_THRESHOLD,
    defaultRadius: 'md',
    components: {
      Modal: { defaultProps: { closeButtonProps: close } satisfies Partial<ModalProps> },
      Tabs: { classNames: tabsClasses },
      Drawer: { defaultProps: { closeButtonProps: close } satisfies Partial<DrawerProps> },
      Notification: { defaultProps: { closeButtonProps: close } satisfies Partial<NotificationProps> },
      FileInput: { defaultProps: { clearButtonProps: clear } satisfies Partial<FileInputProps> },
      PasswordInput: {
        defaultProps: {
          visibilityToggleButtonProps: { 'aria-label': t('password.toggleVisibility') },
        } satisfies Partial<PasswordInputProps>,
      },
      Pagination: {
        defaultProps: {
          getControlProps: (control) => ({ 'aria-label': t(`pagination.${control}`) }),
          getItemProps: (page) => ({ 'aria-label': t('pagination.page', { page }) }),
        } satisfies Partial<PaginationProps>,
      },
      DateInput: {
        defaultProps: {
          clearButtonProps: clear,
          // Focus stays in the input while its calendar is open, and a Modal
          // closes on any Escape unless the focused element carries this flag:
          // without it, Escape meant for the calendar closed the whole dialog.
          'data-mantine-stop-propagation': true,
          // Enter in a date field never sends the form (issue 11 item 6): the typed date is read on blur,
          // so Enter sent the form without it (a person was saved without its admission reason).
          onKeyDown: preventEnter,
        } satisfies Partial<DateInputProps> & Record<`data-${string}`, unknown>,
      },
      // Spec section 9 timings (shared/lib/ui-constants.ts). Delays apply only to what opens on hover;
      // a tooltip opens after the delay but closes at once, so it never hides what the pointer moved to.
      Menu: {
        defaultProps: {
          openDelay: MENU_HOVER_DELAY_MS,
          closeDelay: MENU_HOVER_DELAY_MS,
        } satisfies Partial<MenuProps>,
      },
      HoverCard: {
        defaultProps: {
          openDelay: MENU_HOVER_DELAY_MS,
          closeDelay: MENU_HOVER_DELAY_MS,
        } satisfies Partial<HoverCardProps>,
      },
      Tooltip: { defaultProps: { openDelay: MENU_HOVER_DELAY_MS } satisfies Partial<TooltipProps> },
      Accordion: { defaultProps: { transitionDuration: ACCORDION_SLIDE_MS } satisfies Partial<AccordionProps> },
      // Also the side menu's groups: NavLink opens its children with a Collapse.
      Collapse: { defaultProps: { transitionDuration: ACCORDION_SLIDE_MS } satisfies Partial<CollapseProps> },
      // Mantine 9 keeps every closed Select's option list in the page: the person list's ten selects drew some
      // 230 hidden nodes on its first render (issue 11 item 8). A list is drawn when it opens.
      Combobox: { defaultProps: { keepMounted: false } satisfies Partial<ComboboxProps> },
    },
  });
}

function preventEnter(event: KeyboardEvent<HTMLInputElement>) {
  if (event.key === 'Enter') event.preventDefault();
}
