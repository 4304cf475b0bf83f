/**
 * Guatemalan identifiers, checked as `shared/data/gt-labour-tax.json` describes.
 */

/** Normalises a NIT for storage: upper case, no spaces or hyphens ('1234567-1' → '12345671'). */
export function normalizeNit(value: string): string {
  return value.replace(/[\s-]/g, '').toUpperCase();
}

/**
 * SAT's modulo-11 NIT check. The body digits are weighted n+1..2 from the left
 * (2, 3, 4, ... from the right); c = (11 - sum mod 11) mod 11; 10 is written K.
 * 'CF' (consumidor final) is accepted only when `allowCF` is set.
 * Source: SAT Guatemala NIT check-digit rule.
 */
export function isValidNit(value: string, { allowCF = false } = {}): boolean {
  const nit = normalizeNit(value);
  if (nit === 'CF') return allowCF;
  if (!/^\d{1,12}[\dK]$/.test(nit)) return false;
  const body = nit.slice(0, -1);
  const check = nit.slice(-1);
  let sum = 0;
  for (let i = 0; i < body.length; i++) sum += Number(body[i]) * (body.length + 1 - i);
  const c = (11 - (sum % 11)) % 11;
  return check === (c === 10 ? 'K' : String(c));
}

/** Normalises a DPI (CUI) for storage: no spaces or hyphens ('2345 67890 0101' → '2345678900101'). */
export function normalizeDpi(value: string): string {
  return value.replace(/[\s-]/g, '');
}

/**
 * RENAP's CUI (DPI) check: 13 digits, 8-digit serial, check digit = sum(serial[i]*(i+2)) mod 11,
 * then a department (01-22) and a municipality number. Source: Decreto 90-2005.
 * `municipalityCodes`, when given, must contain the 4-digit INE code the DPI ends with.
 */
export function isValidDpi(value: string, municipalityCodes?: ReadonlySet<string>): boolean {
  const dpi = normalizeDpi(value);
  if (!/^\d{13}$/.test(dpi)) return false;
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += Number(dpi[i]) * (i + 2);
  if (sum % 11 === 10 || sum % 11 !== Number(dpi[8])) return false;
  const dept = Number(dpi.slice(9, 11));
  if (dept < 1 || dept > 22) return false;
  return municipalityCodes ? municipalityCodes.has(dpi.slice(9, 13)) : true;
}
