import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

/**
 * Mantine's core stylesheet in two parts whose cascade does not depend on which arrives first (issue 24 section 4).
 *
 * The app's first stylesheet holds only the components the shell and the lists draw (src/shared/styles/first.ts);
 * the rest loads once the first page has drawn, or before any other page draws (src/shared/styles/load.ts). Mantine
 * writes every component into one cascade layer, `mantine`, where the later of two equal rules wins: split in two
 * files, a rule of the second file would win over one of the first it used to lose to. So each component's file is
 * put in a sub-layer of its own (`@layer mantine.Button`), and both pages declare every sub-layer at the top of their
 * <head>, in the order of Mantine's own styles.layer.css: the cascade is then Mantine's, whatever order the files load
 * in. The app's own styles, outside every layer, still win over all of Mantine's; @mantine/dates, notifications and
 * charts stay in `mantine` itself, above its sub-layers, as they came after the core styles before.
 *
 * `virtual:mantine-rest-styles` imports every component file that src/shared/styles/first.ts does not.
 */
export function mantineLayers(firstStylesFile: string): Plugin {
  const stylesDir = join(dirname(createRequire(import.meta.url).resolve('@mantine/core/styles.layer.css')), 'styles');
  const order = mantineLayerOrder(stylesDir);
  const componentFile = /@mantine[\\/]core[\\/]styles[\\/]([\w-]+)\.layer\.css$/;
  const virtualId = 'virtual:mantine-rest-styles';
  return {
    name: 'amparo-mantine-layers',
    enforce: 'pre',
    resolveId: (id) => (id === virtualId ? `\0${virtualId}` : null),
    load(id) {
      if (id !== `\0${virtualId}`) return null;
      const first = firstStyles(readFileSync(firstStylesFile, 'utf8'));
      this.addWatchFile(firstStylesFile);
      return order
        .filter((name) => !first.has(name))
        .map((name) => `import '@mantine/core/styles/${name}.layer.css';`)
        .join('\n');
    },
    transform(code, id) {
      const name = componentFile.exec(id.split('?')[0]!)?.[1];
      if (!name) return null;
      if (!order.includes(name)) this.error(`Mantine stylesheet ${name} is not in styles.layer.css`);
      if (!/^@layer mantine\s*\{/.test(code)) this.error(`Mantine stylesheet ${name} does not open @layer mantine`);
      return { code: code.replace(/^@layer mantine\s*\{/, `@layer mantine.${name} {`), map: null };
    },
    // Before the pages' inline loading state (vite.config.ts `pages`), so above every stylesheet of the page.
    transformIndexHtml: {
      order: 'pre',
      handler: (html) => {
        if (!html.includes('<!--boot-style-->')) throw new Error('a page without <!--boot-style-->');
        return html.replace(
          '<!--boot-style-->',
          `<style>@layer mantine.${order.join(', mantine.')};</style>\n    <!--boot-style-->`,
        );
      },
    },
  };
}

/**
 * Mantine's component stylesheets (`styles/<Name>.layer.css`) in the order styles.layer.css concatenates them: each
 * file's body found in it. Throws if a file is not found there once and only once (a Mantine release that builds its
 * styles another way), so the build stops instead of ordering the cascade wrongly.
 */
export function mantineLayerOrder(stylesDir: string): string[] {
  const full = readFileSync(join(stylesDir, '..', 'styles.layer.css'), 'utf8');
  const found = readdirSync(stylesDir)
    .filter((file) => file.endsWith('.layer.css'))
    .map((file) => {
      const text = readFileSync(join(stylesDir, file), 'utf8');
      const probe = text.slice(text.indexOf('{') + 1, text.lastIndexOf('}')).slice(0, 400);
      const at = full.indexOf(probe);
      if (at < 0 || full.indexOf(probe, at + 1) >= 0) throw new Error(`cannot place ${file} in styles.layer.css`);
      return { name: file.replace(/\.layer\.css$/, ''), at };
    });
  return found.sort((a, b) => a.at - b.at).map((f) => f.name);
}

/** The component stylesheets a module imports (`import '@mantine/core/styles/<Name>.layer.css'`). */
export function firstStyles(source: string): Set<string> {
  return new Set([...source.matchAll(/@mantine\/core\/styles\/([\w-]+)\.layer\.css/g)].map((m) => m[1]!));
}
