import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CATALOG_NAMES } from '@amparo/shared/modules/catalogs.schema';

/**
 * Issue 11 item 3: no screen shows a raw translation key. Every key the web
 * source names in a `t(...)` call (or `i18nKey`) must exist in both Spanish
 * and English. A key without a namespace belongs to the file's
 * `useTranslation(namespace)` (`common` for `useTranslation()`); a key built
 * at run time (`t(\`catalogs:names.${name}\`)`) must at least lead to a group
 * of keys, and the catalog names the server knows are checked one by one.
 */
const SRC = new URL('..', import.meta.url).pathname;
const LOCALES = new URL('.', import.meta.url).pathname;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'locales' ? [] : sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

type Tree = Record<string, unknown>;
const load = (lang: string): Record<string, Tree> =>
  Object.fromEntries(
    readdirSync(join(LOCALES, lang)).map((f) => [
      f.replace('.json', ''),
      JSON.parse(readFileSync(join(LOCALES, lang, f), 'utf8')) as Tree,
    ]),
  );

/** The value at a dotted path, or undefined. */
function at(tree: Tree | undefined, path: string): unknown {
  return path.split('.').reduce<unknown>((node, part) => (node as Tree | undefined)?.[part], tree);
}

/** Whether `key` resolves in `tree` as i18next would: the key itself or its plural forms. */
function resolves(tree: Tree | undefined, key: string): boolean {
  return ['', '_one', '_other', '_zero'].some((suffix) => typeof at(tree, key + suffix) === 'string');
}

interface Use {
  file: string;
  key: string;
  /** Namespaces to look in when the key names none. */
  namespaces: string[];
  /** Built at run time: only its fixed start is known. */
  prefix: boolean;
}

function usesIn(file: string): Use[] {
  const text = readFileSync(file, 'utf8');
  const namespaces = new Set<string>();
  for (const m of text.matchAll(/useTranslation\(\s*(\[[^\]]*\]|'[^']*'|"[^"]*")?\s*\)/g)) {
    if (!m[1]) namespaces.add('common');
    else for (const ns of m[1].matchAll(/['"]([^'"]+)['"]/g)) namespaces.add(ns[1]!);
  }
  // A file with none (a helper given `t`) is checked against every namespace it could be called with.
  const fileNamespaces = namespaces.size > 0 ? [...namespaces] : [];
  const uses: Use[] = [];
  const calls = /(?:\bt|i18n\.t)\(\s*(['"`])((?:(?!\1).)*)\1/g;
  const attributes = /i18nKey=(['"])([^'"]+)\1/g;
  for (const re of [calls, attributes])
    for (const m of text.matchAll(re)) {
      const raw = m[2]!;
      const dynamic = raw.indexOf('${');
      const key = dynamic >= 0 ? raw.slice(0, dynamic) : raw;
      if (dynamic >= 0 && !/[.:]$/.test(key)) continue; // e.g. t(`${prefix}.x`): nothing fixed to check
      uses.push({ file: relative(SRC, file), key, namespaces: fileNamespaces, prefix: dynamic >= 0 });
    }
  return uses;
}

describe('translation keys used by the web source', () => {
  const files = sourceFiles(SRC);
  const uses = files.flatMap(usesIn);

  it('finds the calls it checks', () => {
    expect(files.length).toBeGreaterThan(50);
    expect(uses.length).toBeGreaterThan(500);
  });

  for (const lang of ['es', 'en']) {
    it(`exist in ${lang}`, () => {
      const tree = load(lang);
      const missing: string[] = [];
      for (const use of uses) {
        const [ns, key] = use.key.includes(':') ? use.key.split(':', 2) : [null, use.key];
        const candidates = ns ? [ns] : use.namespaces;
        if (candidates.length === 0) continue; // no namespace known for this file
        const ok = candidates.some((n) => {
          if (!use.prefix) return resolves(tree[n!], key!);
          const group = key!.replace(/[.:]$/, '');
          return group === '' || typeof at(tree[n!], group) === 'object';
        });
        if (!ok) missing.push(`${use.file}: ${use.key}${use.prefix ? '…' : ''} (${candidates.join(', ')})`);
      }
      expect([...new Set(missing)]).toEqual([]);
    });

    it(`name every catalog in ${lang}`, () => {
      const names = at(load(lang).catalogs, 'names') as Tree;
      expect(CATALOG_NAMES.filter((name) => typeof names[name] !== 'string')).toEqual([]);
    });
  }
});
