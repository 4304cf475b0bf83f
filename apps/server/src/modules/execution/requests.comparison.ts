import { todayInGuatemala } from '@amparo/shared/format';
import { money, moneyString, sumMoney, type Money } from '@amparo/shared/money';
import type { Comparison } from '@amparo/shared/modules/execution.schema';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { valueAt } from '../../lib/settings/settings.ts';
import { itemAmount } from './requests.budget.ts';
import * as repo from './requests.repository.ts';

/**
 * A purchase order's comparative table (issue 26 section 4, `cuadro_comparativo_admin`): providers in columns,
 * items in rows, quoted unit prices (Q, IVA included) and amounts, the lowest marked; the minimum number of
 * complete quotes the amount asks (dated settings `request_minimum_quotes` above
 * `request_minimum_quotes_threshold`); a quote from a framework agreement valid today counts as all of them.
 */

type Quote = Awaited<ReturnType<typeof repo.quotesOf>>[number];
type Item = Awaited<ReturnType<typeof repo.itemsOf>>[number]['item'];

/** A quote's amounts per item (null when it has no price for it) and its total when complete. */
function quoteAmounts(quote: Quote, items: Item[]) {
  const byItem = new Map(quote.prices.map((p) => [p.itemId, p.unitPrice]));
  const amounts = items.map((i) => {
    const price = byItem.get(i.id);
    return price ? { itemId: i.id, unitPrice: price, amount: itemAmount(i.quantity, price) } : null;
  });
  const complete = amounts.every((a) => a !== null);
  return { amounts, complete, total: complete ? sumMoney(amounts.map((a) => a!.amount)) : null };
}

const lowestOf = (...values: Money[]) => values.reduce((a, b) => (b.lessThan(a) ? b : a));

/** How many complete quotes `total` (Q) asks on `date`: the setting's minimum above its threshold, else one. */
export async function minimumQuotes(db: Executor, total: string, date = todayInGuatemala()): Promise<number> {
  const threshold = await valueAt(db, 'request_minimum_quotes_threshold', date);
  return money(total).greaterThan(threshold) ? await valueAt(db, 'request_minimum_quotes', date) : 1;
}

/** The comparative table of a request (its items and quotes as stored). */
export async function comparisonOf(db: Executor, request: repo.ExpenseRequestRow): Promise<Comparison> {
  const today = todayInGuatemala();
  const items = (await repo.itemsOf(db, request.id)).map((r) => r.item);
  const quotes = (await repo.quotesOf(db, request.id)).map((q) => ({ q, ...quoteAmounts(q, items) }));
  const totals = quotes.filter((x) => x.total !== null && x.q.validUntil >= today).map((x) => x.total!);
  const lowestTotal = totals.length ? lowestOf(...totals) : null;
  return {
    quotes: quotes.map(({ q, complete, total }) => ({
      id: q.id,
      providerId: q.providerId,
      providerName: q.providerName,
      deliveryDays: q.deliveryDays,
      warranty: q.warranty,
      validUntil: q.validUntil,
      expired: q.validUntil < today,
      agreementId: q.agreementId,
      complete,
      total: total ? moneyString(total) : null,
      lowest: !!total && !!lowestTotal && q.validUntil >= today && total.equals(lowestTotal),
      hasFile: q.fileKey !== null,
      fileName: q.fileName,
    })),
    rows: items.map((item, i) => {
      const prices = quotes.map((x) => x.amounts[i]);
      const present = prices.filter((p): p is NonNullable<typeof p> => p !== null);
      const lowest = present.length ? lowestOf(...present.map((p) => p.amount)) : null;
      return {
        itemId: item.id,
        description: item.description,
        unit: item.unit,
        quantity: item.quantity,
        prices: quotes.map((x, k) => ({
          quoteId: x.q.id,
          unitPrice: prices[k]?.unitPrice ?? null,
          amount: prices[k] ? moneyString(prices[k].amount) : null,
          lowest: !!prices[k] && !!lowest && prices[k].amount.equals(lowest),
        })),
      };
    }),
    minimumQuotes: await minimumQuotes(db, request.total, today),
    selectedQuoteId: request.selectedQuoteId,
    selectionJustification: request.selectionJustification,
  };
}

/**
 * The comparative table can be closed (`complete_comparison`): at least the minimum of complete, unexpired quotes
 * for the amount, or one complete quote from a framework agreement. 409 `quotes_missing` (field `quotes`, params
 * minimum, count) otherwise.
 */
export async function assertEnoughQuotes(db: Executor, request: repo.ExpenseRequestRow) {
  const table = await comparisonOf(db, request);
  const usable = table.quotes.filter((q) => q.complete && !q.expired);
  if (usable.some((q) => q.agreementId) || usable.length >= table.minimumQuotes) return;
  throw new AppError(409, 'quotes_missing', [
    { field: 'quotes', code: 'quotes_missing', params: { minimum: table.minimumQuotes, count: usable.length } },
  ]);
}

/**
 * What selecting `providerId`'s quote means (`select_provider`): the quote (complete: 400 `quote_incomplete`;
 * unexpired: 409 `quote_expired`; a provider without a quote: 400 `not_a_quoted_provider`), a justification when
 * it is not the cheapest (400 `required` on `selection.justification`), and the items' new prices and amounts
 * with the new total (Q).
 */
export async function selectionOf(
  db: Executor,
  request: repo.ExpenseRequestRow,
  selection: { providerId: string; justification: string | null } | undefined,
) {
  if (!selection) throw new AppError(400, 'validation', [{ field: 'selection', code: 'required' }]);
  const table = await comparisonOf(db, request);
  const quote = table.quotes.find((q) => q.providerId === selection.providerId);
  if (!quote) throw new AppError(400, 'validation', [{ field: 'selection.providerId', code: 'not_a_quoted_provider' }]);
  if (!quote.complete) {
    const missing = table.rows.filter((r) => !r.prices.find((p) => p.quoteId === quote.id)?.unitPrice).length;
    throw new AppError(400, 'validation', [
      { field: 'selection.providerId', code: 'quote_incomplete', params: { missing } },
    ]);
  }
  if (quote.expired)
    throw new AppError(409, 'quote_expired', [
      { field: 'selection.providerId', code: 'quote_expired', params: { validUntil: quote.validUntil } },
    ]);
  if (!quote.lowest && !selection.justification)
    throw new AppError(400, 'validation', [{ field: 'selection.justification', code: 'required' }]);
  const items = table.rows.map((r) => {
    const p = r.prices.find((x) => x.quoteId === quote.id)!;
    return { id: r.itemId, unitPrice: p.unitPrice!, amount: p.amount! };
  });
  return { quote, items, total: quote.total! };
}
