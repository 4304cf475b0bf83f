import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInGuatemala } from '@amparo/shared/format';
import type { ExpenseRequest } from '@amparo/shared/modules/execution.schema';
import type { RequestInvoice } from '@amparo/shared/modules/invoices.schema';
import { dteXml } from '../../../test/dte-fixture.ts';
import { buildTestApp, type TestApp } from '../../../test/helpers.ts';
import { multipartFile } from '../../../test/multipart.ts';
import { requestsFixture } from '../../../test/requests-fixture.ts';

/** The provider (the seller) and the institution (the buyer): valid NITs by SAT's modulo 11. */
const SELLER = '12345679';
const INSTITUTION = '9876543-4';
const UUID = 'D412A347-9720-44C0-A9CC-FDE068F0A2E7';

type Invoices = { items: RequestInvoice[]; invoiced: string; unchecked: number };

/**
 * A FEL invoice recorded from its certified XML (issue 27 section 1): everything read from the document, the
 * charity as its buyer (the institution's NIT, a dated setting), the seller a provider of the registry, the XML
 * kept; its fields stay as read; someone records that it was checked at SAT.
 */
describe('a FEL invoice from its XML', () => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof requestsFixture>>;
  let checkNumber = 9100;
  beforeAll(async () => {
    t = await buildTestApp();
    f = await requestsFixture(t, [SELLER]);
  });
  afterAll(() => t.close());

  async function paid(): Promise<ExpenseRequest> {
    const r = await f.raise('3000.00', f.requester, { type: 'reserve' });
    await f.moved(f.boss, r, 'approve_boss');
    await f.moved(f.administration, r, 'approve_admin');
    return f.moved(f.administration, r, 'issue_payment', {
      payment: { method: 'check', bankAccount: '3-033-66666-1', checkNumber: checkNumber++, payeeName: 'Pide' },
    });
  }
  /** The fixture's DTE issued today by the seller to the institution, with `over` replaced. */
  const xml = (over: Record<string, string> = {}) =>
    dteXml({
      'NITEmisor="1234567-1"': `NITEmisor="${SELLER}"`,
      'IDReceptor="7654321-0"': `IDReceptor="${INSTITUTION}"`,
      '2027-03-01T23:30:00-06:00': `${todayInGuatemala()}T10:00:00-06:00`,
      ...over,
    });
  const upload = (r: { id: string }, content: string) => {
    const m = multipartFile('file', 'factura.xml', content, 'text/xml');
    return f.requester.api.post(`/api/execution/requests/${r.id}/invoices/xml`, m.payload, { headers: m.headers });
  };
  const refusal = async (r: { id: string }, content: string) => {
    const res = await upload(r, content);
    expect(res.statusCode, res.body).toBe(400);
    return res.json().errors[0];
  };

  it('needs the institution NIT set, then reads the invoice exactly and keeps the XML', async () => {
    const r = await paid();
    const missing = await upload(r, xml());
    expect([missing.statusCode, missing.json().code]).toEqual([409, 'setting_missing']);
    const set = await f.admin.post('/api/settings/institution_nit/values', {
      validFrom: '2026-01-01',
      value: INSTITUTION,
      source: 'RTU de la institución',
    });
    expect(set.statusCode, set.body).toBe(200);

    const res = await upload(r, xml());
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json().data as Invoices;
    expect(list.items[0]).toMatchObject({
      document: 'FACT',
      providerId: f.providerIds[0],
      authorization: UUID,
      serie: 'D412A347',
      number: '2535474368',
      emittedOn: todayInGuatemala(),
      amount: '1235.00',
      ivaAffiliation: 'GEN',
      satCheckedAt: null,
    });
    expect(list.unchecked).toBe(1);
    const kept = await f.administration.api.get(`/api/execution/requests/${r.id}/invoices/${list.items[0]!.id}/xml`);
    expect(kept.statusCode).toBe(200);
    expect(kept.body).toBe(xml());
    // The same document again is the same invoice.
    const again = await upload(r, xml());
    expect([again.statusCode, again.json().code]).toEqual([409, 'invoice_duplicate']);
  });

  it('refuses a document not for the institution, from an unknown seller, in dollars, or with a DOCTYPE', async () => {
    const r = await paid();
    expect(await refusal(r, xml({ [`IDReceptor="${INSTITUTION}"`]: 'IDReceptor="CF"' }))).toEqual({
      field: 'xml',
      code: 'fel_not_institution',
      params: { nit: 'CF' },
    });
    expect(await refusal(r, xml({ [`NITEmisor="${SELLER}"`]: 'NITEmisor="4455667-5"' }))).toEqual({
      field: 'xml',
      code: 'fel_provider_unknown',
      params: { nit: '44556675', name: 'Ferretería La Ceiba, S.A.' },
    });
    expect(await refusal(r, xml({ 'CodigoMoneda="GTQ"': 'CodigoMoneda="USD"' }))).toEqual({
      field: 'xml',
      code: 'fel_currency',
      params: { currency: 'USD' },
    });
    const external = xml().replace(
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<?xml version="1.0" encoding="UTF-8"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]>',
    );
    expect(await refusal(r, external)).toMatchObject({ field: 'xml', code: 'fel_xml_doctype' });
    const rows = await t.database.db.execute(sql`select 1 from expense_request_invoices where request_id = ${r.id}`);
    expect(rows.rows).toEqual([]);
  });

  it('keeps the fields read from the XML; a credit note by XML reduces its origin; the SAT check is recorded', async () => {
    const r = await paid();
    // A second document of the same seller (another UUID), then its credit note.
    const other = '0A412A34-9720-44C0-A9CC-FDE068F0A2E7';
    const original = xml({
      'Numero="2535474368" Serie="D412A347">d412a347-9720-44c0-a9cc-fde068f0a2e7':
        'Numero="2535474368" Serie="0A412A34">0a412a34-9720-44c0-a9cc-fde068f0a2e7',
    });
    const first = (await upload(r, original)).json().data as Invoices;
    const invoice = first.items[0]!;
    expect(invoice.authorization).toBe(other);
    const put = (body: Record<string, unknown>) =>
      f.requester.api.put(`/api/execution/requests/${r.id}/invoices/${invoice.id}`, {
        document: 'FACT',
        providerId: invoice.providerId,
        authorization: invoice.authorization,
        emittedOn: invoice.emittedOn,
        amount: invoice.amount,
        version: invoice.version,
        ...body,
      });
    const changed = await put({ amount: '1300.00' });
    expect(changed.json().errors).toEqual([{ field: 'amount', code: 'fel_read_only' }]);
    const certificate = await put({ retentionCertificate: 'CR-2027-15' });
    expect(certificate.statusCode, certificate.body).toBe(200);

    const note = xml({
      'Numero="2535474368" Serie="D412A347">d412a347-9720-44c0-a9cc-fde068f0a2e7':
        'Numero="2535474368" Serie="1A412A34">1a412a34-9720-44c0-a9cc-fde068f0a2e7',
      'Tipo="FACT"': 'Tipo="NCRE"',
      '<dte:GranTotal>1235.000000': '<dte:GranTotal>235.00',
      '</dte:Totales>': `</dte:Totales><dte:Complementos><dte:Complemento IDComplemento="1" NombreComplemento="NCRE" URIComplemento="x"><cno:ReferenciasNota xmlns:cno="x" NumeroAutorizacionDocumentoOrigen="${other.toLowerCase()}" Version="0.0"/></dte:Complemento></dte:Complementos>`,
    });
    const noted = await upload(r, note);
    expect(noted.statusCode, noted.body).toBe(200);
    const list = noted.json().data as Invoices;
    expect(list.items[1]).toMatchObject({ document: 'NCRE', creditOf: invoice.id, amount: '235.00' });
    expect(list.invoiced).toBe('1000.00');
    // A credit note whose origin is not in this liquidation is refused.
    const stray = await paid();
    expect(await refusal(stray, note.replace('1A412A34', '2A412A34').replace('1a412a34', '2a412a34'))).toEqual({
      field: 'xml',
      code: 'fel_origin_unknown',
    });

    // Administration records that the invoice is not voided at SAT.
    const fresh = (await f.requester.api.get(`/api/execution/requests/${r.id}/invoices`)).json().data as Invoices;
    const target = fresh.items[0]!;
    const checked = await f.administration.api.post(`/api/execution/requests/${r.id}/invoices/${target.id}/sat-check`, {
      version: target.version,
    });
    expect(checked.statusCode, checked.body).toBe(200);
    expect((checked.json().data as Invoices).unchecked).toBe(1);
    expect((checked.json().data as Invoices).items[0]!.satCheckedAt).not.toBeNull();
    const stale = await f.requester.api.post(`/api/execution/requests/${r.id}/invoices/${target.id}/sat-check`, {
      version: target.version,
    });
    expect(stale.json().code).toBe('version_conflict');
    const stranger = await f.person(['ejecucion_aprobacion_jefe'], 'jefa2', 'Programas');
    const notTheirs = await stranger.api.post(`/api/execution/requests/${r.id}/invoices/${target.id}/sat-check`, {
      version: target.version + 1,
    });
    expect(notTheirs.statusCode).toBe(403);
  });
});
