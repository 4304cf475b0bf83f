import { customType } from 'drizzle-orm/pg-core';
import { sql, type Placeholder, type SQL } from 'drizzle-orm';

/**
 * Word search (issue 24 section 2, decision 0021): what a user typed becomes a
 * PostgreSQL full-text query where every word is a prefix and every word is
 * required, matched against `tsvector`s built with the `amparo_es` text-search
 * configuration (migration 0031: `unaccent` then the Spanish stemmer, so case
 * and accents never matter and "impresoras" finds "impresora"). Person names
 * keep their trigram substring search (partial surnames matter there).
 *
 * The query is built in SQL by `amparo_prefix_query(words)` (migration 0031):
 * each word is matched both stemmed (`amparo_es`: "impresoras" → impresor:*)
 * and as typed without accents (`amparo_simple`: "impres" → impres:*, and a
 * stop word like "de" still works as a beginning). Only runs of letters and
 * digits reach it (`searchWords`), so quotes, `&|!():*` and backslashes are
 * never tsquery syntax; the function quotes each word again regardless.
 */

/** The `tsvector` column type (a kept search document). */
export const tsvector = customType<{ data: string; driverData: string }>({ dataType: () => 'tsvector' });

/** At most this many words are searched (the rest of a long input is ignored). */
export const MAX_SEARCH_WORDS = 8;
/** A word is cut to this many characters (no real word is longer; keeps the query small). */
export const MAX_WORD_CHARS = 40;

/**
 * The words of what a user typed: runs of Unicode letters and digits (NFC),
 * at most MAX_SEARCH_WORDS of at most MAX_WORD_CHARS each, in order, without
 * repeats (case-insensitive). Everything else (punctuation, tsquery operators,
 * quotes, backslashes, control characters) separates words. Never throws.
 */
export function searchWords(input: string | null | undefined): string[] {
  const found = (input ?? '').normalize('NFC').match(/[\p{L}\p{N}]+/gu) ?? [];
  const seen = new Set<string>();
  const words: string[] = [];
  for (const raw of found) {
    const word = raw.slice(0, MAX_WORD_CHARS);
    const key = word.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    words.push(word);
    if (words.length === MAX_SEARCH_WORDS) break;
  }
  return words;
}

/** A word this short (the spec's 2-letter minimum) begins a large share of any text's words. */
export const SHORT_WORD_CHARS = 2;

/**
 * Every word of what a user typed is SHORT_WORD_CHARS letters or fewer ("re", "de la"): the search matches most
 * rows, so the newest rows are read in order and checked, rather than the GIN index's whole list of matches
 * (100,000 tickets: 37 ms to build for "re", against 1.4 ms for "impresora"). False without words.
 */
export function onlyShortWords(input: string | null | undefined): boolean {
  const words = searchWords(input);
  return words.length > 0 && words.every((w) => [...w].length <= SHORT_WORD_CHARS);
}

/** The words as the one text `amparo_prefix_query` takes (space-separated); '' when there are none. */
export const wordsText = (input: string | null | undefined) => searchWords(input).join(' ');

/**
 * SQL tsquery of `words` (a `wordsText`, or its placeholder): each word a
 * prefix, all required; null (matches nothing) when there is no word. Wrapped
 * in a sub-select so it is computed once per statement and an index scan can use it.
 */
export const prefixQuery = (words: string | Placeholder): SQL => sql`(select amparo_prefix_query(${words}))`;

/**
 * SQL tsquery of `words` as a plain call of the IMMUTABLE builder (migration 0033), for statements planned for
 * their values (unnamed, or values in the SQL): the planner folds it to a constant and estimates from the index's
 * statistics how many rows the words match, so it can choose between the GIN index (a rare word) and walking
 * the newest rows (a common beginning). In a statement planned once for any value it would run on every row:
 * use `prefixQuery` there.
 */
export const foldedQuery = (words: string | Placeholder): SQL => sql`amparo_prefix_query(${words})`;

/**
 * SQL tsvector of `parts` (text columns or expressions; nulls count as empty)
 * in the `amparo_es` configuration. An index on the same expression
 * (`using('gin', textVector(...))`) serves `matches(textVector(...), ...)`.
 */
export function textVector(...parts: SQL[]): SQL {
  const joined = sql.join(
    parts.map((p) => sql`coalesce(${p}, '')`),
    sql` || ' ' || `,
  );
  return sql`to_tsvector('amparo_es'::regconfig, ${joined})`;
}

/** SQL: `vector` holds every word of `words` (a `wordsText` or its placeholder) as a prefix. */
export const matches = (vector: SQL, words: string | Placeholder): SQL => sql`${vector} @@ ${prefixQuery(words)}`;

/** SQL: how well `vector` matches `words` (`ts_rank`: more, and heavier-weighted, matches rank higher). */
export const rank = (vector: SQL, words: string | Placeholder): SQL<number> =>
  sql<number>`ts_rank(${vector}, ${prefixQuery(words)})`;

/** Markers around a match in `headline`'s text (control characters: never in a stored text, and removed from it first). */
const START = '\u0001';
const STOP = '\u0002';
/** At most this many words around the matches, in up to two fragments. */
const HEADLINE_OPTIONS = `StartSel=${START}, StopSel=${STOP}, MaxWords=24, MinWords=8, MaxFragments=2, FragmentDelimiter=" … "`;

/**
 * SQL: the parts of `text` around the matches of `words`, each match between
 * markers (`ts_headline`); read it with `toSegments`. Costly: only for the rows of a page.
 */
export function headline(text: SQL, words: string | Placeholder): SQL<string> {
  return sql<string>`ts_headline('amparo_es'::regconfig, translate(${text}, ${START + STOP}, ''), ${prefixQuery(words)}, ${HEADLINE_OPTIONS})`;
}

/** A piece of a highlighted text: `match` pieces are the searched words. The web shows them as text, never as HTML. */
export interface Segment {
  text: string;
  match: boolean;
}

/** A `headline` as segments (plain text and matches, in order; empty pieces dropped). */
export function toSegments(marked: string): Segment[] {
  const segments: Segment[] = [];
  for (const [i, piece] of marked.split(START).entries()) {
    const [inside, after] = i === 0 ? [null, piece] : splitOnce(piece, STOP);
    if (inside) segments.push({ text: inside, match: true });
    if (after) segments.push({ text: after.replaceAll(STOP, ''), match: false });
  }
  return segments;
}

function splitOnce(s: string, on: string): [string, string] {
  const at = s.indexOf(on);
  return at < 0 ? [s, ''] : [s.slice(0, at), s.slice(at + on.length)];
}
