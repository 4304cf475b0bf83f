import { describe, expect, it } from 'vitest';
import type { AppError } from '../../lib/errors.ts';
import { readDte } from './invoices.fel.ts';

/**
 * A certified FEL invoice (DTE) as SAT's schema 0.2.0 writes it, signature cut: what a liquidation uploads (issue
 * 27 section 1). `over` replaces parts of it for the refusals.
 */
function dte(over: Record<string, string> = {}): string {
  let xml = `<?xml version="1.0" encoding="UTF-8"?>
<dte:GTDocumento xmlns:dte="http://www.sat.gob.gt/dte/fel/0.2.0" xmlns:ds="http://www.w3.org/2000/09/xmldsig#" Version="0.1">
  <dte:SAT ClaseDocumento="dte">
    <dte:DTE ID="DatosCertificados">
      <dte:DatosEmision ID="DatosEmision">
        <dte:DatosGenerales Tipo="FACT" FechaHoraEmision="2027-03-01T23:30:00-06:00" CodigoMoneda="GTQ"/>
        <dte:Emisor NITEmisor="1234567-1" NombreEmisor="Ferretería La Ceiba, S.A." CodigoEstablecimiento="1" AfiliacionIVA="GEN" CorreoEmisor="ventas@example.com">
          <dte:DireccionEmisor><dte:Direccion>2a. avenida 3-45, zona 1</dte:Direccion></dte:DireccionEmisor>
        </dte:Emisor>
        <dte:Receptor IDReceptor="7654321-0" NombreReceptor="Asociación Amparo"/>
        <dte:Items>
          <dte:Item NumeroLinea="1" BienOServicio="B">
            <dte:Cantidad>3</dte:Cantidad><dte:Descripcion>Cuadernos &amp; lápices</dte:Descripcion>
            <dte:PrecioUnitario>411.666667</dte:PrecioUnitario><dte:Total>1235.000000</dte:Total>
          </dte:Item>
        </dte:Items>
        <dte:Totales>
          <dte:TotalImpuestos><dte:TotalImpuesto NombreCorto="IVA" TotalMontoImpuesto="132.321429"/></dte:TotalImpuestos>
          <dte:GranTotal>1235.000000</dte:GranTotal>
        </dte:Totales>
      </dte:DatosEmision>
      <dte:Certificacion>
        <dte:NITCertificador>16693949</dte:NITCertificador>
        <dte:NombreCertificador>Superintendencia de Administracion Tributaria</dte:NombreCertificador>
        <dte:NumeroAutorizacion Numero="2535474368" Serie="D412A347">d412a347-9720-44c0-a9cc-fde068f0a2e7</dte:NumeroAutorizacion>
        <dte:FechaHoraCertificacion>2027-03-01T23:31:02-06:00</dte:FechaHoraCertificacion>
      </dte:Certificacion>
    </dte:DTE>
  </dte:SAT>
  <ds:Signature Id="firma"><ds:SignatureValue>c2lnbmVk</ds:SignatureValue></ds:Signature>
</dte:GTDocumento>`;
  for (const [from, to] of Object.entries(over)) {
    if (!xml.includes(from)) throw new Error(`the fixture has no ${from}`);
    xml = xml.replace(from, to);
  }
  return xml;
}

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
    });
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
