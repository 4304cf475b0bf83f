import type { z } from 'zod';
import { todayInGuatemala } from '@amparo/shared/format';
import {
  requestInput,
  type ExpenseRequest,
  type RequestType,
  type TravelDirection,
} from '@amparo/shared/modules/execution.schema';
import { money, moneyString, parseMoney, roundMoney, sumMoney } from '@amparo/shared/money';

/**
 * An item row as the form holds it: `rowKey` the row's React key only, the line not chosen yet null, quantity
 * and price as typed ('1250.5').
 */
export type RequestItemValues = {
  rowKey: string;
  lineId: string | null;
  description: string;
  unit: string;
  quantity: string;
  unitPrice: string;
};

/** The trip (travel expenses only): dates not chosen yet are null. */
export type TravelValues = {
  destination: string;
  departureDate: string | null;
  returnDate: string | null;
  directions: TravelDirection[];
  travellerIds: string[];
  exitPassNumber: string;
};

/** Petty cash only: the fund replenished, the count it is based on and the voucher range; null while not chosen. */
export type PettyCashValues = {
  fundId: string | null;
  countId: string | null;
  voucherRangeId: string | null;
};

/** What the inputs hold while editing; the type and month are the page's, not the form's. */
export type RequestFormValues = {
  description: string;
  justification: string;
  urgent: boolean;
  executionDate: string | null;
  items: RequestItemValues[];
  providerIds: string[];
  travel: TravelValues;
  pettyCash: PettyCashValues;
};

/** What a submit hands over: the contract's parsed input (trimmed, amounts as '1250.50'). */
export type RequestFormOutput = z.output<typeof requestInput>;

let nextRow = 0;
/** A new, empty item row. */
export function emptyRequestItem(): RequestItemValues {
  nextRow += 1;
  return { rowKey: `new-${nextRow}`, lineId: null, description: '', unit: '', quantity: '1', unitPrice: '' };
}

/** A new request's values; a replenishment may start from a fund and a count (the fund page's link). */
export function emptyRequestValues(pettyCash: Partial<PettyCashValues> = {}): RequestFormValues {
  return {
    description: '',
    justification: '',
    urgent: false,
    executionDate: todayInGuatemala(),
    items: [emptyRequestItem()],
    providerIds: [],
    travel: {
      destination: '',
      departureDate: null,
      returnDate: null,
      directions: ['go', 'return'],
      travellerIds: [],
      exitPassNumber: '',
    },
    pettyCash: { fundId: null, countId: null, voucherRangeId: null, ...pettyCash },
  };
}

/** A saved request as the form's values. */
export function toRequestFormValues(r: ExpenseRequest): RequestFormValues {
  const empty = emptyRequestValues();
  return {
    description: r.description,
    justification: r.justification,
    urgent: r.urgent,
    executionDate: r.executionDate,
    items: r.items.map((item) => ({
      rowKey: item.id,
      lineId: item.lineId,
      description: item.description,
      unit: item.unit,
      quantity: item.quantity,
      unitPrice: item.unitPrice,
    })),
    providerIds: r.providers.map((p) => p.id),
    travel: r.travel
      ? {
          destination: r.travel.destination,
          departureDate: r.travel.departureDate,
          returnDate: r.travel.returnDate,
          directions: [...r.travel.directions],
          travellerIds: r.travel.travellers.map((u) => u.id),
          exitPassNumber: r.travel.exitPassNumber ?? '',
        }
      : empty.travel,
    pettyCash: r.pettyCash
      ? { fundId: r.pettyCash.fundId, countId: r.pettyCash.countId, voucherRangeId: r.pettyCash.voucherRangeId }
      : empty.pettyCash,
  };
}

/**
 * The contract's input from the values: only a purchase order names providers, only travel expenses a trip, only
 * petty cash its fund, count and voucher range.
 */
export function toRequestInput(type: RequestType, year: number, month: number, v: RequestFormValues) {
  return {
    type,
    year,
    month,
    description: v.description,
    justification: v.justification,
    urgent: v.urgent,
    executionDate: v.executionDate,
    items: v.items.map((item) => ({
      lineId: item.lineId ?? '',
      description: item.description,
      unit: item.unit,
      quantity: item.quantity,
      unitPrice: item.unitPrice,
    })),
    providerIds: type === 'purchase_order' ? v.providerIds : [],
    travel: type === 'travel_expenses' ? v.travel : null,
    pettyCash:
      type === 'petty_cash'
        ? {
            fundId: v.pettyCash.fundId ?? '',
            countId: v.pettyCash.countId ?? '',
            voucherRangeId: v.pettyCash.voucherRangeId ?? '',
          }
        : null,
  };
}

/** A row's amount, quantity × price rounded half up to the centavo as the server does; null while not numbers. */
export function itemAmount(item: Pick<RequestItemValues, 'quantity' | 'unitPrice'>): string | null {
  const quantity = parseMoney(item.quantity);
  const price = parseMoney(item.unitPrice);
  if (!quantity.ok || !price.ok) return null;
  return moneyString(roundMoney(money(quantity.value).times(price.value)));
}

/** The items' total (rows not amounts yet count 0). */
export const itemsTotal = (items: RequestItemValues[]) =>
  moneyString(sumMoney(items.flatMap((item) => itemAmount(item) ?? [])));

/** What the items ask of each chosen line, in first-use order. */
export function requestedByLine(items: RequestItemValues[]): { lineId: string; amount: string }[] {
  const sums = new Map<string, string[]>();
  for (const item of items) {
    if (!item.lineId) continue;
    const amount = itemAmount(item);
    const list = sums.get(item.lineId) ?? [];
    if (amount) list.push(amount);
    sums.set(item.lineId, list);
  }
  return [...sums].map(([lineId, amounts]) => ({ lineId, amount: moneyString(sumMoney(amounts)) }));
}
