import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, buildTestApp, login, type TestApp } from '../../../test/helpers.ts';
import { retentionsOf, type InvoiceDocument } from './invoices.retentions.ts';
import type { TaxRegime } from '@amparo/shared/modules/providers.schema';

/**
 * The retentions of an invoice (issue 27 section 1), from the dated settings seeded from gt-labour-tax.json: ISR
 * for the Régimen Opcional Simplificado per payment, IVA for small taxpayers only while the charity is a
 * designated agent, both retained on a Factura Especial; each threshold one centavo below, at and above.
 */
describe('retentions on an invoice', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    // From 2099 the charity is a designated IVA withholding agent (off in the seeded values, from 2026).
    const admin = as(t.app, await login(t.app));
    const res = await admin.post('/api/settings/iva_retention_enabled/values', {
      validFrom: '2099-01-01',
      value: true,
      source: 'Resolución SAT de agente retenedor (prueba)',
    });
    expect(res.statusCode, res.body).toBe(200);
  });
  afterAll(() => t.close());

  const of = (
    total: string,
    regime: TaxRegime,
    o: { document?: InvoiceDocument; date?: string; retains?: boolean } = {},
  ) =>
    retentionsOf(t.database.db, {
      document: o.document ?? 'FACT',
      regime,
      hasRetention: o.retains ?? true,
      total,
      date: o.date ?? '2099-06-01',
    });

  it('retains 5 % IVA of a small taxpayer above Q2,500.00, only while the charity is an agent', async () => {
    expect(await of('2499.99', 'small_taxpayer', { document: 'FPEQ' })).toMatchObject({ iva: '0.00', rules: [] });
    expect(await of('2500.00', 'small_taxpayer', { document: 'FPEQ' })).toMatchObject({ iva: '0.00', rules: [] });
    expect(await of('2500.01', 'small_taxpayer', { document: 'FPEQ' })).toEqual({
      base: '2232.15',
      isr: '0.00',
      iva: '125.00',
      net: '2375.01',
      rules: ['iva_small_taxpayer'],
    });
    // Before the charity became an agent (the seeded value, from 2026), nothing is retained.
    expect(await of('2500.01', 'small_taxpayer', { date: '2027-03-01' })).toMatchObject({ iva: '0.00', rules: [] });
    // Nor from a provider the charity does not retain from.
    expect(await of('9000.00', 'small_taxpayer', { retains: false })).toMatchObject({ iva: '0.00' });
  });

  it('retains ISR of the simplified regime per payment on the amount without IVA, by its two bands', async () => {
    // Q2,800.00 with IVA is Q2,500.00 without it: at the threshold, not above it.
    expect(await of('2800.00', 'simplified')).toMatchObject({ base: '2500.00', isr: '0.00', rules: [] });
    expect(await of('2800.02', 'simplified')).toMatchObject({
      base: '2500.02',
      isr: '125.00',
      rules: ['isr_simplified'],
    });
    // 5 % up to Q30,000.00 of base; above it Q1,500.00 plus 7 % of what passes.
    expect(await of('33600.00', 'simplified')).toMatchObject({ base: '30000.00', isr: '1500.00' });
    expect(await of('44800.00', 'simplified')).toMatchObject({ base: '40000.00', isr: '2200.00', net: '42600.00' });
    expect(await of('44800.00', 'general')).toMatchObject({ isr: '0.00', iva: '0.00', net: '44800.00', rules: [] });
  });

  it('retains both on a Factura Especial, whatever the amount; nothing on a receipt or a credit note', async () => {
    expect(await of('112.00', 'general', { document: 'FESP', retains: false })).toEqual({
      base: '100.00',
      isr: '5.00',
      iva: '12.00',
      net: '95.00',
      rules: ['factura_especial'],
    });
    for (const document of ['RECI', 'NCRE', 'paper_receipt'] as const)
      expect(await of('40000.00', 'simplified', { document })).toMatchObject({ isr: '0.00', iva: '0.00', rules: [] });
  });
});
