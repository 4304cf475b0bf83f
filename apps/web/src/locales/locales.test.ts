import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES, FIELD_ERROR_CODES } from '@amparo/shared/errors';

const dir = new URL('.', import.meta.url).pathname;
const load = (lang: string) =>
  Object.fromEntries(
    readdirSync(join(dir, lang)).map((f) => [
      f.replace('.json', ''),
      JSON.parse(readFileSync(join(dir, lang, f), 'utf8')),
    ]),
  );

function keys(obj: unknown, prefix = ''): string[] {
  if (typeof obj !== 'object' || obj === null) return [prefix];
  return Object.entries(obj).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

describe('locales', () => {
  const es = load('es');
  const en = load('en');

  it('have the same namespaces and keys in Spanish and English, none empty', () => {
    expect(Object.keys(en).sort()).toEqual(Object.keys(es).sort());
    for (const ns of Object.keys(es)) {
      expect(keys(en[ns]).sort(), ns).toEqual(keys(es[ns]).sort());
      for (const lang of [es, en])
        for (const k of keys(lang[ns])) {
          const value = k.split('.').reduce<unknown>((o, p) => (o as Record<string, unknown>)[p], lang[ns]);
          expect(typeof value === 'string' && value.trim().length > 0, `${ns}:${k}`).toBe(true);
        }
    }
  });

  it('translate every error code the server can send', () => {
    for (const lang of [es, en]) {
      for (const code of ERROR_CODES) expect(lang.errors.problem[code], code).toBeTruthy();
      for (const code of FIELD_ERROR_CODES) expect(lang.errors.field[code], code).toBeTruthy();
    }
  });
});
