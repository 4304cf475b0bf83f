import { darken, lighten, luminance, type CSSVariablesResolver } from '@mantine/core';
import { LUMINANCE_THRESHOLD } from './theme';

// The theme's colour variables, computed at build time rather than on every start (issue 24 section 4: Mantine's
// CSS variables component took about 110 ms of a phone's 4x-slowed start-up, again on every language change):
// theme-variables.test.ts renders them with Mantine's own provider into theme-variables.css, which both pages load.

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
