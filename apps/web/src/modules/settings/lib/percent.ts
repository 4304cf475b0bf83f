/**
 * Rates as people read them (issue 25 section 3): the API keeps a rate as a decimal-string fraction ('0.0483'),
 * the screen shows and takes it as a percentage ('4.83'). The two are converted by moving the decimal point two
 * places in the string, never through a JavaScript number, so '4.83' is '0.0483' exactly. A fraction has at most
 * six decimals (settingRate), so a percentage has at most four.
 */

/** Decimals a percentage may have: the fraction's six less the two the point moves. */
export const PERCENT_DECIMALS = 4;

/** Why a typed percentage is not a rate: missing, not a number, more than four decimals, over 100. */
export type PercentProblem = 'required' | 'not_a_number' | 'max_decimals' | 'too_big';

const trimZeros = (int: string, frac: string) => {
  const whole = int.replace(/^0+(?=\d)/, '');
  const decimals = frac.replace(/0+$/, '');
  return decimals ? `${whole}.${decimals}` : whole;
};

/** The percentage of a fraction ('0.0483' → '4.83', '0.12' → '12', '1' → '100'); '' for what is not a fraction. */
export function fractionToPercent(fraction: string): string {
  const m = /^(\d+)(?:\.(\d+))?$/.exec(fraction.trim());
  if (!m) return '';
  const [, int = '0', frac = ''] = m;
  const padded = frac.padEnd(2, '0');
  return trimZeros(int + padded.slice(0, 2), padded.slice(2));
}

/** The fraction of a typed percentage ('4.83' → '0.0483', '12' → '0.12', '100' → '1'), or why it is not one. */
export function percentToFraction(text: string): { ok: true; value: string } | { ok: false; problem: PercentProblem } {
  const s = text.trim();
  if (s === '') return { ok: false, problem: 'required' };
  const m = /^(\d*)(?:\.(\d*))?$/.exec(s);
  if (!m || s === '.') return { ok: false, problem: 'not_a_number' };
  const [, int = '', frac = ''] = m;
  if (frac.length > PERCENT_DECIMALS) return { ok: false, problem: 'max_decimals' };
  const digits = (int || '0').padStart(3, '0');
  const value = trimZeros(digits.slice(0, -2), digits.slice(-2) + frac);
  // 0 to 1: a whole part above 1, or 1 with decimals, is over 100 %.
  if (!/^(0(\.\d+)?|1)$/.test(value)) return { ok: false, problem: 'too_big' };
  return { ok: true, value };
}
