import { useMemo, type KeyboardEvent } from 'react';
import tabsClasses from './tabs.module.css';
import {
  createTheme,
  darken,
  lighten,
  luminance,
  type ComboboxProps,
  type CSSVariablesResolver,
  type DrawerProps,
  type FileInputProps,
  type ModalProps,
  type NotificationProps,
  type PaginationProps,
  type PasswordInputProps,
} from '@mantine/core';
import type { DateInputProps } from '@mantine/dates';
import { useTranslation } from 'react-i18next';
import type { AccordionProps, CollapseProps, HoverCardProps, MenuProps, TooltipProps } from '@mantine/core';
import { ACCORDION_SLIDE_MS, MENU_HOVER_DELAY_MS } from '../shared/lib/ui-constants';

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
  return useMemo(() => {
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
  }, [t]);
}

function preventEnter(event: KeyboardEvent<HTMLInputElement>) {
  if (event.key === 'Enter') event.preventDefault();
}

/** Above this luminance a filled shade carries dark text (Mantine autoContrast), below it white. */
const LUMINANCE_THRESHOLD = 0.45;

/** WCAG 2.1 contrast ratio of two colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

/** WCAG AA for normal text (success criterion 1.4.3); a small margin absorbs rounding in browsers. */
export const TEXT_CONTRAST = 4.6;

/**
 * `color`, moved away from `background` in small steps (darker on a light
 * background, lighter on a dark one) until text in it reaches TEXT_CONTRAST.
 */
export function readableOn(color: string, background: string): string {
  const shift = luminance(background) > 0.18 ? darken : lighten;
  let out = color;
  for (let step = 1; contrastRatio(out, background) < TEXT_CONTRAST && step <= 20; step++)
    out = shift(color, step * 0.05);
  return out;
}

/** The first of `shades` (dark last) that white text can sit on, else the darkest one darkened until it can. */
function filledShade(shades: readonly string[], from: number): string {
  const found = shades.slice(from).find((s) => contrastRatio(s, '#ffffff') >= TEXT_CONTRAST);
  return found ?? readableOn(shades[shades.length - 1]!, '#ffffff');
}

/**
 * Colours that meet WCAG AA (issue 11 item 2), for every palette of the theme
 * so later modules inherit them: Mantine's default filled shades (teal 6 under
 * white text: 2.6:1), light badges' text (teal 9 on teal 1: 4.3:1), links and
 * dimmed text (gray 6: 3.3:1) all fell short. Filled buttons and badges use
 * the first shade white text reaches 4.6:1 on, hovering darker (yellow and lime
 * keep dark text instead, by autoContrast); light
 * variants darken their text against their own background; dimmed text is
 * gray 7 (8.2:1) in light and dark 1 (7.8:1) in dark; a field's error text is red
 * darkened (or lightened in dark) to 4.6:1.
 */
export const cssVariablesResolver: CSSVariablesResolver = (theme) => {
  const light: Record<string, string> = {};
  const dark: Record<string, string> = {};
  for (const [name, shades] of Object.entries(theme.colors)) {
    if (name === 'dark') continue;
    Object.assign(light, {
      [`--mantine-color-${name}-light-color`]: readableOn(shades[9]!, shades[1]!),
    });
    // Yellow and lime: autoContrast already puts dark text on them.
    if (luminance(shades[6]!) > LUMINANCE_THRESHOLD) continue;
    const lightFilled = filledShade(shades, 6);
    const darkFilled = filledShade(shades, 8);
    Object.assign(light, {
      [`--mantine-color-${name}-filled`]: lightFilled,
      [`--mantine-color-${name}-filled-hover`]: darken(lightFilled, 0.12),
      [`--mantine-color-${name}-outline`]: lightFilled,
    });
    Object.assign(dark, {
      [`--mantine-color-${name}-filled`]: darkFilled,
      [`--mantine-color-${name}-filled-hover`]: darken(darkFilled, 0.12),
    });
  }
  const primary = theme.colors[theme.primaryColor]!;
  return {
    variables: {},
    light: {
      ...light,
      '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
      // Placeholders are text too: a FileInput's or Select's placeholder is read as its value.
      '--mantine-color-placeholder': readableOn(theme.colors.gray[5]!, theme.white),
      '--mantine-color-anchor': filledShade(primary, 6),
      // A field's error text (Mantine's red 6 on white: 3.3:1).
      '--mantine-color-error': readableOn(theme.colors.red[6]!, theme.white),
    },
    dark: {
      ...dark,
      '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
      // On an input's dark-6 background.
      '--mantine-color-placeholder': readableOn(theme.colors.dark[3]!, theme.colors.dark[6]!),
      '--mantine-color-error': readableOn(theme.colors.red[6]!, theme.colors.dark[7]!),
    },
  };
};
