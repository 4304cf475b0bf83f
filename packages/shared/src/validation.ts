import { z } from 'zod';
import { CONTROL_CHARACTERS, hasNoControlCharacters, ITEM_AGES, MAX_INT, MIN_SEARCH_LENGTH } from './limits.ts';
import { FIELD_ERROR_CODES, type FieldError } from './errors.ts';
import { todayInGuatemala } from './format.ts';

export { CONTROL_CHARACTERS, hasNoControlCharacters, ITEM_AGES, MAX_INT, MIN_SEARCH_LENGTH };

/**
 * Zod building blocks whose messages are error codes, not sentences, so the
 * server can answer problem+json field errors and the web can translate them
 * (architecture rule 8). A message is `code` or `code:min:max`.
 */

/** Global error map: turns zod's own issues into our field error codes. */
z.config({
  // In the browser zod must not probe for `new Function` (its JIT): the
  // Content-Security-Policy forbids eval and the probe is reported as a
  // violation (issue 9 item 6). The server keeps the faster JIT.
  jitless: 'window' in globalThis,
  customError: (issue) => {
    switch (issue.code) {
      case 'invalid_type':
        if (issue.input === undefined || issue.input === null || issue.input === '') return 'required';
        return issue.expected === 'number' || issue.expected === 'int' ? 'not_a_number' : 'invalid';
      case 'too_small':
        if (issue.origin === 'array' || issue.origin === 'set')
          return Number(issue.minimum) <= 1 ? 'select_at_least_one' : `too_small:${issue.minimum}`;
        if (issue.origin === 'string') return Number(issue.minimum) <= 1 ? 'required' : `length:${issue.minimum}:`;
        return `too_small:${issue.minimum}`;
      case 'too_big':
        if (issue.origin === 'string') return `length::${issue.maximum}`;
        return `too_big::${issue.maximum}`;
      default:
        return 'invalid';
    }
  },
});

/** Maps a ZodError's issues to `FieldError`s (first issue per field wins). */
export function toFieldErrors(error: z.ZodError): FieldError[] {
  const seen = new Set<string>();
  const out: FieldError[] = [];
  for (const issue of error.issues) {
    const field = issue.path.map(String).join('.');
    if (seen.has(field)) continue;
    seen.add(field);
    out.push(parseMessage(field, issue.message));
  }
  return out;
}

/**
 * A message `code`, `code:min` or `code:min:max` as a `FieldError`; a bound that is a number becomes a number,
 * any other (a 'YYYY-MM-DD' date of `date_out_of_range`) stays a string. An unknown code is `invalid`.
 */
export function parseMessage(field: string, message: string): FieldError {
  const [code = 'invalid', min, max] = message.split(':');
  const known = (FIELD_ERROR_CODES as readonly string[]).includes(code) ? code : 'invalid';
  const bound = (v: string) => (/^-?\d+(\.\d+)?$/.test(v) ? Number(v) : v);
  const params: Record<string, unknown> = {};
  if (min) params.min = bound(min);
  if (max) params.max = bound(max);
  return Object.keys(params).length ? { field, code: known, params } : { field, code: known };
}

/** Text a reader cannot see: spaces, zero-width and other format characters, lone combining marks, filler letters. */
const INVISIBLE_ONLY = /^[\p{White_Space}\p{Cf}\p{M}\u115F\u1160\u3164\uFFA0\u2800]*$/u;

export const hasVisibleText = (v: string) => !INVISIBLE_ONLY.test(v);

/** Any user-typed string (passwords, tokens, search terms): no control characters. */
export function plainString() {
  return z.string().refine(hasNoControlCharacters, 'invalid_characters');
}

/**
 * Required trimmed text between `min` and `max` characters; no control
 * characters (`invalid_characters`), not only invisible ones (`no_visible_text`).
 */
export function text(max: number, min = 1) {
  return z
    .string()
    .trim()
    .min(1, 'required')
    .refine(hasNoControlCharacters, { message: 'invalid_characters', abort: true })
    .refine(hasVisibleText, { message: 'no_visible_text', abort: true })
    .min(min, `length:${min}:${max}`)
    .max(max, `length:${min}:${max}`);
}

/** Optional text: '' and null become null; otherwise the rules of `text`. */
export function optionalText(max: number) {
  return z
    .preprocess(
      (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
      z
        .string()
        .trim()
        .refine(hasNoControlCharacters, { message: 'invalid_characters', abort: true })
        .refine(hasVisibleText, { message: 'no_visible_text', abort: true })
        .max(max, `length:0:${max}`)
        .nullable()
        .optional(),
    )
    .transform((v) => v ?? null);
}

/** A search term of at most `max` characters: trimmed, no control characters, at least MIN_SEARCH_LENGTH when given. */
export function searchTerm(max = 100) {
  return z
    .string()
    .trim()
    .max(max, `length:${MIN_SEARCH_LENGTH}:${max}`)
    .refine(hasNoControlCharacters, 'invalid_characters')
    .optional()
    .refine((v) => !v || v.length >= MIN_SEARCH_LENGTH, 'search_too_short');
}

/**
 * Earliest and latest dates any date in a body or a query accepts (issue 9 item 7; issue 23 section 4 decided
 * years 1900–2100): PostgreSQL answers year 0000 with an error (it was a 500), and no record of ours is older
 * (a birth date is at most MAX_AGE_YEARS ago, stricter still) nor planned further ahead. A date outside is
 * 400 `date_out_of_range` with params `{ min: MIN_DATE, max: MAX_DATE }`.
 */
export const MIN_DATE = '1900-01-01';
export const MAX_DATE = '2100-12-31';
/** The `date_out_of_range` message for the range `min`..`max` (both 'YYYY-MM-DD'; `parseMessage` makes them params). */
const outOfRange = (min: string, max: string) => `date_out_of_range:${min}:${max}`;

/** True for a real calendar date 'YYYY-MM-DD' (no 2026-02-30, no month 13). */
export function isCalendarDate(v: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  // Date.UTC reads years 0–99 as 1900–1999: the full year is set apart, so 0000 is a date (out of range), not `invalid`.
  const date = new Date(0);
  date.setUTCFullYear(y, mo - 1, d);
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

const dateChecks = <T extends z.ZodType<string>>(s: T) =>
  s
    .refine(isCalendarDate, { message: 'invalid', abort: true })
    .refine((v) => v >= MIN_DATE && v <= MAX_DATE, outOfRange(MIN_DATE, MAX_DATE));

/**
 * A 'YYYY-MM-DD' calendar date (Guatemala has no DST; dates carry no time
 * zone) that exists and lies between MIN_DATE and MAX_DATE (issue 9 item 7);
 * every date of a body or a query uses it, `optionalDate` or `optionalBirthDate`
 * (issue 23 section 4: `test/date-range.test.ts` walks every route's date fields).
 * Missing: `required`; not a real date: `invalid`; outside: `date_out_of_range` (params min, max).
 */
export const isoDate = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  dateChecks(z.iso.date({ error: (issue) => (issue.input === undefined ? 'required' : 'invalid') })),
);
export const optionalDate = z
  .preprocess(
    (v) => (v === '' ? null : v),
    dateChecks(z.iso.date({ error: 'invalid' }))
      .nullable()
      .optional(),
  )
  .transform((v) => v ?? null);

/** Oldest birth date accepted, in years before today (issue 9 item 7). */
export const MAX_AGE_YEARS = 120;

/**
 * The range of plausible birth dates on `today` ('YYYY-MM-DD', America/Guatemala): from MAX_AGE_YEARS before
 * it (29 February's anniversary is 1 March) to today, and never outside MIN_DATE..MAX_DATE.
 */
export function birthDateRange(today: string = todayInGuatemala()): { min: string; max: string } {
  const [y, rest] = [Number(today.slice(0, 4)), today.slice(4)];
  const oldest = `${String(y - MAX_AGE_YEARS).padStart(4, '0')}${rest === '-02-29' ? '-03-01' : rest}`;
  return { min: oldest > MIN_DATE ? oldest : MIN_DATE, max: today < MAX_DATE ? today : MAX_DATE };
}

/**
 * Whether a birth date is plausible: not after today and not more than
 * MAX_AGE_YEARS before it, both in America/Guatemala (a UTC 'today' is
 * tomorrow there from 18:00).
 */
export function isPlausibleBirthDate(v: string, today: string = todayInGuatemala()): boolean {
  const { min, max } = birthDateRange(today);
  return v <= max && v >= min;
}

/**
 * An optional birth date: a real date, not in the future, at most MAX_AGE_YEARS ago (Guatemala's today);
 * outside: `date_out_of_range` with that day's range as params min, max.
 */
export const optionalBirthDate = z
  .preprocess(
    (v) => (v === '' ? null : v),
    z.iso
      .date({ error: 'invalid' })
      .refine(isCalendarDate, { message: 'invalid', abort: true })
      .refine((v) => isPlausibleBirthDate(v), {
        error: () => {
          const { min, max } = birthDateRange();
          return outOfRange(min, max);
        },
      })
      .nullable()
      .optional(),
  )
  .transform((v) => v ?? null);

/**
 * A local date and time 'YYYY-MM-DDTHH:mm' in America/Guatemala whose date is
 * real (2026-02-30 is refused, not moved to March 2) and within MIN_DATE..MAX_DATE.
 */
export const localDateTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d$/, { message: 'invalid', abort: true })
  .refine((v) => isCalendarDate(v.slice(0, 10)), { message: 'invalid', abort: true })
  .refine((v) => v.slice(0, 10) >= MIN_DATE && v.slice(0, 10) <= MAX_DATE, outOfRange(MIN_DATE, MAX_DATE));

/** A catalog item code (upper-case ASCII, as seeded). */
export const catalogCode = z
  .string()
  .trim()
  .min(1, 'required')
  .max(40, 'length:1:40')
  .regex(/^[A-Z0-9_]+$/, 'invalid');
export const optionalCatalogCode = z
  .preprocess((v) => (v === '' ? null : v), catalogCode.nullable().optional())
  .transform((v) => v ?? null);

/** Optimistic-lock version sent back on every update (409 when stale). */

/** Optimistic-lock version sent back on every update (409 when stale); within the integer column's range. */
export const version = z.number({ error: 'required' }).int().min(1).max(MAX_INT, `too_big::${MAX_INT}`);

export const uuid = z.uuid({ error: 'invalid' });

/** The envelope every JSON answer uses (spec section 7: `success` and `data`). */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), data });
}

/** Page query shared by every list: 1-based page, 10-100 rows. */
export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(MAX_INT).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
  order: z.enum(['asc', 'desc']).default('asc'),
});

/**
 * Age-of-item filter of a list (spec section 9: "today, yesterday, a week, a month, two months ago"), on the
 * row's creation instant (`created_at`), in America/Guatemala time: `today` = created on today's Guatemala date;
 * `yesterday` = created on yesterday's Guatemala date; `week` / `month` / `two_months` = created since the same
 * Guatemala wall-clock time 7 days / 1 calendar month / 2 calendar months ago. Left out: any age. The server
 * turns it into SQL in `apps/server/src/lib/item-age.ts`; an unknown value is 400 `invalid`.
 */
export const itemAge = z.enum(ITEM_AGES, { error: 'invalid' });
export type ItemAge = z.infer<typeof itemAge>;

export function paged<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    page: z.number().int(),
    pageSize: z.number().int(),
    /** Exact up to the server's cap; when `totalCapped` is true there are more than `total`. */
    total: z.number().int(),
    totalCapped: z.boolean(),
  });
}
