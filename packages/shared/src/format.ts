/**
 * Display formats shared by server (mail, exports) and web (spec section 9).
 * Money: 'Q 1,234.56', two decimals, a dash for empty. Dates: 'YYYY-MM-DD' or
 * 'DD-MM-YYYY HH:mm', always in America/Guatemala (UTC-6, no DST).
 */
export const TIME_ZONE = 'America/Guatemala';
export const EMPTY = '—';

/**
 * Formats an amount in quetzales. `value` is the decimal string PostgreSQL
 * returns for `numeric(14,2)` (or an integer number of cents via
 * `formatCents`); the digits are grouped by string handling, never through a
 * float, so Q 0.1 + Q 0.2 style errors cannot appear.
 */
export function formatMoney(value: string | null | undefined): string {
  return formatAmount(value, 'Q');
}

/**
 * Formats an amount in an agreement's currency (issue 13 section 2): 'USD 1,234.56', 'EUR 1,234.56', and
 * quetzales as `formatMoney` does ('Q 1,234.56') for 'GTQ'. The ISO code rather than a sign ($ is also the
 * peso's and was the quetzal's own before 1925), grouped by string handling like `formatMoney`, never a float.
 */
export function formatCurrency(value: string | null | undefined, currency: string): string {
  return formatAmount(value, currency === 'GTQ' ? 'Q' : currency);
}

function formatAmount(value: string | null | undefined, symbol: string): string {
  if (value === null || value === undefined || value === '') return EMPTY;
  const match = /^(-)?(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!match) return EMPTY;
  const [, sign, intPart, fraction = ''] = match;
  const cents = roundHalfUp(intPart!, fraction);
  return `${sign && cents !== '0.00' ? '-' : ''}${symbol} ${cents}`;
}

/**
 * An exchange rate (quetzales per unit, up to six decimals as `numeric(12,6)` returns it: '7.750000') for
 * display: trailing zeros dropped down to two decimals ('7.75', '7.66012'), digits grouped; a dash for empty.
 */
export function formatRate(value: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return EMPTY;
  const match = /^(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!match) return EMPTY;
  const [, intPart, fraction = ''] = match;
  const decimals = fraction.replace(/0+$/, '').padEnd(2, '0');
  return `${BigInt(intPart!)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${decimals}`;
}

/** Formats integer cents (e.g. 123456 → 'Q 1,234.56'). */
export function formatCents(cents: number | bigint | null | undefined): string {
  if (cents === null || cents === undefined) return EMPTY;
  const big = BigInt(cents);
  const negative = big < 0n;
  const abs = negative ? -big : big;
  const str = `${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
  return formatMoney(`${negative ? '-' : ''}${str}`);
}

function roundHalfUp(intPart: string, fraction: string): string {
  let units = BigInt(intPart) * 100n + BigInt((fraction + '00').slice(0, 2));
  if ((fraction[2] ?? '0') >= '5') units += 1n;
  const whole = (units / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${whole}.${(units % 100n).toString().padStart(2, '0')}`;
}

/**
 * Guatemala's offset from UTC, in minutes: UTC-6 all year, without daylight saving time since 1 October 2006 (IANA tz
 * database, zone America/Guatemala; `fromGuatemalaLocal` reads form values with the same offset). A date is read by
 * arithmetic instead of an `Intl.DateTimeFormat`, whose construction cost 55-60 ms of a phone's start-up (issue 24
 * section 4); shared.test.ts holds the two equal from October 2006 to 2040; an instant before then (no record here is one) would read an hour off.
 */
const GUATEMALA_OFFSET_MINUTES = -6 * 60;

function parts(date: Date): Record<'year' | 'month' | 'day' | 'hour' | 'minute', string> {
  const local = new Date(date.getTime() + GUATEMALA_OFFSET_MINUTES * 60_000);
  const two = (n: number) => String(n).padStart(2, '0');
  return {
    year: String(local.getUTCFullYear()).padStart(4, '0'),
    month: two(local.getUTCMonth() + 1),
    day: two(local.getUTCDate()),
    hour: two(local.getUTCHours()),
    minute: two(local.getUTCMinutes()),
  };
}

/**
 * A whole number with thousands separators ('12,345'), as counts are shown beside money (spec section 9), without
 * an `Intl.NumberFormat` (each one built cost a phone's start-up some 15 ms of CPU, issue 24 section 4).
 */
export function formatCount(value: number): string {
  if (!Number.isFinite(value)) return EMPTY;
  const sign = value < 0 ? '-' : '';
  return `${sign}${Math.trunc(Math.abs(value))
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;
}

/** 'YYYY-MM-DD' for a date-only string (returned as is) or an instant (in Guatemala). */
export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return EMPTY;
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const d = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(d.getTime())) return EMPTY;
  const p = parts(d);
  return `${p.year}-${p.month}-${p.day}`;
}

/** 'DD-MM-YYYY HH:mm' in Guatemala time, for instants (audit, sessions). */
export function formatDateTime(value: string | Date | null | undefined): string {
  if (!value) return EMPTY;
  const d = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(d.getTime())) return EMPTY;
  const p = parts(d);
  return `${p.day}-${p.month}-${p.year} ${p.hour}:${p.minute}`;
}

/**
 * 'YYYY-MM-DDTHH:mm' (a local Guatemala time, as attentions store it) shown as
 * 'DD-MM-YYYY HH:mm'. Read from the string itself: turning it into a `Date`
 * would shift it by the browser's own time zone.
 */
export function formatLocalDateTime(value: string | null | undefined): string {
  const m = value ? /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(value) : null;
  return m ? `${m[3]}-${m[2]}-${m[1]} ${m[4]}:${m[5]}` : EMPTY;
}

/** Today's date in Guatemala as 'YYYY-MM-DD'. */
export function todayInGuatemala(now: Date = new Date()): string {
  return formatDate(now);
}

/**
 * Whole years between a 'YYYY-MM-DD' birth date and `today` ('YYYY-MM-DD',
 * Guatemala's date by default). Null when the birth date is absent.
 */
export function ageFromBirthDate(
  birthDate: string | null | undefined,
  today: string = todayInGuatemala(),
): number | null {
  if (!birthDate) return null;
  const [by, bm, bd] = birthDate.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  let age = ty - by;
  if (tm < bm || (tm === bm && td < bd)) age -= 1;
  return age;
}

/** An instant as 'YYYY-MM-DDTHH:mm' in Guatemala's local time (form values). */
export function toGuatemalaLocal(value: Date | string): string {
  const p = parts(typeof value === 'string' ? new Date(value) : value);
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`;
}

/** 'YYYY-MM-DDTHH:mm' in Guatemala (UTC-6 all year, no DST) as an instant. */
export function fromGuatemalaLocal(value: string): Date {
  return new Date(`${value}:00-06:00`);
}
