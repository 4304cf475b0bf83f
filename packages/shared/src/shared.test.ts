import { describe, expect, it } from 'vitest';
import {
  ageFromBirthDate,
  formatCents,
  formatCount,
  formatDate,
  formatDateTime,
  formatLocalDateTime,
  formatMoney,
  todayInGuatemala,
} from './format.ts';
import { isValidDpi, isValidNit, normalizeNit } from './identifiers.ts';
import { hasPermission, PERMISSION_KEYS, requiredKeys } from './permissions.ts';
import { passwordStrength } from './modules/auth.schema.ts';
import { personCreate } from './modules/population.schema.ts';
import { z } from 'zod';
import {
  birthDateRange,
  isoDate,
  localDateTime,
  MAX_DATE,
  MIN_DATE,
  optionalDate,
  toFieldErrors,
} from './validation.ts';

describe('money and dates (spec section 9)', () => {
  it('formats quetzales with two decimals, grouping, half-up rounding and a dash for empty', () => {
    expect(formatMoney('1234.5')).toBe('Q 1,234.50');
    expect(formatMoney('1234567.891')).toBe('Q 1,234,567.89');
    expect(formatMoney('0.005')).toBe('Q 0.01');
    expect(formatMoney('-10')).toBe('-Q 10.00');
    expect(formatMoney(null)).toBe('—');
    expect(formatMoney('')).toBe('—');
    expect(formatCents(123456)).toBe('Q 1,234.56');
  });

  it('shows instants in America/Guatemala (UTC-6)', () => {
    expect(formatDate('2026-01-02T03:00:00Z')).toBe('2026-01-01');
    expect(formatDateTime('2026-01-02T03:04:00Z')).toBe('01-01-2026 21:04');
    // A local Guatemala time is shown in the same date-time format, read from the string (no zone shift).
    expect(formatLocalDateTime('2026-01-02T03:04')).toBe('02-01-2026 03:04');
    expect(formatLocalDateTime(null)).toBe('—');
    expect(formatDate('2026-05-07')).toBe('2026-05-07');
  });

  it("reads Guatemala's date and time as Intl's time-zone data does, from October 2006 to 2040", () => {
    // The arithmetic of format.ts (UTC-6, no daylight saving time since 1 October 2006) against the IANA zone itself.
    const intl = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'America/Guatemala',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    const step = (3 * 60 + 7) * 60_000;
    for (let t = Date.UTC(2006, 9, 2); t < Date.UTC(2041, 0, 1); t += step) {
      const p = Object.fromEntries(intl.formatToParts(new Date(t)).map((x) => [x.type, x.value]));
      expect(formatDateTime(new Date(t))).toBe(`${p.day}-${p.month}-${p.year} ${p.hour}:${p.minute}`);
    }
    expect(todayInGuatemala(new Date('2026-12-01T05:59:00Z'))).toBe('2026-11-30');
    expect(todayInGuatemala(new Date('2026-12-01T06:00:00Z'))).toBe('2026-12-01');
  });

  it('groups whole counts by thousands', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1000)).toBe('1,000');
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(formatCount(-12345)).toBe('-12,345');
    expect(formatCount(Number.NaN)).toBe('—');
  });

  it('counts whole years of age', () => {
    expect(ageFromBirthDate('2015-03-10', '2026-03-09')).toBe(10);
    expect(ageFromBirthDate('2015-03-10', '2026-03-10')).toBe(11);
    expect(ageFromBirthDate(null)).toBeNull();
  });
});

describe('Guatemalan identifiers', () => {
  it('checks NIT with SAT modulo 11, K for 10', () => {
    expect(isValidNit('1234567-9')).toBe(true);
    expect(isValidNit('1234567-1')).toBe(false);
    expect(isValidNit('576937-K')).toBe(true);
    expect(isValidNit('576937-k')).toBe(true);
    expect(isValidNit('576937-1')).toBe(false);
    expect(isValidNit('CF')).toBe(false);
    expect(isValidNit('CF', { allowCF: true })).toBe(true);
    expect(normalizeNit(' 576937-k ')).toBe('576937K');
  });

  it('checks the DPI (CUI) check digit and its department', () => {
    // serial 12345678: s = 1*2+2*3+...+8*9 = 240, 240 mod 11 = 9 → check digit 9; Guatemala, Guatemala (0101).
    expect(isValidDpi('1234567890101')).toBe(true);
    expect(isValidDpi('1234567810101')).toBe(false);
    expect(isValidDpi('1234567892301')).toBe(false);
    expect(isValidDpi('1234567890101', new Set(['0101']))).toBe(true);
    expect(isValidDpi('1234567890199', new Set(['0101']))).toBe(false);
  });
});

describe('permissions', () => {
  it('lists every key of spec section 2 once', () => {
    expect(new Set(PERMISSION_KEYS).size).toBe(PERMISSION_KEYS.length);
    for (const k of [
      'poblacion',
      'poblacion_poblacion',
      'configuracion_roles',
      'asignacion_transacciones',
      'reportes_gestion_caso',
      'administrativo_activos',
    ]) {
      expect(PERMISSION_KEYS).toContain(k);
    }
  });
  it('needs parent keys too', () => {
    expect(requiredKeys('asignacion_historial')).toEqual(['asignacion_historial', 'asignacion', 'presupuesto']);
    expect(hasPermission(['poblacion_poblacion'], 'poblacion_poblacion')).toBe(false);
    expect(hasPermission(['poblacion', 'poblacion_poblacion'], 'poblacion_poblacion')).toBe(true);
  });
});

describe('contracts', () => {
  it('rates password strength on lowercase, uppercase, digit, special and length', () => {
    expect(passwordStrength('abc').score).toBe(1);
    expect(passwordStrength('Abcdefg1!').score).toBe(5);
  });
  it('turns zod issues into field error codes with length bounds', () => {
    const r = personCreate.safeParse({
      names: 'x'.repeat(101),
      lastNames: '',
      sex: 'F',
      thematic: [],
      admissionDate: 'x',
    });
    expect(r.success).toBe(false);
    const errors = toFieldErrors(r.error!);
    expect(errors).toContainEqual({ field: 'names', code: 'length', params: { min: 1, max: 100 } });
    expect(errors).toContainEqual({ field: 'lastNames', code: 'required' });
    expect(errors).toContainEqual({ field: 'thematic', code: 'select_at_least_one' });
  });
});

describe('date ranges (issue 23 section 4: years 1900–2100)', () => {
  const errorsOf = (schema: z.ZodType, value: unknown) => {
    const r = z.object({ d: schema }).safeParse({ d: value });
    return r.success ? [] : toFieldErrors(r.error);
  };
  const outOfRange = { field: 'd', code: 'date_out_of_range', params: { min: MIN_DATE, max: MAX_DATE } };

  it('every date schema refuses years 0000, 1899 and 2101 with the range as params, and takes its ends', () => {
    for (const schema of [isoDate, optionalDate, isoDate.optional()]) {
      for (const d of ['0000-01-01', '1899-12-31', '2101-01-01']) expect(errorsOf(schema, d), d).toEqual([outOfRange]);
      for (const d of [MIN_DATE, MAX_DATE]) expect(errorsOf(schema, d), d).toEqual([]);
    }
    for (const d of ['0000-01-01T10:00', '1899-12-31T23:59', '2101-01-01T00:00'])
      expect(errorsOf(localDateTime, d), d).toEqual([outOfRange]);
    expect(errorsOf(localDateTime, '1900-01-01T00:00')).toEqual([]);
    // Not a real date stays `invalid`, without params.
    expect(errorsOf(isoDate, '2026-02-30')).toEqual([{ field: 'd', code: 'invalid' }]);
  });

  it("a birth date's range is the last MAX_AGE_YEARS to today, within 1900–2100", () => {
    expect(birthDateRange('2026-11-27')).toEqual({ min: '1906-11-27', max: '2026-11-27' });
    expect(birthDateRange('2028-02-29')).toEqual({ min: '1908-03-01', max: '2028-02-29' });
    expect(birthDateRange('2010-05-01')).toEqual({ min: MIN_DATE, max: '2010-05-01' });
  });
});
