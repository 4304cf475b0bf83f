import { describe, expect, it } from 'vitest';
import type { AppError } from '../../lib/errors.ts';
import { dteXml as dte } from '../../../test/dte-fixture.ts';
import { readDte } from './invoices.fel.ts';

/** The field error a refused DTE answers. */
function refusal(xml: string) {
  try {
    readDte(xml);
  } catch (err) {
    const e = err as AppError;
    expect(e.status).toBe(400);
    return e.fieldErrors[0];
  }
  throw new Error('the DTE was accepted');
}

describe('reading a FEL invoice from its certified XML', () => {
  it('reads what the liquidation needs, exactly, the number past a 32-bit integer', () => {
    expect(readDte(Buffer.from(dte()))).toEqual({
      type: 'FACT',
      authorization: 'D412A347-9720-44C0-A9CC-FDE068F0A2E7',
      serie: 'D412A347',
      number: '2535474368',
      issuerNit: '12345671',
      issuerName: 'Ferretería La Ceiba, S.A.',
      issuerIvaAffiliation: 'GEN',
      buyerId: '76543210',
      // 23:30 in Guatemala is the next day in UTC: the emission's date is Guatemala's.
      emittedOn: '2027-03-01',
      emittedAt: '2027-03-02T05:30:00.000Z',
      currency: 'GTQ',
      grandTotal: '1235.00',
      grandTotalExact: '1235.000000',
      origin: null,
    });
  });

  it("reads a credit note's origin from its ReferenciasNota complement", () => {
    const note = dte({
      'Tipo="FACT"': 'Tipo="NCRE"',
      '</dte:Totales>': `</dte:Totales>
        <dte:Complementos>
          <dte:Complemento IDComplemento="1" NombreComplemento="NCRE" URIComplemento="http://www.sat.gob.gt/face2/ComplementoReferenciaNota/0.1.0">
            <cno:ReferenciasNota xmlns:cno="http://www.sat.gob.gt/face2/ComplementoReferenciaNota/0.1.0" FechaEmisionDocumentoOrigen="2027-02-20" MotivoAjuste="Devolución" NumeroAutorizacionDocumentoOrigen="0a412a34-9720-44c0-a9cc-fde068f0a2e7" Version="0.0"/>
          </dte:Complemento>
        </dte:Complementos>`,
    });
    expect(readDte(note)).toMatchObject({ type: 'NCRE', origin: '0A412A34-9720-44C0-A9CC-FDE068F0A2E7' });
  });

  it('rounds a total written with more decimals half up to the centavo, keeping the text', () => {
    const read = readDte(dte({ '<dte:GranTotal>1235.000000': '<dte:GranTotal>10.005' }));
    expect([read.grandTotal, read.grandTotalExact]).toEqual(['10.01', '10.005']);
    // A time without an offset is Guatemala's.
    expect(readDte(dte({ '2027-03-01T23:30:00-06:00': '2027-03-01T23:30:00' })).emittedOn).toBe('2027-03-01');
  });

  it('refuses a DOCTYPE or an entity: no external entity is read, no entity is expanded', () => {
    const external = dte({
      '<?xml version="1.0" encoding="UTF-8"?>':
        '<?xml version="1.0" encoding="UTF-8"?><!DOCTYPE d [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>',
      'Asociación Amparo': '&xxe;',
    });
    expect(refusal(external)).toEqual({ field: 'xml', code: 'fel_xml_doctype' });
    const bomb = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]><lolz>&lol2;</lolz>`;
    expect(refusal(bomb)).toEqual({ field: 'xml', code: 'fel_xml_doctype' });
    // Without a DOCTYPE an entity is only ever XML's own five (or a character): any other is refused.
    expect(refusal(dte({ 'NombreEmisor="Ferretería La Ceiba, S.A."': 'NombreEmisor="&xxe;"' }))).toEqual({
      field: 'xml',
      code: 'fel_xml_invalid',
    });
    const named = readDte(
      dte({ 'NombreEmisor="Ferretería La Ceiba, S.A."': 'NombreEmisor="Pérez &amp; Cía. &#x2014; &#241;"' }),
    );
    expect(named.issuerName).toBe('Pérez & Cía. — ñ');
  });

  it('refuses what is not a well-formed DTE, naming the missing element', () => {
    expect(refusal('<dte:GTDocumento><dte:SAT>')).toEqual({ field: 'xml', code: 'fel_xml_invalid' });
    expect(refusal('<factura><total>10</total></factura>')).toEqual({
      field: 'xml',
      code: 'fel_xml_missing',
      params: { element: 'DatosGenerales@Tipo' },
    });
    expect(refusal(dte({ ' NITEmisor="1234567-1"': '' }))).toMatchObject({
      code: 'fel_xml_missing',
      params: { element: 'Emisor@NITEmisor' },
    });
    expect(refusal(dte({ 'Tipo="FACT"': 'Tipo="XYZW"' }))).toEqual({
      field: 'xml',
      code: 'fel_type_unknown',
      params: { type: 'XYZW' },
    });
    expect(refusal(dte({ '<dte:GranTotal>1235.000000': '<dte:GranTotal>-5.00' }))).toMatchObject({
      code: 'fel_total_invalid',
    });
    expect(refusal(Buffer.alloc(1_000_001, 32).toString())).toMatchObject({ code: 'fel_xml_invalid' });
  });

  it('refuses a serie or number that disagree with the authorization UUID', () => {
    expect(refusal(dte({ 'Numero="2535474368"': 'Numero="2535474369"' }))).toEqual({
      field: 'xml',
      code: 'fel_authorization_mismatch',
    });
    expect(refusal(dte({ 'Serie="D412A347"': 'Serie="D412A348"' }))).toMatchObject({
      code: 'fel_authorization_mismatch',
    });
    expect(refusal(dte({ 'd412a347-9720-44c0-a9cc-fde068f0a2e7': 'no-es-un-uuid' }))).toMatchObject({
      code: 'fel_authorization_mismatch',
    });
  });
});
