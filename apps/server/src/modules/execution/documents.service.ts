import { formatDate, formatDateTime, formatMoney } from '@amparo/shared/format';
import type { AgreementUse } from '@amparo/shared/modules/framework-agreements.schema';
import { REQUEST_STATUSES, requestNumber, type RequestStatus } from '@amparo/shared/modules/execution.schema';
import type { Db, Executor } from '../../db/client.ts';
import type { UserActor } from '../../lib/actor.ts';
import { writeAudit } from '../../lib/audit.ts';
import { storedFileContent, type Content } from '../../lib/content.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { abandonStaged, commitStaged, removeUnreferenced } from '../../lib/file-gc.ts';
import { localeText } from '../../lib/locale-text.ts';
import { downloadFilename, pdfContent, type PdfLocale, type PdfSection } from '../../lib/pdf.ts';
import type { FileStore } from '../../lib/storage.ts';
import { receiveUpload, type UploadSource } from '../../lib/uploads.ts';
import { comparisonOf } from './requests.comparison.ts';
import * as repo from './requests.repository.ts';
import * as docs from './documents.repository.ts';
import { getRequest, visibleRequest } from './requests.service.ts';

/**
 * A request's paper file (issue 26 section 4): the request's PDF ("with its items, approvals (who and when) and
 * the chosen quote, for the paper file donors inspect"), its comparative table's PDF ("the table prints as a PDF
 * for the file"), each quote's PDF as the provider sent it, and the uses of a framework agreement. Whoever may
 * open the request's detail may open these (`visibleRequest`; others 404 as the detail). The detail writes no
 * read audit, so neither do they. Words come from the web's `execution` locale files (`lib/locale-text.ts`).
 */

const ENTITY = 'expense_request';

/** The sentence at `path` of the web's execution locale, its `{{param}}`s filled. */
function say(lang: PdfLocale, path: string, params: Record<string, string | number> = {}): string {
  const template = localeText(lang, 'execution', path) ?? path;
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));
}

/**
 * Whether a status stands approved for the paper file: from `emision_cheque` on (issue 26 section 4: "no number
 * and no request PDF marked as approved exists before this stage"); never `rechazado`.
 */
export function approvedStatus(status: RequestStatus): boolean {
  return status !== 'rechazado' && REQUEST_STATUSES.indexOf(status) >= REQUEST_STATUSES.indexOf('emision_cheque');
}

/**
 * The request as a PDF (`GET /api/execution/requests/:id/pdf`, key `ejecucion`, the detail's visibility; 404
 * otherwise) in `lang`: number (SOL-YYYY-NNNNN), type, status, requester, planned month and year, execution date,
 * description, justification, urgent; travel expenses' trip (destination, dates, directions, travellers, exit pass); the items (line's codes axis / program / expense type and description,
 * description, unit, quantity, unit price and amount in Q) with the total; the approvals (stage, who, for whom,
 * when, amount in Q, standing or set aside); a purchase order's selected quote (provider, total in Q, why); the
 * standing checks and transfers (account, number, payee, amount and its words). Before `emision_cheque`, and when
 * rejected, every page's header and the opening say "BORRADOR — NO APROBADA"; from it on, "APROBADA". Named after
 * the request's number ('sol-2027-00042.pdf'). Errors: the PDF renderer's (422, 503, 500).
 */
export async function requestPdf(db: Db, actor: UserActor, id: string, lang: PdfLocale): Promise<Content> {
  const r = await getRequest(db, actor, id);
  const approved = approvedStatus(r.status);
  const mark = approved ? say(lang, 'pdf.approved') : say(lang, 'pdf.draft');
  const codes = new Map(
    (await docs.lineCodes(db, [...new Set(r.items.map((i) => i.lineId))])).map((l) => [
      l.id,
      `${l.strategicAxis} / ${l.program} / ${l.expenseType}`,
    ]),
  );
  const yesNo = (v: boolean) => say(lang, v ? 'pdf.yes' : 'pdf.no');
  const sections: PdfSection[] = [
    {
      kind: 'text',
      text: `${mark}\n${say(lang, approved ? 'pdf.approvedNote' : r.status === 'rechazado' ? 'pdf.rejectedNote' : 'pdf.draftNote')}`,
    },
    {
      kind: 'keyValues',
      items: [
        { label: say(lang, 'fields.number'), value: r.number },
        { label: say(lang, 'fields.type'), value: say(lang, `types.${r.type}`) },
        { label: say(lang, 'fields.status'), value: say(lang, `statuses.${r.status}`) },
        { label: say(lang, 'fields.requester'), value: r.requesterName },
        { label: say(lang, 'fields.month'), value: `${say(lang, `months.${r.month}`)} ${r.year}` },
        { label: say(lang, 'fields.executionDate'), value: formatDate(r.executionDate) },
        { label: say(lang, 'fields.urgent'), value: yesNo(r.urgent) },
        { label: say(lang, 'fields.description'), value: r.description },
        { label: say(lang, 'fields.justification'), value: r.justification },
        { label: say(lang, 'fields.total'), value: formatMoney(r.total) },
      ],
    },
    {
      kind: 'table',
      title: say(lang, 'detail.items'),
      columns: [
        { header: say(lang, 'items.number'), width: 24, align: 'right' },
        { header: say(lang, 'pdf.line'), width: 110 },
        { header: say(lang, 'items.description') },
        { header: say(lang, 'items.unit'), width: 50 },
        { header: say(lang, 'items.quantity'), width: 50, align: 'right' },
        { header: say(lang, 'items.unitPrice'), money: true },
        { header: say(lang, 'items.amount'), money: true },
      ],
      rows: r.items.map((item, i) => [
        String(i + 1),
        `${codes.get(item.lineId) ?? ''}\n${item.lineDescription}`,
        item.description,
        item.unit,
        item.quantity,
        item.unitPrice,
        item.amount,
      ]),
      totals: [say(lang, 'items.total'), null, null, null, null, null, r.total],
    },
  ];
  if (r.travel)
    sections.push({
      kind: 'keyValues',
      items: [
        { label: say(lang, 'travel.destination'), value: r.travel.destination },
        { label: say(lang, 'travel.departureDate'), value: formatDate(r.travel.departureDate) },
        { label: say(lang, 'travel.returnDate'), value: formatDate(r.travel.returnDate) },
        {
          label: say(lang, 'travel.directions'),
          value: r.travel.directions.map((d) => say(lang, `travel.${d}`)).join(', '),
        },
        { label: say(lang, 'travel.travellers'), value: r.travel.travellers.map((u) => u.name).join(', ') },
        { label: say(lang, 'travel.exitPassNumber'), value: r.travel.exitPassNumber },
      ],
    });
  if (r.approvals.length)
    sections.push({
      kind: 'table',
      title: say(lang, 'approvals.title'),
      columns: [
        { header: say(lang, 'approvals.stage'), width: 80 },
        { header: say(lang, 'approvals.by') },
        { header: say(lang, 'approvals.at'), width: 90 },
        { header: say(lang, 'approvals.amount'), money: true },
        { header: say(lang, 'approvals.state'), width: 70 },
      ],
      rows: r.approvals.map((a) => [
        say(lang, `approvals.stages.${a.stage}`),
        a.actingForName
          ? say(lang, 'approvals.byFor', { name: a.approvedByName, for: a.actingForName })
          : a.approvedByName,
        formatDateTime(a.at),
        a.amount,
        say(lang, a.voidedAt ? 'approvals.voided' : 'approvals.standing'),
      ]),
    });
  else sections.push({ kind: 'text', text: `${say(lang, 'approvals.title')}: ${say(lang, 'approvals.none')}` });
  if (r.comparison) {
    const chosen = r.comparison.quotes.find((q) => q.id === r.comparison!.selectedQuoteId);
    sections.push({
      kind: 'keyValues',
      items: chosen
        ? [
            { label: say(lang, 'pdf.selectedProvider'), value: chosen.providerName },
            { label: say(lang, 'pdf.selectedTotal'), value: formatMoney(chosen.total) },
            ...(r.comparison.selectionJustification
              ? [{ label: say(lang, 'comparison.justification'), value: r.comparison.selectionJustification }]
              : []),
          ]
        : [{ label: say(lang, 'pdf.selected'), value: say(lang, 'pdf.noSelection') }],
    });
  }
  for (const p of r.payments.filter((x) => x.voidedAt === null))
    sections.push({
      kind: 'keyValues',
      items: [
        { label: say(lang, 'payment.method'), value: say(lang, `payment.methods.${p.method}`) },
        { label: say(lang, 'payment.bankAccount'), value: p.bankAccount },
        p.method === 'check'
          ? { label: say(lang, 'payment.checkNumber'), value: String(p.checkNumber) }
          : { label: say(lang, 'payment.transactionNumber'), value: p.transactionNumber },
        { label: say(lang, 'payment.payeeName'), value: p.payeeName },
        { label: say(lang, 'fields.total'), value: formatMoney(p.amount) },
        { label: say(lang, 'payment.words'), value: p.amountInWords },
      ],
    });
  return pdfContent(
    {
      title: `${say(lang, 'pdf.title')} ${r.number} — ${mark}`,
      subtitle: say(lang, `types.${r.type}`),
      filters: [
        { label: say(lang, 'fields.number'), value: r.number },
        { label: say(lang, 'fields.status'), value: say(lang, `statuses.${r.status}`) },
      ],
      sections,
    },
    { locale: lang, filename: downloadFilename(r.number, 'pdf') },
  );
}

/**
 * A purchase order's comparative table as a PDF (`GET /api/execution/requests/:id/comparison/pdf`, the detail's
 * visibility; 404 for a request without one, any type but `purchase_order`), landscape, in `lang`: items in rows
 * and providers in columns, each cell the unit price and the amount (Q, IVA included), the lowest amount of each
 * item emphasized and marked; the totals row; each quote's delivery days, warranty, validity (expired marked) and
 * framework agreement; the lowest total marked; the selected provider and the justification. The numbers are
 * `comparisonOf`'s, as on the screen. Named 'cuadro-comparativo-sol-2027-00042.pdf'.
 */
export async function comparisonPdf(db: Db, actor: UserActor, id: string, lang: PdfLocale): Promise<Content> {
  const row = await visibleRequest(db, actor, id);
  if (row.type !== 'purchase_order') throw notFound();
  const table = await comparisonOf(db, row);
  const number = requestNumber(row.year, row.sequence);
  const cell = (p: { unitPrice: string | null; amount: string | null; lowest: boolean }) => {
    if (p.unitPrice === null || p.amount === null) return '—';
    const amount = formatMoney(p.amount);
    const unit = say(lang, 'comparison.unit', { price: formatMoney(p.unitPrice) });
    return `${unit}\n${p.lowest ? say(lang, 'pdf.lowestMark', { value: amount }) : amount}`;
  };
  const emphasis: [number, number][] = [];
  table.rows.forEach((r, i) =>
    r.prices.forEach((p, k) => {
      if (p.lowest) emphasis.push([i, k + 2]);
    }),
  );
  const terms = (q: (typeof table.quotes)[number]) =>
    [
      q.deliveryDays === null ? null : `${say(lang, 'comparison.deliveryDays')}: ${q.deliveryDays}`,
      q.warranty ? `${say(lang, 'comparison.warranty')}: ${q.warranty}` : null,
      `${say(lang, 'comparison.validUntil')}: ${q.expired ? say(lang, 'pdf.expiredMark', { value: q.validUntil }) : q.validUntil}`,
      q.agreementId ? say(lang, 'pdf.agreement') : null,
    ]
      .filter(Boolean)
      .join('\n');
  const totalOf = (q: (typeof table.quotes)[number]) =>
    q.total === null
      ? say(lang, 'comparison.incomplete')
      : q.lowest
        ? say(lang, 'pdf.lowestMark', { value: formatMoney(q.total) })
        : formatMoney(q.total);
  const rows = [
    ...table.rows.map((r) => [r.description, `${r.quantity} ${r.unit}`, ...r.prices.map(cell)]),
    [say(lang, 'pdf.terms'), null, ...table.quotes.map(terms)],
  ];
  table.quotes.forEach((q, k) => {
    if (q.lowest) emphasis.push([rows.length, k + 2]);
  });
  rows.push([say(lang, 'items.total'), null, ...table.quotes.map(totalOf)]);
  const chosen = table.quotes.find((q) => q.id === table.selectedQuoteId);
  const sections: PdfSection[] = [
    {
      kind: 'keyValues',
      items: [
        { label: say(lang, 'fields.number'), value: number },
        { label: say(lang, 'fields.description'), value: row.description },
        { label: say(lang, 'fields.status'), value: say(lang, `statuses.${row.status as RequestStatus}`) },
      ],
    },
    table.quotes.length
      ? {
          kind: 'table',
          columns: [
            { header: say(lang, 'pdf.item') },
            { header: say(lang, 'pdf.quantity'), width: 60 },
            ...table.quotes.map((q) => ({ header: q.providerName, width: 120 })),
          ],
          rows,
          emphasis,
        }
      : { kind: 'text', text: say(lang, 'comparison.none') },
    {
      kind: 'text',
      text: `${say(lang, 'pdf.lowestNote')}\n${say(lang, 'comparison.minimum', { count: table.minimumQuotes })}`,
    },
    {
      kind: 'keyValues',
      items: [
        {
          label: say(lang, 'pdf.selectedProvider'),
          value: chosen ? chosen.providerName : say(lang, 'pdf.noSelection'),
        },
        ...(chosen ? [{ label: say(lang, 'pdf.selectedTotal'), value: formatMoney(chosen.total) }] : []),
        ...(table.selectionJustification
          ? [{ label: say(lang, 'comparison.justification'), value: table.selectionJustification }]
          : []),
      ],
    },
  ];
  return pdfContent(
    {
      title: `${say(lang, 'pdf.comparisonTitle')} ${number}`,
      orientation: 'landscape',
      filters: [{ label: say(lang, 'fields.number'), value: number }],
      sections,
    },
    { locale: lang, filename: downloadFilename(`${say(lang, 'pdf.comparisonTitle')} ${number}`, 'pdf') },
  );
}

/** The quotes of a purchase order may be written: waiting for its comparative table (else 409 `quotes_closed`). */
function assertQuotesOpen(row: repo.ExpenseRequestRow) {
  if (row.type !== 'purchase_order' || row.status !== 'aprobacion') throw new AppError(409, 'quotes_closed');
}

/**
 * Attaches the provider's quote PDF (`PUT /api/execution/requests/:id/quotes/:providerId/file`,
 * `ejecucion_administracion`): multipart field `file`, a PDF by content whatever its name says (400 `file_type`),
 * at most `maxBytes` (DOCUMENT_MAX_BYTES; 413 `payload_too_large`), only while the quotes are open (409
 * `quotes_closed`, the quote's own rule) and for a provider that has a quote (404 otherwise, as for an unknown
 * request). Replaces the file it had (the old bytes are collected when nothing else refers to them). Audited
 * (`update`, `quoteFile`: the names before and after). Answers the request as its detail.
 */
export async function attachQuoteFile(
  db: Db,
  store: FileStore,
  actor: UserActor,
  upload: UploadSource,
  id: string,
  providerId: string,
  maxBytes: number,
) {
  const first = await visibleRequest(db, actor, id);
  assertQuotesOpen(first);
  if (!(await docs.quoteFile(db, id, providerId))) throw notFound();
  const file = await receiveUpload(upload, store, {
    field: 'file',
    maxBytes,
    allowed: ['application/pdf'],
    typeError: 'file_type',
  });
  let previous: string | null = null;
  try {
    await db.transaction(async (tx) => {
      const row = await repo.findRequest(tx, id, true);
      if (!row) throw notFound();
      assertQuotesOpen(row);
      const quote = await docs.quoteFile(tx, id, providerId);
      if (!quote) throw notFound();
      previous = quote.fileKey;
      await commitStaged(tx, [file.staged]);
      await docs.setQuoteFile(tx, quote.id, {
        key: file.key,
        name: file.name,
        sizeBytes: file.sizeBytes,
        updatedBy: actor.userId,
      });
      await writeAudit(tx, actor, {
        action: 'update',
        entity: ENTITY,
        entityId: id,
        changes: { quoteFile: { before: quote.fileName, after: { providerId, name: file.name } } },
      });
    });
  } catch (err) {
    await abandonStaged(db, store, [file.staged]);
    throw err;
  }
  if (previous && previous !== file.key) await removeUnreferenced(db, store, [previous]);
  return getRequest(db, actor, id);
}

/**
 * The provider's quote PDF inline (`GET /api/execution/requests/:id/quotes/:providerId/file`, the detail's
 * visibility), never cached; 404 when the request is not the caller's to open, or the quote or its file is missing.
 */
export async function quoteFileContent(
  db: Db,
  store: FileStore,
  actor: UserActor,
  id: string,
  providerId: string,
): Promise<Content> {
  await visibleRequest(db, actor, id);
  const quote = await docs.quoteFile(db, id, providerId);
  if (!quote?.fileKey) throw notFound();
  return storedFileContent(
    store,
    {
      name: quote.fileName ?? 'cotizacion.pdf',
      mime: 'application/pdf',
      sizeBytes: quote.fileSizeBytes ?? 0,
      storageKey: quote.fileKey,
      previewKey: null,
    },
    { download: false, size: 'full' },
  );
}

/**
 * The requests whose quote took its prices from the framework agreement (the execution module's contribution to
 * `agreementUsesPoint`, read by providers): number, status, creation instant, whether that quote is the selected
 * one, and its total (Q, `comparisonOf`'s; null while incomplete). Newest first.
 */
export async function usesOfAgreement(db: Executor, agreementId: string): Promise<AgreementUse[]> {
  const uses: AgreementUse[] = [];
  for (const { request, quoteId } of await docs.requestsQuotingAgreement(db, agreementId)) {
    const quote = (await comparisonOf(db, request)).quotes.find((q) => q.id === quoteId);
    uses.push({
      requestId: request.id,
      number: requestNumber(request.year, request.sequence),
      status: request.status,
      createdAt: request.createdAt.toISOString(),
      selected: request.selectedQuoteId === quoteId,
      total: quote?.total ?? null,
    });
  }
  return uses;
}
