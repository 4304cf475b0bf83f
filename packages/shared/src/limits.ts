/**
 * Limits and value lists of the contracts that the web's first load reads, without zod (issue 24 section 4: the
 * lists' first load must not build zod schemas). `validation.ts` re-exports them beside the schemas that use them.
 */

/**
 * Control characters no text field may hold (issue 9 item 7): C0 except tab,
 * line feed and carriage return (multi-line fields need them), DEL and C1.
 * PostgreSQL cannot store NUL in text at all (it answered 500).
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

export const hasNoControlCharacters = (v: string) => !CONTROL_CHARACTERS.test(v);

/** Largest value of a PostgreSQL `integer` column; beyond it the database answered 500 (issue 9 item 7). */
export const MAX_INT = 2_147_483_647;

/** Minimum search length (spec section 9). */
export const MIN_SEARCH_LENGTH = 2;

/** The age-of-item filter's values, youngest window first (spec section 9). */
export const ITEM_AGES = ['today', 'yesterday', 'week', 'month', 'two_months'] as const;
export type ItemAge = (typeof ITEM_AGES)[number];
