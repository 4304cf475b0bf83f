/**
 * A certified FEL invoice (DTE) as SAT's schema 0.2.0 writes it, signature cut: what a liquidation uploads (issue
 * 27 section 1). `over` replaces parts of it for the refusals.
 */
export function dteXml(over: Record<string, string> = {}): string {
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
