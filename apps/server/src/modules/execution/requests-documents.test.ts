import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExpenseRequest } from '@amparo/shared/modules/execution.schema';
import { as, buildTestApp, createUser, inDays, type TestApp } from '../../../test/helpers.ts';
import { multipartFile, PNG_FIXTURE } from '../../../test/multipart.ts';
import { requestsFixture } from '../../../test/requests-fixture.ts';

/** Valid NITs (SAT modulo-11) of this file's providers. */
const NITS = ['76543501', '76543528', '76543536'];

const dir = mkdtempSync(join(tmpdir(), 'amparo-request-pdf-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A PDF's text as pdftotext reads it (poppler-utils), whitespace folded to single spaces. */
function textOf(pdf: Buffer): string {
  const file = join(dir, `${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, pdf);
  const out = spawnSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
  expect(out.status, out.stderr).toBe(0);
  return out.stdout.replace(/\s+/g, ' ');
}

/** The smallest PDF file-type recognises by content: what a provider's quote stands for here. */
const pdfBytes = (label: string) =>
  Buffer.from(
    `%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n% ${label}\ntrailer<</Root 1 0 R>>\n%%EOF\n`,
  );

/**
 * A request's paper file (issue 26 section 4): its PDF with items, approvals and payment, marked as a draft before
 * the check is issued; the comparative table's PDF; each quote's PDF, attached by content while the quotes are
 * open; and a framework agreement listing the requests that quoted from it. The detail's visibility holds for all.
 */
describe("a request's documents", () => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof requestsFixture>>;
  beforeAll(async () => {
    t = await buildTestApp();
    f = await requestsFixture(t, NITS);
  });
  afterAll(() => t.close());

  /** A purchase order of two items quoted by `providers`, approved up to administration (below the band). */
  async function approvedOrder(providers = f.providerIds.slice(0, 3)) {
    const r = await f.raise('', f.requester, {
      providers,
      items: [
        { lineId: f.lineId, description: 'Sillas plegables', unit: 'unidad', quantity: '10', unitPrice: '100.00' },
        { lineId: f.lineId, description: 'Mesas de trabajo', unit: 'unidad', quantity: '2', unitPrice: '250.00' },
      ],
    });
    const boss = await f.moved(f.boss, r, 'approve_boss');
    if (boss.needsSuperior) await f.moved(f.superior, r, 'approve_superior');
    await f.moved(f.administration, r, 'approve_admin');
    return f.read(r.id);
  }
  async function quote(r: ExpenseRequest, provider: string, prices: string[], over: Record<string, unknown> = {}) {
    const res = await f.administration.api.put(`/api/execution/requests/${r.id}/quotes/${provider}`, {
      prices: r.items.map((item, i) => ({ itemId: item.id, unitPrice: prices[i] })).filter((p) => p.unitPrice),
      deliveryDays: 5,
      warranty: '6 meses',
      validUntil: inDays(30),
      ...over,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as ExpenseRequest;
  }
  const upload = (r: { id: string }, provider: string, name: string, content: Buffer | string, type: string) => {
    const m = multipartFile('file', name, content, type);
    return f.administration.api.put(`/api/execution/requests/${r.id}/quotes/${provider}/file`, m.payload, {
      headers: m.headers,
    });
  };

  it('prints the request with its items and approvals, a draft until the check is issued, approved after', async () => {
    const r = await f.raise('1234.50', f.requester, { type: 'reserve' });
    await f.moved(f.boss, r, 'approve_boss');
    await f.moved(f.administration, r, 'approve_admin');
    const res = await f.requester.api.get(`/api/execution/requests/${r.id}/pdf`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('application/pdf');
    expect(res.headers['content-disposition']).toContain(`filename="${r.number.toLowerCase()}.pdf"`);
    const draft = textOf(res.rawPayload);
    const read = await f.read(r.id);
    expect(draft).toContain(r.number);
    expect(draft).toContain('BORRADOR — NO APROBADA');
    expect(draft).toContain('Reserva');
    expect(draft).toContain('Materiales');
    expect(draft).toContain('Q 1,234.50');
    expect(draft).toContain('Jefatura');
    expect(draft).toContain('Administración');
    for (const a of read.approvals) expect(draft).toContain(a.approvedByName);
    expect(draft).not.toContain('Monto en letras');

    await f.moved(f.administration, r, 'issue_payment', {
      payment: { method: 'check', bankAccount: '3033123456', checkNumber: 77001, payeeName: 'Librería Nacional' },
    });
    const paid = textOf((await f.requester.api.get(`/api/execution/requests/${r.id}/pdf`)).rawPayload);
    expect(paid).toContain('APROBADA');
    expect(paid).not.toContain('NO APROBADA');
    expect(paid).toContain('77001');
    expect(paid).toContain('Librería Nacional');
    expect(paid).toContain('Monto en letras');
    expect(paid).toContain('MIL DOSCIENTOS TREINTA Y CUATRO');
    // In English, on request.
    const en = textOf((await f.requester.api.get(`/api/execution/requests/${r.id}/pdf?lang=en`)).rawPayload);
    expect(en).toContain('APPROVED');
    expect(en).toContain('Expense request');
  });

  it('marks a rejected request as not approved, and opens only to whoever may open the detail', async () => {
    const r = await f.raise('300.00');
    await f.moved(f.boss, r, 'reject', { reason: 'No corresponde' });
    const text = textOf((await f.requester.api.get(`/api/execution/requests/${r.id}/pdf`)).rawPayload);
    expect(text).toContain('NO APROBADA');
    expect(text).toContain('Rechazado');
    expect(text).toContain('Solicitud rechazada');
    const stranger = await f.person(['ejecucion_solicitudes'], 'ajeno', 'Programas');
    for (const url of [
      `/api/execution/requests/${r.id}`,
      `/api/execution/requests/${r.id}/pdf`,
      `/api/execution/requests/${r.id}/comparison/pdf`,
    ])
      expect((await stranger.api.get(url)).statusCode, url).toBe(404);
    const outsider = as(t.app, (await createUser(t.app, f.adminToken, ['ejecucion_solicitudes'], 'fuera')).token);
    expect((await outsider.get(`/api/execution/requests/${r.id}/pdf`)).statusCode).toBe(403);
    // Another type than a purchase order has no comparative table.
    const reserve = await f.raise('100.00', f.requester, { type: 'reserve' });
    expect((await f.requester.api.get(`/api/execution/requests/${reserve.id}/comparison/pdf`)).statusCode).toBe(404);
  });

  it("prints a trip's destination, dates and travellers", async () => {
    const res = await f.requester.api.post('/api/execution/requests', {
      type: 'travel_expenses',
      year: 2027,
      month: 3,
      description: 'Visita a Nebaj',
      justification: 'Acompañamiento a familias',
      executionDate: '2027-03-10',
      items: [{ lineId: f.lineId, description: 'Viáticos', unit: 'día', quantity: '2', unitPrice: '150.00' }],
      providerIds: [],
      travel: {
        destination: 'Santa María Nebaj',
        departureDate: '2027-03-10',
        returnDate: '2027-03-11',
        directions: ['go', 'return'],
        travellerIds: [f.requester.id],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json().data as ExpenseRequest;
    const text = textOf((await f.requester.api.get(`/api/execution/requests/${r.id}/pdf`)).rawPayload);
    expect(text).toContain('Santa María Nebaj');
    expect(text).toContain('Ida, Regreso');
    expect(text).toContain(r.travel!.travellers[0]!.name);
    expect(text).toContain('Viáticos');
  });

  it('prints the comparative table with each provider, the lowest marked and the selection', async () => {
    const r = await approvedOrder();
    const [a, b, c] = f.providerIds;
    await quote(r, a!, ['95.00', '260.00']);
    await quote(r, b!, ['99.00', '240.00']);
    await quote(r, c!, ['97.00', '255.00'], { warranty: '1 año' });
    await f.moved(f.administration, r, 'complete_comparison');
    await f.moved(f.administration, r, 'select_provider', {
      selection: { providerId: c, justification: 'Mejor garantía' },
    });
    const res = await f.boss.api.get(`/api/execution/requests/${r.id}/comparison/pdf`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('application/pdf');
    const text = textOf(res.rawPayload);
    const table = (await f.read(r.id)).comparison!;
    for (const q of table.quotes) expect(text).toContain(q.providerName);
    expect(text).toContain(r.number);
    // The lowest of each item and the lowest totals (Q 1,470.00 twice) are marked.
    expect(text).toContain('Q 950.00 (menor)');
    expect(text).toContain('Q 480.00 (menor)');
    expect(text.match(/Q 1,470\.00 \(menor\)/g)).toHaveLength(2);
    expect(text).not.toContain('Q 1,480.00 (menor)');
    expect(text).toContain('1 año');
    expect(text).toContain('Mejor garantía');
    // The request's PDF names the chosen quote.
    const request = textOf((await f.requester.api.get(`/api/execution/requests/${r.id}/pdf`)).rawPayload);
    expect(request).toContain('Proveedor seleccionado');
    expect(request).toContain(table.quotes[2]!.providerName);
    expect(request).toContain('BORRADOR — NO APROBADA');
  });

  it("attaches each quote's PDF by content while the quotes are open, and gives it back as sent", async () => {
    const r = await approvedOrder(f.providerIds.slice(0, 2));
    const [a, b] = f.providerIds;
    // No quote yet: nothing to attach to.
    expect((await upload(r, a!, 'cotizacion.pdf', pdfBytes('a'), 'application/pdf')).statusCode).toBe(404);
    await quote(r, a!, ['95.00', '260.00']);
    const first = pdfBytes('primera');
    const ok = await upload(r, a!, 'Cotización La Ceiba.pdf', first, 'application/pdf');
    expect(ok.statusCode, ok.body).toBe(200);
    expect((ok.json().data as ExpenseRequest).comparison!.quotes[0]).toMatchObject({
      hasFile: true,
      fileName: 'Cotización La Ceiba.pdf',
    });
    const back = await f.requester.api.get(`/api/execution/requests/${r.id}/quotes/${a}/file`);
    expect(back.statusCode).toBe(200);
    expect(back.headers['content-type']).toBe('application/pdf');
    expect(back.headers['content-disposition']).toContain('inline');
    expect(back.rawPayload.equals(first)).toBe(true);
    // By content, whatever the name says.
    const png = await upload(r, a!, 'cotizacion.pdf', PNG_FIXTURE(), 'application/pdf');
    expect(png.statusCode).toBe(400);
    expect(png.json().errors).toEqual([{ field: 'file', code: 'file_type' }]);
    const renamed = await upload(r, a!, 'cotizacion.pdf', 'Precio: Q 95.00 por silla', 'application/pdf');
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().errors).toEqual([{ field: 'file', code: 'file_type' }]);
    // Replacing replaces.
    const second = pdfBytes('segunda');
    expect((await upload(r, a!, 'nueva.pdf', second, 'application/pdf')).statusCode).toBe(200);
    const again = await f.boss.api.get(`/api/execution/requests/${r.id}/quotes/${a}/file`);
    expect(again.rawPayload.equals(second)).toBe(true);
    // A quote without a file, and someone who may not open the request: 404.
    await quote(r, b!, ['99.00', '240.00']);
    expect((await f.requester.api.get(`/api/execution/requests/${r.id}/quotes/${b}/file`)).statusCode).toBe(404);
    const stranger = await f.person(['ejecucion_solicitudes'], 'otro', 'Programas');
    expect((await stranger.api.get(`/api/execution/requests/${r.id}/quotes/${a}/file`)).statusCode).toBe(404);
    // Only administration attaches.
    const m = multipartFile('file', 'x.pdf', first, 'application/pdf');
    const byRequester = await f.requester.api.put(`/api/execution/requests/${r.id}/quotes/${a}/file`, m.payload, {
      headers: m.headers,
    });
    expect(byRequester.statusCode).toBe(403);
    // Once the table is closed, no more files.
    await quote(r, b!, ['99.00', '240.00']);
    await t.database.db.execute(
      sql`update expense_requests set status = 'cuadro_comparativo_admin' where id = ${r.id}`,
    );
    const closed = await upload(r, a!, 'tarde.pdf', pdfBytes('tarde'), 'application/pdf');
    expect(closed.statusCode).toBe(409);
    expect(closed.json().code).toBe('quotes_closed');
    expect((await f.boss.api.get(`/api/execution/requests/${r.id}/quotes/${a}/file`)).rawPayload.equals(second)).toBe(
      true,
    );
  });

  it('lists on a framework agreement the requests whose quote took its prices', async () => {
    const [a] = f.providerIds;
    const agreement = (
      await f.admin.post(`/api/providers/${a}/agreements`, {
        reference: 'CM-MOBILIARIO',
        validFrom: inDays(-5),
        validUntil: inDays(100),
        items: [{ description: 'Sillas plegables', unit: 'unidad', unitPrice: '95.00' }],
      })
    ).json().data;
    const uses = (p = a) => f.admin.get(`/api/providers/${p}/agreements/${agreement.id}/uses`);
    expect((await uses()).json().data).toEqual([]);
    const r = await approvedOrder([a!]);
    await quote(r, a!, ['95.00', '250.00'], { agreementId: agreement.id, validUntil: null });
    expect((await uses()).json().data).toEqual([
      {
        requestId: r.id,
        number: r.number,
        status: 'aprobacion',
        createdAt: r.createdAt,
        selected: false,
        total: '1450.00',
      },
    ]);
    await f.moved(f.administration, r, 'complete_comparison');
    await f.moved(f.administration, r, 'select_provider', { selection: { providerId: a } });
    expect((await uses()).json().data[0]).toMatchObject({ status: 'proveedor_seleccionado', selected: true });
    // Another provider's path, and a user without the providers' key.
    expect((await uses(f.providerIds[1])).statusCode).toBe(404);
    expect((await f.requester.api.get(`/api/providers/${a}/agreements/${agreement.id}/uses`)).statusCode).toBe(403);
  });
});
