import { Money, money, moneyString, roundMoney } from '@amparo/shared/money';
import type { SettingBracket } from '@amparo/shared/modules/settings.schema';
import type { Executor } from '../../db/client.ts';
import { invalidField } from '../../lib/errors.ts';
import { bracketsAmount } from '../../lib/settings/brackets.ts';
import { valueAt } from '../../lib/settings/settings.ts';

/**
 * What a contract costs the charity a month, and what it withholds (issue 28 section 4), from the dated settings
 * seeded from gt-labour-tax.json (never literals). Amounts in Q, each half up to the centavo.
 *
 * Sources of each rule:
 * - IGSS base: the ordinary salary, at least the minimum wage (IGSS reglamentos since 2023); the bonificación
 *   incentivo, aguinaldo and bono 14 are outside it (Decreto 78-89 art. 2, as reformed by Decreto 37-2001).
 * - IGSS employer fee: illness and maternity + accidents + IVS (10.67 % together; IGSS Acuerdo 1118 and reforms) of
 *   the base; IRTRA (Decreto 1528) and INTECAP (Decreto 17-72), 1 % each of the base, only where the employer's
 *   dated switches say it pays them.
 * - IGSS employee share: 4.83 % of the base, withheld.
 * - Bonificación incentivo: at least the dated minimum (Q250, Decreto 37-2001); the contract's own amount when more.
 * - Provisions, a twelfth of each yearly benefit: aguinaldo (`aguinaldo_months` of salary, Decreto 76-78), bono 14
 *   (`bono_14_months`, Decreto 42-92), vacations (`vacation_working_days` days a year at the daily salary, a
 *   thirtieth of the month: Código de Trabajo art. 130), indemnización (`indemnizacion_months_per_year` of the
 *   salary plus a twelfth of the aguinaldo and of the bono 14: Código de Trabajo art. 82).
 * - ISR withheld, projected for the year (Decreto 10-2012 arts. 72 and 73): taxable income = 12 × (salary +
 *   bonificación) (the aguinaldo and bono 14 are exempt up to a month each), less the personal deduction, the year's
 *   IGSS employee share and the declared IVA (at most `isr_employment_iva_deduction_max`), never below 0; the brackets'
 *   annual tax, divided by 12.
 */

export interface PayrollRates {
  igssEmployee: string;
  igssEmployer: string;
  irtra: string | null;
  intecap: string | null;
  minimumWage: string;
  bonusMinimum: string;
  aguinaldoMonths: number;
  bono14Months: number;
  vacationDays: number;
  indemnizacionMonths: number;
  isrPersonalDeduction: string;
  isrBrackets: readonly SettingBracket[];
  ivaDeductionMax: string;
}

/**
 * The rates in force on `date` ('YYYY-MM-DD'): 409 `setting_missing` (params key, date) for any without a value then,
 * the minimum wage among them until the administrator enters the year's (it is set each year by Acuerdo Gubernativo).
 * The employer's total IGSS rate is the sum of its parts; IRTRA and INTECAP are null when the employer does not pay them.
 */
export async function payrollRatesAt(db: Executor, date: string): Promise<PayrollRates> {
  const at = <K extends Parameters<typeof valueAt>[1]>(key: K) => valueAt(db, key, date);
  const employerParts = await Promise.all([
    at('igss_employer_illness_maternity_rate'),
    at('igss_employer_accidents_rate'),
    at('igss_employer_ivs_rate'),
  ]);
  return {
    igssEmployee: await at('igss_employee_rate'),
    igssEmployer: employerParts.reduce((a, r) => a.plus(r), money(0)).toString(),
    irtra: (await at('employer_pays_irtra')) ? await at('irtra_rate') : null,
    intecap: (await at('employer_pays_intecap')) ? await at('intecap_rate') : null,
    minimumWage: await at('minimum_wage_non_agricultural'),
    bonusMinimum: await at('bonificacion_incentivo_minimum'),
    aguinaldoMonths: await at('aguinaldo_months'),
    bono14Months: await at('bono_14_months'),
    vacationDays: await at('vacation_working_days'),
    indemnizacionMonths: await at('indemnizacion_months_per_year'),
    isrPersonalDeduction: await at('isr_employment_personal_deduction'),
    isrBrackets: await at('isr_employment_brackets'),
    ivaDeductionMax: await at('isr_employment_iva_deduction_max'),
  };
}

/** A contract's monthly figures as given: salary and bonificación (Q a month), the IVA the employee declares (Q a year). */
export interface PayInput {
  salary: string;
  bonus: string;
  declaredIva?: string;
}

/** The month's breakdown (Q, as decimal strings). `monthlyCost` is what the plan's lines carry. */
export interface PayrollCost {
  salary: string;
  bonus: string;
  igssBase: string;
  igssEmployer: string;
  irtra: string;
  intecap: string;
  employerFees: string;
  igssEmployee: string;
  aguinaldo: string;
  bono14: string;
  vacation: string;
  indemnizacion: string;
  provisions: string;
  isrWithheld: string;
  /** Salary + bonificación + employer fees + provisions. */
  monthlyCost: string;
  /** What the employee is paid: salary + bonificación − IGSS employee share − ISR. */
  netPay: string;
}

const share = (base: Money, rate: string | null) => (rate === null ? money(0) : roundMoney(base.times(rate)));

/**
 * The month's cost of `pay` under `rates` (see the sources above). The bonificación must be at least the dated
 * minimum and the salary not negative: the callers' schemas check it (`bonus_below_minimum`); here a smaller one is
 * taken as given.
 */
export function monthlyPayrollCost(rates: PayrollRates, pay: PayInput): PayrollCost {
  const salary = money(pay.salary);
  const bonus = money(pay.bonus);
  const base = salary.greaterThan(rates.minimumWage) ? salary : money(rates.minimumWage);
  const igssEmployer = share(base, rates.igssEmployer);
  const irtra = share(base, rates.irtra);
  const intecap = share(base, rates.intecap);
  const employerFees = igssEmployer.plus(irtra).plus(intecap);
  const igssEmployee = share(base, rates.igssEmployee);
  const twelfth = (m: Money) => roundMoney(m.dividedBy(12));
  const aguinaldo = twelfth(salary.times(rates.aguinaldoMonths));
  const bono14 = twelfth(salary.times(rates.bono14Months));
  const vacation = twelfth(salary.dividedBy(30).times(rates.vacationDays));
  const indemnizacionBase = salary
    .plus(salary.times(rates.aguinaldoMonths).dividedBy(12))
    .plus(salary.times(rates.bono14Months).dividedBy(12));
  const indemnizacion = twelfth(indemnizacionBase.times(rates.indemnizacionMonths));
  const provisions = aguinaldo.plus(bono14).plus(vacation).plus(indemnizacion);
  const iva = Money.min(money(pay.declaredIva ?? '0'), money(rates.ivaDeductionMax));
  const taxable = salary
    .plus(bonus)
    .times(12)
    .minus(rates.isrPersonalDeduction)
    .minus(igssEmployee.times(12))
    .minus(iva);
  const annualIsr = taxable.greaterThan(0) ? bracketsAmount(rates.isrBrackets, taxable) : money(0);
  const isrWithheld = twelfth(annualIsr);
  const s = moneyString;
  return {
    salary: s(salary),
    bonus: s(bonus),
    igssBase: s(base),
    igssEmployer: s(igssEmployer),
    irtra: s(irtra),
    intecap: s(intecap),
    employerFees: s(employerFees),
    igssEmployee: s(igssEmployee),
    aguinaldo: s(aguinaldo),
    bono14: s(bono14),
    vacation: s(vacation),
    indemnizacion: s(indemnizacion),
    provisions: s(provisions),
    isrWithheld: s(isrWithheld),
    monthlyCost: s(salary.plus(bonus).plus(employerFees).plus(provisions)),
    netPay: s(salary.plus(bonus).minus(igssEmployee).minus(isrWithheld)),
  };
}

/**
 * `GET /api/talent/payroll-cost`: the month's cost of `pay` by the rates in force on `date` (default today in
 * Guatemala), with the date it used. Errors: 400 `bonus_below_minimum` on `bonus` (params min: the dated minimum,
 * Decreto 37-2001); 409 `setting_missing` (params key, date) while a rate has no value then, the minimum wage until
 * the administrator enters the year's.
 */
export async function payrollCostAt(
  db: Executor,
  pay: PayInput,
  date: string,
): Promise<PayrollCost & { date: string }> {
  const rates = await payrollRatesAt(db, date);
  if (money(pay.bonus).lessThan(rates.bonusMinimum))
    throw invalidField('bonus', 'bonus_below_minimum', { min: moneyString(money(rates.bonusMinimum)) });
  return { date, ...monthlyPayrollCost(rates, pay) };
}
