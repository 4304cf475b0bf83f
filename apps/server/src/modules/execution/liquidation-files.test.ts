import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInGuatemala } from '@amparo/shared/format';
import type { ExpenseRequest } from '@amparo/shared/modules/execution.schema';
import type { RequestInvoice, RequestRefund } from '@amparo/shared/modules/invoices.schema';
import { buildTestApp, type TestApp } from '../../../test/helpers.ts';
import { multipartFile, PNG_FIXTURE } from '../../../test/multipart.ts';
import { requestsFixture } from '../../../test/requests-fixture.ts';

const NITS = ['12345679'];
const pdf = (label: string) =>
  Buffer.from(`%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n% ${label}\ntrailer<</Root 1 0 R>>\n%%EOF\n`);

type Invoices = { items: RequestInvoice[]; refund: RequestRefund | null };

/**
 * A liquidation's scans (issue 27 section 1): an invoice's and the refund's deposit slip, PDF, JPEG or PNG by
 * content, attached by the liquidator while they can still change, read back by whoever may open the request.
 */
describe("a liquidation's scans", () => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof requestsFixture>>;
  let r: ExpenseRequest;
  let invoice: RequestInvoice;
  beforeAll(async () => {
    t = await buildTestApp();
    f = await requestsFixture(t, NITS);
    r = await f.raise('1000.00', f.requester, { type: 'reserve' });
    await f.moved(f.boss, r, 'approve_boss');
    await f.moved(f.administration, r, 'approve_admin');
    await f.moved(f.administration, r, 'issue_payment', {
      payment: { method: 'check', bankAccount: '3-033-22222-1', checkNumber: 1, payeeName: 'Pide' },
    });
    const added = await f.requester.api.post(`/api/execution/requests/${r.id}/invoices`, {
      document: 'paper_invoice',
      providerId: f.providerIds[0],
      serie: 'S',
      number: '1',
      emittedOn: todayInGuatemala(),
      amount: '800.00',
    });
    invoice = (added.json().data as Invoices).items[0]!;
  });
  afterAll(() => t.close());

  const put = (path: string, name: string, content: Buffer, type: string, who = f.requester) => {
    const m = multipartFile('file', name, content, type);
    return who.api.put(`/api/execution/requests/${r.id}/${path}`, m.payload, { headers: m.headers });
  };

  it("attaches an invoice's scan by content, replaces it, and gives it back as sent", async () => {
    const path = `invoices/${invoice.id}/scan`;
    const forged = await put(path, 'factura.pdf', Buffer.from('no soy un PDF'), 'application/pdf');
    expect(forged.statusCode).toBe(400);
    expect(forged.json().errors).toEqual([{ field: 'file', code: 'file_type' }]);
    const first = await put(path, 'factura.pdf', pdf('uno'), 'application/pdf');
    expect(first.statusCode, first.body).toBe(200);
    expect((first.json().data as Invoices).items[0]!.scan).toEqual({ name: 'factura.pdf', mime: 'application/pdf' });
    const png = await put(path, 'foto.png', PNG_FIXTURE(), 'image/png');
    expect((png.json().data as Invoices).items[0]!.scan).toEqual({ name: 'foto.png', mime: 'image/png' });
    const read = await f.administration.api.get(`/api/execution/requests/${r.id}/${path}`);
    expect(read.statusCode).toBe(200);
    expect(read.headers['content-type']).toContain('image/png');
    expect(read.rawPayload.equals(PNG_FIXTURE())).toBe(true);
    // Only the liquidator attaches; an outsider does not learn the request exists.
    expect((await put(path, 'x.pdf', pdf('dos'), 'application/pdf', f.administration)).statusCode).toBe(403);
    const stranger = await f.person(['ejecucion_solicitudes'], 'ajena', 'Otro');
    expect((await stranger.api.get(`/api/execution/requests/${r.id}/${path}`)).statusCode).toBe(404);
  });

  it('attaches the deposit slip while the refund is owed, and no invoice scan once the liquidation is sent', async () => {
    const early = await put('refund/slip', 'boleta.pdf', pdf('boleta'), 'application/pdf');
    expect(early.statusCode).toBe(404);
    await f.moved(f.requester, r, 'submit_liquidation', { liquidation: { confirmRefund: true } });
    const slip = await put('refund/slip', 'boleta.pdf', pdf('boleta'), 'application/pdf');
    expect(slip.statusCode, slip.body).toBe(200);
    expect((slip.json().data as Invoices).refund).toMatchObject({ amount: '200.00', slipName: 'boleta.pdf' });
    const read = await f.administration.api.get(`/api/execution/requests/${r.id}/refund/slip`);
    expect(read.rawPayload.equals(pdf('boleta'))).toBe(true);
    const late = await put(`invoices/${invoice.id}/scan`, 'tarde.pdf', pdf('tarde'), 'application/pdf');
    expect([late.statusCode, late.json().code]).toEqual([409, 'liquidation_closed']);
  });
});
