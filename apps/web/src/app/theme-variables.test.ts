import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { MantineProvider } from '@mantine/core';
import type { TFunction } from 'i18next';
import { appTheme } from './theme';
import { cssVariablesResolver } from './theme-variables';

const here = (file: string) => new URL(file, import.meta.url);

describe("the theme's static CSS variables (issue 24 section 4)", () => {
  // What Mantine's provider would inject on every start (the theme's colour variables and its global classes),
  // written once into theme-variables.css; a change of the theme fails here until the file is rewritten (vitest -u).
  it('are what Mantine computes from the theme', async () => {
    const html = renderToString(
      createElement(MantineProvider, {
        theme: appTheme(((key: string) => key) as unknown as TFunction),
        cssVariablesResolver,
        children: null,
      }),
    );
    const styles = [...html.matchAll(/<style data-mantine-styles="[^"]*">([\s\S]*?)<\/style>/g)].map((m) => m[1]);
    expect(styles).toHaveLength(2);
    const css = `/* Written by theme-variables.test.ts from app/theme.ts and app/theme-variables.ts (vitest -u): do not edit. */\n${styles.join('\n')}\n`;
    await expect(css).toMatchFileSnapshot('./theme-variables.css');
  });

  it('are loaded by both pages, whose provider injects none of its own', () => {
    for (const entry of ['../main.tsx', '../sign-in.tsx'])
      expect(readFileSync(here(entry), 'utf8')).toContain("import './app/theme-variables.css';");
    const provider = readFileSync(here('./theme-provider.tsx'), 'utf8');
    expect(provider).toContain('withCssVariables={false}');
    expect(provider).toContain('withGlobalClasses={false}');
  });
});
