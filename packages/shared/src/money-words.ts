import type { Decimal } from 'decimal.js';
import { MONEY_MAX, Money, parseMoney } from './money.ts';

/**
 * Amounts in words, as Guatemalan checks write them (issue 25 section 7): upper case, Spanish, the quetzales in
 * words and the centavos as a fraction, 'UN MIL DOSCIENTOS CINCUENTA QUETZALES CON 50/100'. Guatemalan check usage
 * (not the RAE's 'MIL') writes 'UN MIL'. Numbers above a million use the long scale: 10⁹ is 'UN MIL MILLONES', never
 * 'UN BILLÓN' (a billón is 10¹²), and Q 999,999,999,999.99 (MONEY_MAX) is the largest amount a check carries here.
 */

/** 0 to 29: one word each in Spanish (DIECISÉIS, VEINTIDÓS, …). */
const UP_TO_29 = [
  'CERO',
  'UNO',
  'DOS',
  'TRES',
  'CUATRO',
  'CINCO',
  'SEIS',
  'SIETE',
  'OCHO',
  'NUEVE',
  'DIEZ',
  'ONCE',
  'DOCE',
  'TRECE',
  'CATORCE',
  'QUINCE',
  'DIECISÉIS',
  'DIECISIETE',
  'DIECIOCHO',
  'DIECINUEVE',
  'VEINTE',
  'VEINTIUNO',
  'VEINTIDÓS',
  'VEINTITRÉS',
  'VEINTICUATRO',
  'VEINTICINCO',
  'VEINTISÉIS',
  'VEINTISIETE',
  'VEINTIOCHO',
  'VEINTINUEVE',
] as const;

/** The tens from 30, by their digit (index 3 = TREINTA); 31 to 99 are 'TREINTA Y UNO'. */
const TENS = ['', '', '', 'TREINTA', 'CUARENTA', 'CINCUENTA', 'SESENTA', 'SETENTA', 'OCHENTA', 'NOVENTA'] as const;

/** The hundreds by their digit; 100 alone is 'CIEN' (see `upTo999`). */
const HUNDREDS = [
  '',
  'CIENTO',
  'DOSCIENTOS',
  'TRESCIENTOS',
  'CUATROCIENTOS',
  'QUINIENTOS',
  'SEISCIENTOS',
  'SETECIENTOS',
  'OCHOCIENTOS',
  'NOVECIENTOS',
] as const;

/** The largest whole number `integerInWords` writes: the quetzales of MONEY_MAX. */
const INTEGER_MAX = 999_999_999_999;

/**
 * 1 to 99. With `apocope`, a final one is shortened as before a masculine noun (QUETZALES, MIL, MILLONES):
 * UNO → UN, VEINTIUNO → VEINTIÚN (the accent is kept when the word ends in N), TREINTA Y UNO → TREINTA Y UN.
 */
function upTo99(n: number, apocope: boolean): string {
  if (n < 30) {
    if (apocope && n === 1) return 'UN';
    if (apocope && n === 21) return 'VEINTIÚN';
    return UP_TO_29[n] ?? '';
  }
  const tens = TENS[Math.floor(n / 10)] ?? '';
  const unit = n % 10;
  if (unit === 0) return tens;
  return `${tens} Y ${apocope && unit === 1 ? 'UN' : UP_TO_29[unit]}`;
}

/** 1 to 999: 'CIEN' for exactly 100, 'CIENTO …' above it (CIENTO UNO, CIENTO UN MIL). */
function upTo999(n: number, apocope: boolean): string {
  if (n === 100) return 'CIEN';
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  const words: string[] = [];
  if (hundreds > 0) words.push(HUNDREDS[hundreds] ?? '');
  if (rest > 0) words.push(upTo99(rest, apocope));
  return words.join(' ');
}

/** 1 to 999,999: the thousands always take the apocope ('VEINTIÚN MIL', 'CIENTO UN MIL'), and 1,000 is 'UN MIL'. */
function upTo999999(n: number, apocope: boolean): string {
  const thousands = Math.floor(n / 1000);
  const rest = n % 1000;
  const words: string[] = [];
  if (thousands > 0) words.push(`${upTo999(thousands, true)} MIL`);
  if (rest > 0) words.push(upTo999(rest, apocope));
  return words.join(' ');
}

/**
 * A whole number from 0 to 999,999,999,999 in upper-case Spanish words, as Guatemalan checks write them:
 * 1,000 → 'UN MIL', 1,000,000 → 'UN MILLÓN', 2,000,000 → 'DOS MILLONES', 1,000,000,000 → 'UN MIL MILLONES'.
 * With `apocope` (the number stands before a masculine noun, as before QUETZALES) a final one is shortened:
 * 21 → 'VEINTIÚN', 31 → 'TREINTA Y UN'; without it (the default, the number alone) 21 → 'VEINTIUNO'. Ones before
 * MIL and MILLÓN/MILLONES always take it ('VEINTIÚN MIL', 'VEINTIÚN MILLONES'). Throws a RangeError for a negative,
 * fractional or larger number.
 */
export function integerInWords(n: bigint | number, options: { apocope?: boolean } = {}): string {
  if (typeof n === 'number' && !Number.isInteger(n)) throw new RangeError('integerInWords(): not a whole number');
  if (n < 0 || n > INTEGER_MAX) throw new RangeError(`integerInWords(): out of 0 to ${INTEGER_MAX}`);
  // Below 10¹², so a JS number holds it exactly.
  const value = Number(n);
  if (value === 0) return 'CERO';
  const apocope = options.apocope ?? false;
  const millions = Math.floor(value / 1_000_000);
  const rest = value % 1_000_000;
  const words: string[] = [];
  if (millions === 1) words.push('UN MILLÓN');
  else if (millions > 1) words.push(`${upTo999999(millions, true)} MILLONES`);
  if (rest > 0) words.push(upTo999999(rest, apocope));
  return words.join(' ');
}

/** The amount as a Money, or the error a check's amount deserves (see `amountInWords`). */
function checkAmount(amount: string | Decimal): Money {
  if (typeof amount === 'string') {
    const parsed = parseMoney(amount);
    if (!parsed.ok && parsed.problem === 'not_a_number')
      throw new TypeError(`amountInWords(): not an amount: ${amount}`);
  }
  const value = new Money(typeof amount === 'string' ? amount.trim() : amount);
  if (value.isNaN()) throw new TypeError('amountInWords(): not an amount');
  if (value.isNegative() && !value.isZero()) throw new RangeError('amountInWords(): a check is never negative');
  if (value.greaterThan(MONEY_MAX)) throw new RangeError(`amountInWords(): over ${MONEY_MAX}`);
  if (value.decimalPlaces() > 2) throw new RangeError('amountInWords(): more than two decimals');
  return value;
}

/**
 * An amount in quetzales in words, as a Guatemalan check writes it: the quetzales in upper-case Spanish words, then
 * 'CON' and the centavos as two digits over 100, always present:
 * - Q 1,250.50 → 'UN MIL DOSCIENTOS CINCUENTA QUETZALES CON 50/100'
 * - Q 1.00 → 'UN QUETZAL CON 00/100' (singular only for exactly one quetzal), Q 0.99 → 'CERO QUETZALES CON 99/100'
 * - Q 21.21 → 'VEINTIÚN QUETZALES CON 21/100' (apocope before the noun)
 * - Q 1,000,000.00 → 'UN MILLÓN DE QUETZALES CON 00/100' ('DE' after an exact number of millions, as Spanish
 *   writes 'un millón de quetzales'; Q 1,000,001 is 'UN MILLÓN UN QUETZALES').
 * Takes a decimal string ('1250.5') or an amount; nothing is rounded. Throws a RangeError for a negative amount (a
 * check is never negative), more than two decimals or more than MONEY_MAX, and a TypeError for what is not a number.
 */
export function amountInWords(amount: string | Decimal): string {
  const value = checkAmount(amount);
  const quetzales = BigInt(value.trunc().toFixed(0));
  const centavos = value.minus(value.trunc()).times(100).toFixed(0).padStart(2, '0');
  const noun =
    quetzales === 1n ? 'QUETZAL' : quetzales > 0n && quetzales % 1_000_000n === 0n ? 'DE QUETZALES' : 'QUETZALES';
  return `${integerInWords(quetzales, { apocope: true })} ${noun} CON ${centavos}/100`;
}
