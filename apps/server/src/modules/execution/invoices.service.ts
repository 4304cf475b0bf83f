import { felSerieNumber, invoiceKey } from '@amparo/shared/fel';
import { todayInGuatemala } from '@amparo/shared/format';
import type { FieldErrorCode } from '@amparo/shared/errors';
import { normalizeNit } from '@amparo/shared/identifiers';
import { hasPermission } from '@amparo/shared/permissions';
import { money, moneyString, sumMoney } from '@amparo/shared/money';
import {
  isFelDocument,
  type InvoiceInput,
  type RequestInvoice,
  type invoiceUpdate,
} from '@amparo/shared/modules/invoices.schema';
import type { TaxRegime } from '@amparo/shared/modules/providers.schema';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/client.ts';
import type { UserActor } from '../../lib/actor.ts';
import { diff, writeAudit } from '../../lib/audit.ts';
import { AppError, invalidField, isUniqueViolation, notFound, versionConflict } from '../../lib/errors.ts';
import { valueAt } from '../../lib/settings/settings.ts';
import * as repo from './invoices.repository.ts';
import { perDiemTotal } from './per-diems.repository.ts';
import * as liquidation from './liquidation.repository.ts';
import { balanceOf, liquidationSums, refundAnswer } from './liquidation.rules.ts';
import { retentionsOf } from './invoices.retentions.ts';
import { readDte } from './invoices.fel.ts';
import * as requests from './requests.repository.ts';
import { visibleRequest } from './requests.service.ts';

const ENTITY = 'expense_request_invoice';

/** The statuses in which a request's invoices are written: paid, and its liquidation not yet sent (issue 27). */
const OPEN_FOR_INVOICES = ['emision_cheque', 'liquidado_temp'];

/** A day `days` before 'YYYY-MM-DD'. */
function daysBefore(day: string, days: number): string {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() - days);
  return d.toISOString().slice(0, 10);
}

/**
 * The request whose invoices the caller writes, locked: 404 when they may not open it; 403 `forbidden`
 * (`not_liquidator`) unless they are its liquidator (the requester, or whom administration named); 409 `liquidation_closed` unless it is paid
 * and its liquidation not sent.
 */
export async function liquidated(tx: Executor, actor: UserActor, id: string) {
  await visibleRequest(tx, actor, id);
  const row = (await requests.findRequest(tx, id, true))!;
  if (row.liquidatorId !== actor.userId)
    throw new AppError(403, 'forbidden', [{ field: 'request', code: 'not_liquidator' }]);
  if (!OPEN_FOR_INVOICES.includes(row.status)) throw new AppError(409, 'liquidation_closed');
  return row;
}

/**
 * An invoice's columns from its input, checked: the provider exists and is active (400 `unknown_code` /
 * `provider_inactive` on `providerId`); the date is not after today (`invoice_after_today`) nor more than
 * `invoice_max_days_before_request` days before the request was raised (`invoice_too_old`, params days,
 * earliest); a FEL document's serie and number come from its authorization; the retentions from the provider's
 * regime on the invoice's date; the key is not another invoice's (409 `invoice_duplicate`, params number: the
 * request holding it, in any year; the unique index decides under parallel writes).
 */
async function invoiceColumns(
  tx: Executor,
  request: requests.ExpenseRequestRow,
  body: InvoiceInput,
  exceptId: string | null,
) {
  const provider = await repo.providerTerms(tx, body.providerId);
  if (!provider) throw invalidField('providerId', 'unknown_code');
  if (!provider.active) throw invalidField('providerId', 'provider_inactive');
  if (body.emittedOn > todayInGuatemala()) throw invalidField('emittedOn', 'invoice_after_today');
  const raised = todayInGuatemala(request.createdAt);
  const days = await valueAt(tx, 'invoice_max_days_before_request', raised);
  const earliest = daysBefore(raised, days);
  if (body.emittedOn < earliest) throw invalidField('emittedOn', 'invoice_too_old', { days, earliest });

  const creditOf = body.creditOf
    ? await creditedInvoice(tx, request.id, body, normalizeNit(provider.nit), exceptId)
    : null;
  const fel = isFelDocument(body.document);
  const derived = fel ? felSerieNumber(body.authorization!)! : null;
  const issuerNit = normalizeNit(provider.nit);
  const identity = {
    authorization: fel ? body.authorization!.trim().toUpperCase() : null,
    serie: derived ? derived.serie : body.serie,
    number: derived ? derived.number : body.number!,
  };
  const key = invoiceKey({ issuerNit, ...identity });
  const holder = await repo.requestHoldingKey(tx, key, exceptId);
  if (holder) throw duplicate(holder);
  const retentions = await retentionsOf(tx, {
    document: body.document,
    regime: provider.taxRegime as TaxRegime,
    hasRetention: provider.hasRetention,
    total: body.amount,
    date: body.emittedOn,
  });
  return {
    document: body.document,
    providerId: body.providerId,
    issuerNit,
    ...identity,
    invoiceKey: key,
    emittedOn: body.emittedOn,
    amount: body.amount,
    base: retentions.base,
    isrRetained: retentions.isr,
    ivaRetained: retentions.iva,
    retentionCertificate: body.retentionCertificate,
    creditOf,
  };
}

/**
 * The invoice a credit note (NCRE) reduces, checked (decision 0031): an invoice of the same request, not itself a
 * credit note, from the same issuer (400 `invalid` on `creditOf`), and the credit notes against it adding up to at
 * most its amount (400 `credit_above_invoice` on `amount`, params available: what it can still be credited).
 */
async function creditedInvoice(
  tx: Executor,
  requestId: string,
  body: InvoiceInput,
  issuerNit: string,
  exceptId: string | null,
): Promise<string> {
  const credited = await repo.findInvoice(tx, requestId, body.creditOf!);
  if (!credited || credited.document === 'NCRE' || credited.id === exceptId || credited.issuerNit !== issuerNit)
    throw invalidField('creditOf', 'invalid');
  const others = (await liquidation.creditsOf(tx, [credited.id])).filter((c) => c.id !== exceptId);
  const available = money(credited.amount).minus(sumMoney(others.map((c) => c.amount)));
  if (money(body.amount).greaterThan(available))
    throw invalidField('amount', 'credit_above_invoice', { available: moneyString(available) });
  return credited.id;
}

/**
 * An invoice's amount may not fall below the credit notes against it (400 `below_credits` on `amount`, params
 * credited), and an invoice with credit notes is not removed before them (409 `invoice_has_credits`).
 */
async function creditsAgainst(tx: Executor, invoiceId: string) {
  return sumMoney((await liquidation.creditsOf(tx, [invoiceId])).map((c) => c.amount));
}

const duplicate = (number: string) =>
  new AppError(409, 'invoice_duplicate', [{ field: 'invoice', code: 'invoice_duplicate', params: { number } }]);

/**
 * Runs a write of an invoice whose key `work` names (`keyed`): a unique violation of the key is the duplicate
 * check losing a race to a parallel write, answered as the check answers (409 `invoice_duplicate` with the
 * request holding it, read after the failed transaction is over).
 */
async function keyGuarded<T>(db: Db, work: (keyed: (key: string) => void) => Promise<T>): Promise<T> {
  let key: string | null = null;
  try {
    return await work((k) => (key = k));
  } catch (err) {
    if (key && isUniqueViolation(err, 'expense_request_invoices_key'))
      throw duplicate((await repo.requestHoldingKey(db, key, null)) ?? '');
    throw err;
  }
}

/**
 * A request's invoices (`GET /api/execution/requests/:id/invoices`), oldest first, for whoever may open the
 * request (404 otherwise): each with its retentions and sanction (Q); the sum invoiced (credit notes subtract)
 * against the amount given (the request's total, Q), the refund due or the excess, what administration approved,
 * the refund as recorded, and how many FEL invoices nobody has checked at SAT.
 */
export async function listInvoices(db: Executor, actor: UserActor, id: string) {
  const request = await visibleRequest(db, actor, id);
  return invoicesAnswer(db, request);
}

async function invoicesAnswer(db: Executor, request: requests.ExpenseRequestRow) {
  const rows = await repo.invoicesOf(db, request.id);
  const items: RequestInvoice[] = rows.map(({ invoice: i, providerName }) => ({
    id: i.id,
    document: i.document as RequestInvoice['document'],
    providerId: i.providerId,
    providerName,
    issuerNit: i.issuerNit,
    authorization: i.authorization,
    serie: i.serie,
    number: i.number,
    emittedOn: i.emittedOn,
    amount: i.amount,
    base: i.base,
    isrRetained: i.isrRetained,
    ivaRetained: i.ivaRetained,
    retentionCertificate: i.retentionCertificate,
    ivaAffiliation: i.ivaAffiliation,
    scan: i.scanKey ? { name: i.scanName ?? '', mime: i.scanMime ?? '' } : null,
    creditOf: i.creditOf,
    sanctionedAmount: i.sanctionedAmount,
    sanctionReason: i.sanctionReason,
    satCheckedAt: i.satCheckedAt?.toISOString() ?? null,
    version: i.version,
  }));
  const perDiems = await perDiemTotal(db, request.id);
  const { claimed } = liquidationSums(
    rows.map((r) => r.invoice),
    perDiems,
  );
  const { refundDue, excess } = balanceOf(request.total, claimed);
  return {
    items,
    given: request.total,
    invoiced: moneyString(claimed.minus(perDiems)),
    perDiems: moneyString(money(perDiems)),
    refundDue: moneyString(refundDue),
    excess: moneyString(excess),
    liquidated: request.liquidatedTotal,
    excessReason: request.excessReason,
    refund: refundAnswer(await liquidation.refundOf(db, request.id)),
    unchecked: items.filter((i) => i.authorization !== null && i.satCheckedAt === null).length,
  };
}

/**
 * Records an invoice of a paid request (`POST /api/execution/requests/:id/invoices`), by its liquidator, in one
 * transaction, audited: the checks of `invoiceColumns` and `liquidated`. Answers the request's invoices.
 */
export async function addInvoice(db: Db, actor: UserActor, id: string, body: InvoiceInput) {
  return keyGuarded(db, (keyed) =>
    db.transaction(async (tx) => {
      const request = await liquidated(tx, actor, id);
      const columns = await invoiceColumns(tx, request, body, null);
      keyed(columns.invoiceKey);
      const row = await repo.insertInvoice(tx, {
        requestId: id,
        ...columns,
        createdBy: actor.userId,
        updatedBy: actor.userId,
      });
      await writeAudit(tx, actor, { action: 'create', entity: ENTITY, entityId: row.id, changes: diff(null, row) });
      return invoicesAnswer(tx, request);
    }),
  );
}

/**
 * Rewrites an invoice (`PUT /api/execution/requests/:id/invoices/:invoice`) as `addInvoice` checks it, a changed
 * provider included (it may make it a duplicate): 404 when it is not the request's, 409 `version_conflict` on a
 * stale version. Audited with before and after.
 */
export async function updateInvoice(
  db: Db,
  actor: UserActor,
  id: string,
  invoiceId: string,
  body: z.output<typeof invoiceUpdate>,
) {
  return keyGuarded(db, (keyed) =>
    db.transaction(async (tx) => {
      const request = await liquidated(tx, actor, id);
      const before = await repo.findInvoice(tx, id, invoiceId);
      if (!before) throw notFound();
      if (before.version !== body.version) throw versionConflict();
      if (before.ivaAffiliation !== null) assertXmlFieldsKept(before, body);
      const columns = await invoiceColumns(tx, request, body, invoiceId);
      const credited = await creditsAgainst(tx, invoiceId);
      if (money(columns.amount).lessThan(credited))
        throw invalidField('amount', 'below_credits', { credited: moneyString(credited) });
      keyed(columns.invoiceKey);
      const after = await repo.updateInvoice(tx, invoiceId, body.version, { ...columns, updatedBy: actor.userId });
      if (!after) throw versionConflict();
      await writeAudit(tx, actor, {
        action: 'update',
        entity: ENTITY,
        entityId: invoiceId,
        changes: diff(before, after),
      });
      return invoicesAnswer(tx, request);
    }),
  );
}

/**
 * An invoice read from its DTE keeps what the XML says: its document, provider, authorization, date and amount
 * (400 `fel_read_only` on the field changed); the retention certificate may still be written.
 */
function assertXmlFieldsKept(before: repo.InvoiceRow, body: InvoiceInput) {
  const kept: [keyof InvoiceInput, unknown][] = [
    ['document', before.document],
    ['providerId', before.providerId],
    ['authorization', before.authorization],
    ['emittedOn', before.emittedOn],
    ['amount', before.amount],
  ];
  const changed = kept.find(([field, value]) => {
    const given = body[field];
    return field === 'authorization' ? String(given ?? '').toUpperCase() !== value : given !== value;
  });
  if (changed) throw invalidField(changed[0], 'fel_read_only');
}

/** Removes an invoice (`DELETE /api/execution/requests/:id/invoices/:invoice`), audited; 404 when not the request's. */
export async function removeInvoice(db: Db, actor: UserActor, id: string, invoiceId: string) {
  return db.transaction(async (tx) => {
    const request = await liquidated(tx, actor, id);
    const before = await repo.findInvoice(tx, id, invoiceId);
    if (!before) throw notFound();
    if ((await creditsAgainst(tx, invoiceId)).greaterThan(0)) throw new AppError(409, 'invoice_has_credits');
    await repo.deleteInvoice(tx, invoiceId);
    await writeAudit(tx, actor, { action: 'delete', entity: ENTITY, entityId: invoiceId, changes: diff(before, null) });
    return invoicesAnswer(tx, request);
  });
}

/**
 * Records a FEL invoice from its certified XML (`POST /api/execution/requests/:id/invoices/xml`, multipart `file`),
 * by the liquidator, reading everything from it (issue 27 section 1, decision 0030): `readDte`'s refusals; the
 * charity is the buyer, the issuer of a Factura Especial (400 `fel_not_institution` on `xml`, params nit; 409
 * `setting_missing` while `institution_nit` has no value); quetzales only (`fel_currency`, params currency); the
 * seller is an active provider of the registry by NIT (`fel_provider_unknown`, params nit, name: register it first);
 * a credit note's origin is an invoice of the same request (`fel_origin_unknown`). Then `addInvoice`'s checks
 * (date, duplicate, retentions). The XML is kept with the invoice. Answers the request's invoices.
 */
export async function addInvoiceFromXml(db: Db, actor: UserActor, id: string, xml: Buffer) {
  const dte = readDte(xml);
  const refused = (code: FieldErrorCode, params?: Record<string, unknown>) => invalidField('xml', code, params);
  if (dte.currency !== 'GTQ') throw refused('fel_currency', { currency: dte.currency });
  return keyGuarded(db, (keyed) =>
    db.transaction(async (tx) => {
      const request = await liquidated(tx, actor, id);
      const institution = await valueAt(tx, 'institution_nit', dte.emittedOn);
      // A Factura Especial is issued by the charity to an informal seller: the seller is its receiver.
      const special = dte.type === 'FESP';
      const own = special ? dte.issuerNit : dte.buyerId;
      if (own !== institution) throw refused('fel_not_institution', { nit: own });
      const sellerNit = special ? dte.buyerId : dte.issuerNit;
      const providerId = await repo.activeProviderByNit(tx, sellerNit);
      if (!providerId) throw refused('fel_provider_unknown', { nit: sellerNit, name: special ? '' : dte.issuerName });
      let creditOf: string | null = null;
      if (dte.type === 'NCRE') {
        creditOf = dte.origin ? await repo.invoiceByAuthorization(tx, id, dte.origin) : null;
        if (!creditOf) throw refused('fel_origin_unknown');
      }
      const body: InvoiceInput = {
        document: dte.type,
        providerId,
        authorization: dte.authorization,
        serie: null,
        number: null,
        emittedOn: dte.emittedOn,
        amount: dte.grandTotal,
        retentionCertificate: null,
        creditOf,
      };
      const columns = await invoiceColumns(tx, request, body, null);
      keyed(columns.invoiceKey);
      const row = await repo.insertInvoice(tx, {
        requestId: id,
        ...columns,
        dteXml: new TextDecoder('utf-8').decode(xml).replace(/^\uFEFF/, ''),
        ivaAffiliation: dte.issuerIvaAffiliation,
        createdBy: actor.userId,
        updatedBy: actor.userId,
      });
      await writeAudit(tx, actor, {
        action: 'create',
        entity: ENTITY,
        entityId: row.id,
        changes: diff(null, { ...row, source: 'dte_xml' }),
      });
      return invoicesAnswer(tx, request);
    }),
  );
}

/**
 * Records that someone checked at SAT that a FEL invoice is not voided (`POST
 * /api/execution/requests/:id/invoices/:invoice/sat-check`): its liquidator or administration, until the
 * liquidation is approved (409 `liquidation_closed`); a paper invoice has nothing to check (400 `invalid` on
 * `invoice`); 409 `version_conflict` on a stale version. Audited. Answers the request's invoices.
 */
export async function checkAtSat(db: Db, actor: UserActor, id: string, invoiceId: string, version: number) {
  return db.transaction(async (tx) => {
    const request = await visibleRequest(tx, actor, id);
    if (request.liquidatorId !== actor.userId && !hasPermission(actor.permissions, 'ejecucion_administracion'))
      throw new AppError(403, 'forbidden', [{ field: 'request', code: 'not_liquidator' }]);
    if (!SAT_CHECKED_IN.includes(request.status)) throw new AppError(409, 'liquidation_closed');
    const before = await repo.findInvoice(tx, id, invoiceId);
    if (!before) throw notFound();
    if (before.authorization === null) throw invalidField('invoice', 'invalid');
    if (before.version !== version) throw versionConflict();
    const after = await repo.markSatChecked(tx, invoiceId, version, actor.userId);
    if (!after) throw versionConflict();
    await writeAudit(tx, actor, {
      action: 'update',
      entity: ENTITY,
      entityId: invoiceId,
      changes: diff(before, after),
    });
    return invoicesAnswer(tx, request);
  });
}

/** The statuses in which a FEL invoice's SAT check is recorded: paid, and the liquidation not yet approved. */
const SAT_CHECKED_IN = [...OPEN_FOR_INVOICES, 'enviado_liquidacion'];

/**
 * A FEL invoice's certified XML as uploaded (`GET /api/execution/requests/:id/invoices/:invoice/xml`), for whoever
 * may open the request; 404 for one typed or on paper.
 */
export async function invoiceXml(db: Executor, actor: UserActor, id: string, invoiceId: string): Promise<string> {
  await visibleRequest(db, actor, id);
  const xml = await repo.dteXmlOf(db, id, invoiceId);
  if (xml === null) throw notFound();
  return xml;
}
