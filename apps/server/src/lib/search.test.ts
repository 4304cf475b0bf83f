import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../../test/helpers.ts';
import {
  MAX_SEARCH_WORDS,
  headline,
  matches,
  onlyShortWords,
  rank,
  searchWords,
  textVector,
  toSegments,
  wordsText,
} from './search.ts';

/**
 * The word search helper (issue 24 section 2) on the real database (the
 * `amparo_es` configuration and `amparo_prefix_query` of migration 0031):
 * accents and case ignored, Spanish stems, prefixes, every word required,
 * ranking, highlighting as segments, and any input safe.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

/** Whether `text` matches what was `typed`, through the helper's SQL. */
async function found(text: string, typed: string): Promise<boolean> {
  const res = await t.database.db.execute<{ ok: boolean | null }>(
    sql`select ${matches(textVector(sql`${text}::text`), wordsText(typed))} as ok`,
  );
  return res.rows[0]!.ok === true;
}

describe('searchWords', () => {
  it('keeps runs of letters and digits, drops operators, quotes and backslashes', () => {
    expect(searchWords(`  impresión  d'la "x" a&b|c !(d):* \\e  `)).toEqual([
      'impresión',
      'd',
      'la',
      'x',
      'a',
      'b',
      'c',
      'e',
    ]);
    expect(searchWords('')).toEqual([]);
    expect(searchWords(null)).toEqual([]);
    expect(searchWords('&|!():*\\\'"')).toEqual([]);
  });

  it('caps the number and length of words and drops repeats', () => {
    expect(searchWords('uno UNO dos uno')).toEqual(['uno', 'dos']);
    expect(searchWords(Array.from({ length: 30 }, (_, i) => `w${i}`).join(' '))).toHaveLength(MAX_SEARCH_WORDS);
    expect(searchWords('a'.repeat(10_000))[0]).toHaveLength(40);
  });
});

describe('onlyShortWords', () => {
  it('is true when every word has two letters or fewer, counting letters, not bytes', () => {
    expect(onlyShortWords('re')).toBe(true);
    expect(onlyShortWords('de la')).toBe(true);
    expect(onlyShortWords('ñu')).toBe(true);
    expect(onlyShortWords('re impresora')).toBe(false);
    expect(onlyShortWords('imp')).toBe(false);
    expect(onlyShortWords('')).toBe(false);
    expect(onlyShortWords('¿?')).toBe(false);
  });
});

describe('word matching in PostgreSQL', () => {
  it('ignores accents and case both ways', async () => {
    expect(await found('Falla de impresión en la sede', 'impresion')).toBe(true);
    expect(await found('Falla de impresion en la sede', 'IMPRESIÓN')).toBe(true);
    // The Spanish stemmer drops acute accents by itself; ü, ñ and other marks only unaccent removes.
    expect(await found('El pingüino del zoológico', 'pinguino')).toBe(true);
    expect(await found('Señal del ñandú', 'nandu')).toBe(true);
    expect(await found('Cigüeña en el techo', 'CIGUE')).toBe(true);
  });

  it('stems Spanish words: a plural finds the singular', async () => {
    expect(await found('La impresora no imprime', 'impresoras')).toBe(true);
  });

  it('matches each word as a beginning', async () => {
    expect(await found('La impresora no imprime', 'impres')).toBe(true);
    expect(await found('La impresora no imprime', 'imp')).toBe(true);
    // A stop word typed is still a beginning ("de" → depósito).
    expect(await found('Revisar el depósito', 'de')).toBe(true);
    expect(await found('La impresora no imprime', 'mpres')).toBe(false);
  });

  it('requires every word', async () => {
    expect(await found('La impresora no imprime', 'impresora imprime')).toBe(true);
    expect(await found('La impresora no imprime', 'impresora pantalla')).toBe(false);
  });

  it('matches nothing, without an error, when nothing searchable was typed', async () => {
    expect(await found('La impresora no imprime', '')).toBe(false);
    expect(await found('La impresora no imprime', '&|!():*')).toBe(false);
  });

  it('takes any input without an error', async () => {
    const hostile = [
      `'; drop table users; --`,
      `a'b\\c & | ! ( ) : * "x"`,
      '\\\\\\',
      ':*:*:*',
      '!!!(((',
      'é'.repeat(5000),
      Array.from({ length: 500 }, (_, i) => `palabra${i}`).join(' & '),
      '\u0000\u0001\u0002 x',
    ];
    for (const typed of hostile) await expect(found('texto cualquiera', typed)).resolves.toBeTypeOf('boolean');
  });
});

describe('ranking and highlighting', () => {
  it('ranks a text with more matches higher', async () => {
    const res = await t.database.db.execute<{ one: number; two: number }>(
      sql`select ${rank(textVector(sql`${'impresora rota'}::text`), 'impres')} as one,
                 ${rank(textVector(sql`${'impresora rota, otra impresión'}::text`), 'impres')} as two`,
    );
    expect(Number(res.rows[0]!.two)).toBeGreaterThan(Number(res.rows[0]!.one));
  });

  it('returns the matched words as segments, markers in the text never taken as matches', async () => {
    const text = 'La impresora no imprime \u0001desde\u0002 el lunes; la <b>impresión</b> sale borrosa';
    const res = await t.database.db.execute<{ h: string }>(sql`select ${headline(sql`${text}::text`, 'impres')} as h`);
    const segments = toSegments(res.rows[0]!.h);
    expect(segments.filter((s) => s.match).map((s) => s.text)).toEqual(['impresora', 'impresión']);
    // The parser reads "<b>" as markup and ts_headline leaves it out: what comes back is words, never tags.
    expect(segments.map((s) => s.text).join('')).not.toContain('<b>');
    const joined = segments.map((s) => s.text).join('');
    expect(joined.includes('\u0001') || joined.includes('\u0002')).toBe(false);
  });

  it('splits marked text into plain and matched pieces', () => {
    expect(toSegments('a \u0001b\u0002 c \u0001d\u0002')).toEqual([
      { text: 'a ', match: false },
      { text: 'b', match: true },
      { text: ' c ', match: false },
      { text: 'd', match: true },
    ]);
    expect(toSegments('')).toEqual([]);
  });
});
