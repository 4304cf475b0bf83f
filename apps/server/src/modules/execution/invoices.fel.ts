import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { DTE_TYPES, felSerieNumber, type DteType } from '@amparo/shared/fel';
import { formatDate } from '@amparo/shared/format';
import { normalizeNit } from '@amparo/shared/identifiers';
import { money, moneyString } from '@amparo/shared/money';
import { AppError } from '../../lib/errors.ts';

/**
 * What a FEL invoice's certified XML (its DTE, `GTDocumento`, SAT's FEL schema 0.2.0) says, read exactly so the
 * liquidation types nothing (issue 27 section 1). `authorization` is the UUID in upper case, `serie` and `number`
 * (decimal text: it passes a 32-bit integer) are SAT's, and agree with the UUID; NITs are normalised
 * (`normalizeNit`); `buyerId` is the receiver's `IDReceptor` (a NIT, 'CF' or a CUI); `emittedOn` is the emission's
 * date in America/Guatemala and `emittedAt` its instant (ISO); `grandTotal` is in the document's `currency`,
 * rounded half up to the centavo, and `grandTotalExact` is the XML's text (certifiers write up to 6 decimals).
 */
export interface Dte {
  type: DteType;
  authorization: string;
  serie: string;
  number: string;
  issuerNit: string;
  issuerName: string;
  /** The issuer's IVA affiliation (`AfiliacionIVA`): GEN general, PEQ small taxpayer, EXE exempt, ... */
  issuerIvaAffiliation: string;
  buyerId: string;
  emittedOn: string;
  emittedAt: string;
  currency: string;
  grandTotal: string;
  grandTotalExact: string;
  /**
   * A credit or debit note's origin: the authorization UUID (upper case) of the document it adjusts, from its
   * `ReferenciasNota` complement; null for the other documents.
   */
  origin: string | null;
}

/** The largest DTE read (bytes): a real one with its signature is a few KB; a few hundred items stay far below. */
export const DTE_MAX_BYTES = 1_000_000;

const refused = (code: string, params?: Record<string, unknown>) =>
  new AppError(400, 'validation', [{ field: 'xml', code, ...(params ? { params } : {}) }]);

// Entities are never expanded (an XML bomb, or an external entity reading a file, has nothing to work with), and
// a document declaring a DOCTYPE is refused before parsing: a DTE has none.
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  processEntities: false,
  htmlEntities: false,
  trimValues: true,
});

const PREDEFINED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/**
 * XML's five predefined entities and character references, decoded in a value the parser left as written (it
 * expands nothing); any other reference would need a DTD, which a DTE never has: the document is refused.
 */
function unescape(value: string): string {
  return value.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z][a-z0-9]*);/gi, (_, ref: string) => {
    if (ref[0] !== '#') {
      const known = PREDEFINED[ref];
      if (known === undefined) throw refused('fel_xml_invalid');
      return known;
    }
    const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
    if (code > 0x10ffff) throw refused('fel_xml_invalid');
    return String.fromCodePoint(code);
  });
}

type Node = Record<string, unknown>;
const child = (node: unknown, name: string): Node | undefined => {
  const value = (node as Node | undefined)?.[name];
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Node) : undefined;
};
const text = (node: unknown): string | undefined => {
  if (typeof node === 'string') return node.trim();
  const value = (node as Node | undefined)?.['#text'];
  return typeof value === 'string' ? value.trim() : undefined;
};

/**
 * Reads a FEL DTE (`xml`: its bytes, UTF-8) into `Dte`. Refuses (400 `validation`, field `xml`) a file over
 * DTE_MAX_BYTES or not UTF-8 well-formed XML (`fel_xml_invalid`), one that declares a DOCTYPE or entities
 * (`fel_xml_doctype`), one that is no DTE or lacks a field (`fel_xml_missing`, params.element), a document type
 * outside `DTE_TYPES` (`fel_type_unknown`, params.type), an authorization whose serie or number disagree with
 * its UUID (`fel_authorization_mismatch`), and a grand total that is not a positive decimal (`fel_total_invalid`).
 * Whether the buyer is the charity is the caller's check (`buyerId`).
 */
export function readDte(xml: Buffer | string): Dte {
  const bytes = typeof xml === 'string' ? Buffer.from(xml, 'utf8') : xml;
  if (bytes.length > DTE_MAX_BYTES) throw refused('fel_xml_invalid');
  const source = new TextDecoder('utf-8', { fatal: false }).decode(bytes).replace(/^\uFEFF/, '');
  if (/<!DOCTYPE|<!ENTITY/i.test(source)) throw refused('fel_xml_doctype');
  if (XMLValidator.validate(source) !== true) throw refused('fel_xml_invalid');
  const root = child(parser.parse(source) as Node, 'GTDocumento');
  const dte = child(child(root, 'SAT'), 'DTE');
  const issue = child(dte, 'DatosEmision');
  const general = child(issue, 'DatosGenerales');
  const issuer = child(issue, 'Emisor');
  const buyer = child(issue, 'Receptor');
  const totals = child(issue, 'Totales');
  const authorizationNode = child(dte, 'Certificacion')?.['NumeroAutorizacion'];
  const required = (value: unknown, element: string): string => {
    if (typeof value !== 'string' || value.trim() === '') throw refused('fel_xml_missing', { element });
    return unescape(value.trim());
  };

  const type = required(general?.['@Tipo'], 'DatosGenerales@Tipo').toUpperCase();
  if (!(DTE_TYPES as readonly string[]).includes(type)) throw refused('fel_type_unknown', { type });
  const authorization = required(text(authorizationNode), 'NumeroAutorizacion').toUpperCase();
  const derived = felSerieNumber(authorization);
  const serie = required((authorizationNode as Node | undefined)?.['@Serie'], 'NumeroAutorizacion@Serie');
  const number = required((authorizationNode as Node | undefined)?.['@Numero'], 'NumeroAutorizacion@Numero');
  if (!derived || derived.serie !== serie.toUpperCase() || derived.number !== number.replace(/^0+(?=\d)/, ''))
    throw refused('fel_authorization_mismatch');

  const emitted = required(general?.['@FechaHoraEmision'], 'DatosGenerales@FechaHoraEmision');
  // Without an offset the time is Guatemala's (UTC-6 all year).
  const instant = new Date(/(Z|[+-]\d{2}:?\d{2})$/.test(emitted) ? emitted : `${emitted}-06:00`);
  if (Number.isNaN(instant.getTime())) throw refused('fel_xml_missing', { element: 'DatosGenerales@FechaHoraEmision' });

  const exact = required(text(totals?.['GranTotal']), 'GranTotal');
  if (!/^\d{1,12}(\.\d{1,6})?$/.test(exact) || money(exact).lessThanOrEqualTo(0)) throw refused('fel_total_invalid');

  const reference = findNode(issue?.['Complementos'], 'ReferenciasNota');
  const originText = reference?.['@NumeroAutorizacionDocumentoOrigen'];
  return {
    type: type as DteType,
    authorization,
    serie: derived.serie,
    number: derived.number,
    issuerNit: normalizeNit(required(issuer?.['@NITEmisor'], 'Emisor@NITEmisor')),
    issuerName: required(issuer?.['@NombreEmisor'], 'Emisor@NombreEmisor'),
    issuerIvaAffiliation: required(issuer?.['@AfiliacionIVA'], 'Emisor@AfiliacionIVA').toUpperCase(),
    buyerId: normalizeNit(required(buyer?.['@IDReceptor'], 'Receptor@IDReceptor')),
    emittedOn: formatDate(instant),
    emittedAt: instant.toISOString(),
    currency: required(general?.['@CodigoMoneda'], 'DatosGenerales@CodigoMoneda').toUpperCase(),
    grandTotal: moneyString(money(exact)),
    grandTotalExact: exact,
    origin: typeof originText === 'string' && originText.trim() ? unescape(originText.trim()).toUpperCase() : null,
  };
}

/** The first node named `name` under `node`, at any depth (complements nest it in one or more `Complemento`). */
function findNode(node: unknown, name: string, depth = 0): Node | undefined {
  if (!node || typeof node !== 'object' || depth > 6) return undefined;
  if (Array.isArray(node)) {
    for (const n of node) {
      const found = findNode(n, name, depth + 1);
      if (found) return found;
    }
    return undefined;
  }
  const direct = (node as Node)[name];
  if (direct && typeof direct === 'object') return (Array.isArray(direct) ? direct[0] : direct) as Node;
  for (const [key, value] of Object.entries(node as Node)) {
    if (key.startsWith('@') || key === '#text') continue;
    const found = findNode(value, name, depth + 1);
    if (found) return found;
  }
  return undefined;
}
