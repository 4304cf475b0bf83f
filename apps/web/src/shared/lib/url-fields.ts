import { hasNoControlCharacters, MIN_SEARCH_LENGTH } from '@amparo/shared/limits';

/**
 * Readers of a list's URL search params without zod (issue 24 section 4: zod and the contracts were 28 KB and
 * about 50 ms of a phone's main thread in every list's first load). Each reads one raw value as the list contract's
 * field would, with `.default(fallback).catch(fallback)`: a value that does not fit gives the fallback, so a
 * hand-edited URL still opens the list. Each list's `*.test.ts` proves its reader gives what its zod contract gives.
 */
export type FieldReader<T> = (raw: unknown) => T;

/** `z.coerce.number().int().min(min).max(max)`: Number() of the raw value, a safe integer within the bounds. */
export const intField =
  (min: number, max: number, fallback: number): FieldReader<number> =>
  (raw) => {
    if (raw === undefined) return fallback;
    let n: number;
    try {
      n = Number(raw);
    } catch {
      return fallback; // Number() of a symbol, or of an object whose valueOf throws
    }
    return Number.isSafeInteger(n) && n >= min && n <= max ? n : fallback;
  };

/** A coerced integer that must be one of `values` (a list's page sizes). */
export const intOneOf =
  <V extends number>(values: readonly V[], fallback: V): FieldReader<V> =>
  (raw) => {
    const n = intField(Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER, Number.NaN)(raw);
    return (values as readonly number[]).includes(n) ? (n as V) : fallback;
  };

/** `z.enum(values)`: the raw value if it is one of them. */
export const oneOf =
  <V extends string, F extends V | undefined>(values: readonly V[], fallback: F): FieldReader<V | F> =>
  (raw) =>
    typeof raw === 'string' && (values as readonly string[]).includes(raw) ? (raw as V) : fallback;

/** A string, trimmed, that matches `pattern` and has at most `max` characters (a catalog code, a department). */
export const patternField =
  (pattern: RegExp, max = Number.MAX_SAFE_INTEGER, trim = true): FieldReader<string | undefined> =>
  (raw) => {
    if (typeof raw !== 'string') return undefined;
    const v = trim ? raw.trim() : raw;
    return v.length >= 1 && v.length <= max && pattern.test(v) ? v : undefined;
  };

/** `catalogCode`: upper-case ASCII, 1 to 40 characters, trimmed. */
export const catalogCodeField = patternField(/^[A-Z0-9_]+$/, 40);

/** zod's `z.uuid()` (RFC 9562 versions 1 to 8, or the nil and max UUIDs), untrimmed. */
export const uuidField = patternField(
  /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/,
  36,
  false,
);

/** `searchTerm(max)`: trimmed, no control characters, at most `max`, at least MIN_SEARCH_LENGTH unless empty. */
export const searchTermField =
  (max: number): FieldReader<string | undefined> =>
  (raw) => {
    if (typeof raw !== 'string') return undefined;
    const v = raw.trim();
    if (v.length > max || !hasNoControlCharacters(v)) return undefined;
    return v && v.length < MIN_SEARCH_LENGTH ? undefined : v;
  };

/**
 * A list's search params read field by field: every field of `fields`, from the raw search object of the route
 * (`urlSearch` keeps it as the URL gave it). Fields the URL lacks get their reader's fallback.
 */
export function urlParser<T extends object>(fields: { [K in keyof T]-?: FieldReader<T[K]> }) {
  return {
    parse(raw: object): T {
      const source = raw as Record<string, unknown>;
      const out: Record<string, unknown> = {};
      for (const [key, read] of Object.entries(fields) as [string, FieldReader<unknown>][]) {
        const value = read(Object.hasOwn(source, key) ? source[key] : undefined);
        if (value !== undefined) out[key] = value;
      }
      return out as T;
    },
  };
}
