import { ActionIcon, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import { IconMoon, IconSun } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { THEME_SWITCH_MS } from '../lib/ui-constants';

/**
 * A style sheet that, while it is in the page, turns every colour change into a THEME_SWITCH_MS cross-fade
 * (spec section 9: theme switch 300 ms). It is added just before the scheme changes and removed after, so
 * the rest of the time hovers and other transitions keep their own timing.
 */
function fadeColours(): () => void {
  const style = document.createElement('style');
  style.textContent = `*, *::before, *::after { transition: background-color ${THEME_SWITCH_MS}ms ease, color ${THEME_SWITCH_MS}ms ease, border-color ${THEME_SWITCH_MS}ms ease, fill ${THEME_SWITCH_MS}ms ease !important; }`;
  document.head.appendChild(style);
  return () => style.remove();
}

/** Light/dark switch. A plain `title` instead of Mantine's Tooltip keeps floating-ui off the sign-in page. */
export function ThemeToggle() {
  const { t } = useTranslation();
  const { setColorScheme } = useMantineColorScheme();
  const scheme = useComputedColorScheme('light');
  const reduceMotion = useReducedMotion();
  const label = scheme === 'dark' ? t('common:shell.themeLight') : t('common:shell.themeDark');
  const toggle = () => {
    // With reduced motion the colours change at once.
    const done = reduceMotion ? null : fadeColours();
    setColorScheme(scheme === 'dark' ? 'light' : 'dark');
    if (done) window.setTimeout(done, THEME_SWITCH_MS);
  };
  return (
    <ActionIcon variant="default" size="lg" aria-label={label} title={label} onClick={toggle}>
      {scheme === 'dark' ? <IconSun size={18} /> : <IconMoon size={18} />}
    </ActionIcon>
  );
}
