import { normalizeNit } from './identifiers.ts';

/**
 * Guatemala's electronic invoices (FEL, Factura Electrónica en Línea) and the paper invoices before them: the
 * identity of an invoice, as `shared/data/gt-labour-tax.json` (`fel`) describes it, for the liquidation's
 * duplicate check on both sides (issue 27 section 1). Source: SAT Acuerdo de Directorio 13-2018 and the FEL
 * technical documentation.
 */

/** The DTE document types (`DatosGenerales@Tipo`) a liquidation accepts, with what each is. */
export const DTE_TYPES = ['FACT', 'FCAM', 'FPEQ', 'FCAP', 'FESP', 'NABN', 'RDON', 'RECI', 'NDEB', 'NCRE'] as const;
export type DteType = (typeof DTE_TYPES)[number];

/** An authorization number (`NumeroAutorizacion`): a UUID, any case. */
const AUTHORIZATION = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `value` (trimmed) is an authorization number. */
export function isFelAuthorization(value: string): boolean {
  return AUTHORIZATION.test(value.trim());
}

/**
 * The serie and number a FEL invoice carries, derived from its authorization number (the fallback when no XML is
 * uploaded): the serie is the first 8 hexadecimal characters, upper case; the number is the next 8 read as an
 * unsigned integer, as decimal text (up to 4,294,967,295: more than a 32-bit integer holds). Null when `uuid` is
 * not an authorization number. 'D412A347-9720-44C0-…' gives D412A347 and 2535474368.
 */
export function felSerieNumber(uuid: string): { serie: string; number: string } | null {
  if (!isFelAuthorization(uuid)) return null;
  const hex = uuid.trim().replace(/-/g, '').toUpperCase();
  return { serie: hex.slice(0, 8), number: BigInt(`0x${hex.slice(8, 16)}`).toString() };
}

/** A paper invoice's serie: letters and digits (and a hyphen inside), up to 20. */
const PAPER_SERIE = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,18}[A-Za-z0-9])?$/;
/** An invoice number: digits only, up to 20 (the FEL number is up to 10). */
const NUMBER = /^\d{1,20}$/;

/** Whether `serie` is one an invoice may carry: a FEL serie is 8 hexadecimal characters, a paper one alphanumeric. */
export function isValidInvoiceSerie(serie: string): boolean {
  return PAPER_SERIE.test(serie.trim());
}

/** Whether `number` is one an invoice may carry: digits only (leading zeros allowed), up to 20. */
export function isValidInvoiceNumber(number: string): boolean {
  return NUMBER.test(number.trim());
}

/** Upper case, without spaces, and without leading zeros ('003411' is '3411'; '000' is '0'). */
function canonical(value: string): string {
  const v = value.replace(/\s/g, '').toUpperCase().replace(/^0+/, '');
  return v === '' ? '0' : v;
}

/**
 * The key under which an invoice exists once in the whole system, whatever request or year: (issuer NIT,
 * authorization UUID) for FEL, (issuer NIT, serie, number) for a paper invoice, compared without case, spaces or
 * leading zeros, with the NIT's hyphen dropped. A unique index on it keeps a race from letting a duplicate in.
 */
export function invoiceKey(invoice: {
  issuerNit: string;
  authorization?: string | null;
  serie?: string | null;
  number?: string | null;
}): string {
  const nit = canonical(normalizeNit(invoice.issuerNit));
  if (invoice.authorization) return `fel:${nit}:${invoice.authorization.trim().toUpperCase()}`;
  return `paper:${nit}:${canonical(invoice.serie ?? '')}:${canonical(invoice.number ?? '')}`;
}
