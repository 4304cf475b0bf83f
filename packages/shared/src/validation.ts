import { z } from 'zod';
import { FIELD_ERROR_CODES, type FieldError } from './errors.ts';

/**
 * Zod building blocks whose messages are error codes, not sentences, so the
 * server can answer problem+json field errors and the web can translate them
 * (architecture rule 8). A message is `code` or `code:min:max`.
 */

/** Global error map: turns zod's own issues into our field error codes. */
z.config({
  customError: (issue) => {
    switch (issue.code) {
      case 'invalid_type':
        if (issue.input === undefined || issue.input === null || issue.input === '') return 'required';
        return issue.expected === 'number' || issue.expected === 'int' ? 'not_a_number' : 'invalid';
      case 'too_small':
        if (issue.origin === 'array' || issue.origin === 'set') return Number(issue.minimum) <= 1 ? 'select_at_least_one' : `too_small:${issue.minimum}`;
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

export function parseMessage(field: string, message: string): FieldError {
  const [code = 'invalid', min, max] = message.split(':');
  const known = (FIELD_ERROR_CODES as readonly string[]).includes(code) ? code : 'invalid';
  const params: Record<string, unknown> = {};
  if (min) params.min = Number(min);
  if (max) params.max = Number(max);
  return Object.keys(params).length ? { field, code: known, params } : { field, code: known };
}

/** Required trimmed text between `min` and `max` characters. */
export function text(max: number, min = 1) {
  return z
    .string()
    .trim()
    .min(1, 'required')
    .min(min, `length:${min}:${max}`)
    .max(max, `length:${min}:${max}`);
}

/** Optional text: '' and null become null. */
export function optionalText(max: number) {
  return z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    z.string().trim().max(max, `length:0:${max}`).nullable().optional(),
  ).transform((v) => v ?? null);
}

/** A 'YYYY-MM-DD' calendar date (Guatemala has no DST; dates carry no time zone). */
export const isoDate = z.preprocess((v) => (v === '' || v === null ? undefined : v), z.iso.date({ error: (issue) => (issue.input === undefined ? 'required' : 'invalid') }));
export const optionalDate = z.preprocess((v) => (v === '' ? null : v), z.iso.date({ error: 'invalid' }).nullable().optional()).transform((v) => v ?? null);

/** A catalog item code (upper-case ASCII, as seeded). */
export const catalogCode = z.string().trim().min(1, 'required').max(40, 'length:1:40').regex(/^[A-Z0-9_]+$/, 'invalid');
export const optionalCatalogCode = z.preprocess((v) => (v === '' ? null : v), catalogCode.nullable().optional()).transform((v) => v ?? null);

/** Optimistic-lock version sent back on every update (409 when stale). */
export const version = z.number({ error: 'required' }).int().min(1);

export const uuid = z.uuid({ error: 'invalid' });

/** The envelope every JSON answer uses (spec section 7: `success` and `data`). */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), data });
}

/** Minimum search length (spec section 9). */
export const MIN_SEARCH_LENGTH = 2;

/** Page query shared by every list: 1-based page, 10-100 rows. */
export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
  order: z.enum(['asc', 'desc']).default('asc'),
});

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
