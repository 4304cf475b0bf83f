import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, buildTestApp, login, type TestApp } from '../../../test/helpers.ts';
import { accrued, aguinaldoPeriod, bono14Period, daysBetween } from './labour-benefits.ts';
import { monthlyPayrollCost, payrollRatesAt, type PayrollRates } from './payroll-cost.ts';

/**
 * A contract's monthly cost and withholdings (issue 28 section 4), checked against cases computed by hand from the
 * seeded rates (gt-labour-tax.json): IGSS employer 10.67 % and employee 4.83 % (IGSS Acuerdo 1118 and reforms), of
 * the salary with the minimum wage as its floor; INTECAP 1 % (Decreto 17-72), IRTRA not paid (Decreto 1528: a
 * non-profit's activity is not among those it covers); provisions a twelfth of the aguinaldo (Decreto 76-78), the
 * bono 14 (Decreto 42-92), 15 days of vacations (Código de Trabajo art. 130) and the indemnización (art. 82);
 * ISR on employment (Decreto 10-2012 arts. 72 and 73: Q48,000 personal deduction, the IGSS share, up to Q12,000 of
 * IVA, 5 % up to Q300,000 and Q15,000 + 7 % above).
 */
const MINIMUM_WAGE = '3800.00'; // a test's own value: the administrator enters the year's Acuerdo Gubernativo

const SEEDED: PayrollRates = {
  igssEmployee: '0.0483',
  igssEmployer: '0.1067',
  irtra: null,
  intecap: '0.01',
  minimumWage: MINIMUM_WAGE,
  bonusMinimum: '250.00',
  aguinaldoMonths: 1,
  bono14Months: 1,
  vacationDays: 15,
  indemnizacionMonths: 1,
  isrPersonalDeduction: '48000.00',
  isrBrackets: [
    { upTo: '300000.00', rate: '0.05', fixed: '0.00', over: '0.00' },
    { upTo: null, rate: '0.07', fixed: '15000.00', over: '300000.00' },
  ],
  ivaDeductionMax: '12000.00',
};

describe('the monthly cost of a contract', () => {
  it('Q4,000.00 a month with the Q250.00 bonificación', () => {
    expect(monthlyPayrollCost(SEEDED, { salary: '4000.00', bonus: '250.00' })).toEqual({
      salary: '4000.00',
      bonus: '250.00',
      igssBase: '4000.00',
      igssEmployer: '426.80', // 4,000 × 10.67 %
      irtra: '0.00',
      intecap: '40.00', // 4,000 × 1 %
      employerFees: '466.80',
      igssEmployee: '193.20', // 4,000 × 4.83 %
      aguinaldo: '333.33', // 4,000 ÷ 12
      bono14: '333.33',
      vacation: '166.67', // 4,000 ÷ 30 × 15 ÷ 12
      indemnizacion: '388.89', // (4,000 + 4,000 ÷ 12 + 4,000 ÷ 12) ÷ 12
      provisions: '1222.22',
      // 12 × 4,250 − 48,000 − 12 × 193.20 = 681.60; 5 % = 34.08 a year.
      isrWithheld: '2.84',
      monthlyCost: '5939.02',
      netPay: '4053.96',
    });
  });

  it('Q8,500.00 a month', () => {
    expect(monthlyPayrollCost(SEEDED, { salary: '8500.00', bonus: '250.00' })).toMatchObject({
      igssEmployer: '906.95',
      intecap: '85.00',
      igssEmployee: '410.55',
      aguinaldo: '708.33',
      vacation: '354.17',
      indemnizacion: '826.39',
      provisions: '2597.22',
      // 12 × 8,750 − 48,000 − 12 × 410.55 = 52,073.40; 5 % = 2,603.67 a year.
      isrWithheld: '216.97',
      monthlyCost: '12339.17',
      netPay: '8122.48',
    });
  });

  it('Q30,000.00 a month, with and without the IVA declared (capped at Q12,000.00), and above the first bracket', () => {
    const declared = monthlyPayrollCost(SEEDED, { salary: '30000.00', bonus: '250.00', declaredIva: '15000.00' });
    expect(declared).toMatchObject({
      igssEmployer: '3201.00',
      intecap: '300.00',
      igssEmployee: '1449.00',
      provisions: '9166.67',
      // 12 × 30,250 − 48,000 − 17,388 − 12,000 = 285,612; 5 % = 14,280.60 a year.
      isrWithheld: '1190.05',
      monthlyCost: '42917.67',
      netPay: '27610.95',
    });
    // Without it: 297,612, still the first bracket: 14,880.60 a year.
    expect(monthlyPayrollCost(SEEDED, { salary: '30000.00', bonus: '250.00' }).isrWithheld).toBe('1240.05');
    // Q35,000.00: 423,000 − 48,000 − 20,286 = 354,714: 15,000 + 7 % × 54,714 = 18,829.98 a year.
    expect(monthlyPayrollCost(SEEDED, { salary: '35000.00', bonus: '250.00' }).isrWithheld).toBe('1569.17');
  });

  it('takes the minimum wage as the IGSS base under it, and IRTRA where the employer pays it', () => {
    const low = monthlyPayrollCost(SEEDED, { salary: '3000.00', bonus: '250.00' });
    expect(low).toMatchObject({
      igssBase: '3800.00',
      igssEmployer: '405.46',
      igssEmployee: '183.54',
      isrWithheld: '0.00',
    });
    expect(monthlyPayrollCost({ ...SEEDED, irtra: '0.01' }, { salary: '4000.00', bonus: '250.00' })).toMatchObject({
      irtra: '40.00',
      employerFees: '506.80',
    });
  });
});

describe("the aguinaldo's and bono 14's periods", () => {
  it('run 1 December to 30 November (Decreto 76-78) and 1 July to 30 June (Decreto 42-92)', () => {
    expect(aguinaldoPeriod('2026-11-30')).toEqual({ from: '2025-12-01', to: '2026-11-30' });
    expect(aguinaldoPeriod('2026-12-01')).toEqual({ from: '2026-12-01', to: '2027-11-30' });
    expect(bono14Period('2026-06-30')).toEqual({ from: '2025-07-01', to: '2026-06-30' });
    expect(bono14Period('2026-07-01')).toEqual({ from: '2026-07-01', to: '2027-06-30' });
  });

  it('earn their part by the days worked in the period, over 365 days or 366 with a 29 February', () => {
    const aguinaldo = aguinaldoPeriod('2027-06-15');
    // 1 December 2026 to 30 November 2027: no 29 February, 365 days.
    expect(daysBetween(aguinaldo.from, aguinaldo.to)).toBe(365);
    expect(accrued('3650.00', 1, aguinaldo, aguinaldo).toFixed(2)).toBe('3650.00');
    expect(accrued('3650.00', 1, aguinaldo, { from: '2027-06-01', to: '2027-11-30' }).toFixed(2)).toBe('1830.00');
    // 1 December 2027 to 30 November 2028 holds 29 February 2028: 366 days.
    const leap = aguinaldoPeriod('2028-03-01');
    expect(daysBetween(leap.from, leap.to)).toBe(366);
    expect(accrued('3660.00', 1, leap, { from: '2028-11-30', to: '2028-11-30' }).toFixed(2)).toBe('10.00');
    // A stretch outside the period earns nothing; one that starts before it counts from its first day.
    const bono = bono14Period('2027-01-10');
    expect(accrued('4000.00', 1, bono, { from: '2025-01-01', to: '2026-06-30' }).toFixed(2)).toBe('0.00');
    expect(accrued('3650.00', 1, bono, { from: '2020-01-01', to: '2026-07-10' }).toFixed(2)).toBe('100.00');
  });
});

describe('the payroll rates in force', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('come from the dated settings, and say which is missing (the minimum wage until it is entered)', async () => {
    await expect(payrollRatesAt(t.database.db, '2026-12-01')).rejects.toMatchObject({
      status: 409,
      code: 'setting_missing',
      fieldErrors: [{ params: { key: 'minimum_wage_non_agricultural' } }],
    });
    const admin = as(t.app, await login(t.app));
    const cost = (query: string) => admin.get(`/api/talent/payroll-cost?${query}`);
    const missing = await cost('salary=4000&bonus=250&date=2026-12-01');
    expect(missing.statusCode).toBe(409);
    expect(missing.json()).toMatchObject({ code: 'setting_missing' });
    const res = await admin.post('/api/settings/minimum_wage_non_agricultural/values', {
      validFrom: '2026-01-01',
      value: MINIMUM_WAGE,
      source: 'Acuerdo Gubernativo del salario mínimo (valor de prueba)',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await payrollRatesAt(t.database.db, '2026-12-01')).toEqual(SEEDED);
    // Through the API, as the contract form asks for it.
    const answered = await cost('salary=4000.00&bonus=250&date=2026-12-01');
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json().data).toMatchObject({ date: '2026-12-01', monthlyCost: '5939.02', isrWithheld: '2.84' });
    const low = await cost('salary=4000&bonus=249.99&date=2026-12-01');
    expect(low.statusCode).toBe(400);
    expect(low.json().errors).toEqual([{ field: 'bonus', code: 'bonus_below_minimum', params: { min: '250.00' } }]);
    expect((await cost('salary=-1&bonus=250')).statusCode).toBe(400);
  });
});
