import { money, moneyString, roundMoney } from '@amparo/shared/money';
import type { InvoiceDocument } from '@amparo/shared/modules/invoices.schema';
import type { TaxRegime } from '@amparo/shared/modules/providers.schema';
import type { Executor } from '../../db/client.ts';
import { bracketsAmount } from '../../lib/settings/brackets.ts';
import { valueAt } from '../../lib/settings/settings.ts';

export type { InvoiceDocument };

/**
 * What the charity retains when it pays one invoice (issue 27 section 1), in Q, half up to the centavo: `base` is
 * the amount without IVA (prices include IVA: total ÷ (1 + `iva_rate`)), `isr` the ISR retained, `iva` the IVA
 * retained, `net` what the provider is paid (total − isr − iva), `rules` which rule applied (none: []).
 */
export interface Retentions {
  base: string;
  isr: string;
  iva: string;
  net: string;
  rules: ('isr_simplified' | 'iva_small_taxpayer' | 'factura_especial')[];
}

/**
 * The retentions of an invoice of `total` (Q, IVA included) dated `date` ('YYYY-MM-DD', America/Guatemala) from a
 * provider of `regime` with `hasRetention` (the provider's flag: the charity retains when paying them), by the
 * dated settings in force on that date (gt-labour-tax.json, to be checked with SAT):
 *
 * - A Factura Especial (FESP), which the charity issues for an informal seller, always retains the IVA it contains
 *   and ISR by `isr_retention_brackets` on the base (Decreto 10-2012 art. 44; Ley del IVA art. 52).
 * - A provider in the Régimen Opcional Simplificado (`simplified`) with `hasRetention`: ISR by
 *   `isr_retention_brackets` on the base when the base passes `isr_retention_threshold` (per payment; Decreto
 *   10-2012 arts. 44, 47 and 48).
 * - A small taxpayer (`small_taxpayer`) with `hasRetention`, only while `iva_retention_enabled` (the charity is a
 *   designated IVA withholding agent): `iva_retention_rate` of the total when the total passes
 *   `iva_retention_threshold` (Reglamento de la Ley del IVA art. 49, Decreto 4-2012).
 * - Receipts, donations' receipts and credit or debit notes retain nothing; neither does the general regime.
 */
export async function retentionsOf(
  db: Executor,
  invoice: { document: InvoiceDocument; regime: TaxRegime; hasRetention: boolean; total: string; date: string },
): Promise<Retentions> {
  const total = money(invoice.total);
  const base = roundMoney(total.dividedBy(money(1).plus(await valueAt(db, 'iva_rate', invoice.date))));
  let isr = money(0);
  let iva = money(0);
  const rules: Retentions['rules'] = [];
  const isrBrackets = () => valueAt(db, 'isr_retention_brackets', invoice.date);
  if (invoice.document === 'FESP') {
    isr = bracketsAmount(await isrBrackets(), base);
    iva = total.minus(base);
    rules.push('factura_especial');
  } else if (!NO_RETENTION.includes(invoice.document) && invoice.hasRetention) {
    if (
      invoice.regime === 'simplified' &&
      base.greaterThan(await valueAt(db, 'isr_retention_threshold', invoice.date))
    ) {
      isr = bracketsAmount(await isrBrackets(), base);
      rules.push('isr_simplified');
    }
    if (
      invoice.regime === 'small_taxpayer' &&
      (await valueAt(db, 'iva_retention_enabled', invoice.date)) &&
      total.greaterThan(await valueAt(db, 'iva_retention_threshold', invoice.date))
    ) {
      iva = roundMoney(total.times(await valueAt(db, 'iva_retention_rate', invoice.date)));
      rules.push('iva_small_taxpayer');
    }
  }
  return {
    base: moneyString(base),
    isr: moneyString(isr),
    iva: moneyString(iva),
    net: moneyString(total.minus(isr).minus(iva)),
    rules,
  };
}

/** Documents on which nothing is retained: receipts, a donation's receipt, credit and debit notes, a credit note's refund. */
const NO_RETENTION: readonly InvoiceDocument[] = ['RECI', 'RDON', 'NCRE', 'NDEB', 'NABN', 'paper_receipt'];
