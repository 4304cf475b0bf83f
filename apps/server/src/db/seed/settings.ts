import type { SettingKey } from '@amparo/shared/modules/settings.schema';
import { SETTING_VALUE_SCHEMAS, settingDefinition } from '@amparo/shared/modules/settings.schema';
import type { Executor } from '../client.ts';
import { insertMissing } from '../../modules/settings/settings.repository.ts';
import labourTax from './data/gt-labour-tax.json' with { type: 'json' };

/**
 * The dated settings' first values (issue 25 section 3), from the reference data gt-labour-tax.json (a copy of
 * the design's shared data): in force from SEEDED_FROM, the start of the first year the charity plans in Amparo,
 * each with the file's source and the note that it must be checked against SAT and IGSS before go-live. The
 * minimum wage has no value (set each year by Acuerdo Gubernativo; the administrator enters it). Values already
 * stored for a key and date are kept (an administrator's correction survives a new version's seed).
 */
export const SEEDED_FROM = '2026-01-01';
const NOTE = 'Valor inicial de gt-labour-tax.json: verificar con SAT e IGSS antes de usarlo.';
const POLICY_NOTE = 'Valor inicial: ajústelo a la política de compras de la institución.';

// JSON numbers of the reference file as decimal strings (0.0483 → '0.0483', 250 → '250.00'): never through float sums.
const rate = (n: number) => String(n);
const amount = (n: number) => n.toFixed(2);
const bands = (list: { up_to: number | null; rate: number; fixed: number; over?: number }[]) =>
  list.map((b) => ({
    upTo: b.up_to === null ? null : amount(b.up_to),
    rate: rate(b.rate),
    fixed: amount(b.fixed),
    over: amount(b.over ?? 0),
  }));

const d = labourTax;
const dep = d.depreciation_isr.rates;
/** Each seeded key with its value and the file's source for it. */
const SEEDED: { key: SettingKey; value: unknown; source: string; note?: string }[] = [
  { key: 'igss_employee_rate', value: rate(d.igss.employee_rate), source: d.igss.source },
  {
    key: 'igss_employer_illness_maternity_rate',
    value: rate(d.igss.employer_rate_parts.illness_maternity),
    source: d.igss.source,
  },
  { key: 'igss_employer_accidents_rate', value: rate(d.igss.employer_rate_parts.accidents), source: d.igss.source },
  { key: 'igss_employer_ivs_rate', value: rate(d.igss.employer_rate_parts.ivs_pensions), source: d.igss.source },
  { key: 'irtra_rate', value: rate(d.igss.irtra_rate), source: d.igss.source },
  { key: 'intecap_rate', value: rate(d.igss.intecap_rate), source: d.igss.source },
  { key: 'employer_pays_irtra', value: d.igss.employer_flags.pays_irtra, source: d.igss.employer_flags.note },
  { key: 'employer_pays_intecap', value: d.igss.employer_flags.pays_intecap, source: d.igss.employer_flags.note },
  {
    key: 'bonificacion_incentivo_minimum',
    value: amount(d.bonificacion_incentivo.monthly_minimum),
    source: d.bonificacion_incentivo.source,
  },
  { key: 'aguinaldo_months', value: d.aguinaldo.months_of_salary, source: d.aguinaldo.source },
  { key: 'bono_14_months', value: d.bono_14.months_of_salary, source: d.bono_14.source },
  { key: 'vacation_working_days', value: d.vacation.working_days_per_year, source: d.vacation.source },
  {
    key: 'indemnizacion_months_per_year',
    value: d.indemnizacion.months_of_salary_per_year,
    source: d.indemnizacion.source,
  },
  {
    key: 'isr_employment_personal_deduction',
    value: amount(d.isr_employment.annual_personal_deduction),
    source: d.isr_employment.source,
  },
  { key: 'isr_employment_brackets', value: bands(d.isr_employment.brackets), source: d.isr_employment.source },
  {
    key: 'isr_employment_iva_deduction_max',
    value: amount(d.isr_employment.extra_iva_deduction_max),
    source: d.isr_employment.source,
  },
  { key: 'iva_rate', value: rate(d.iva.rate), source: d.iva.source },
  {
    key: 'isr_retention_threshold',
    value: amount(d.isr_retention_simplified_regime.applies_when_payment_over),
    source: d.isr_retention_simplified_regime.source,
  },
  {
    key: 'isr_retention_brackets',
    value: bands(d.isr_retention_simplified_regime.per_payment_brackets),
    source: d.isr_retention_simplified_regime.source,
  },
  {
    key: 'iva_retention_enabled',
    value: d.iva_retention_small_taxpayer.default_enabled,
    source: d.iva_retention_small_taxpayer.source,
  },
  {
    key: 'iva_retention_rate',
    value: rate(d.iva_retention_small_taxpayer.rate),
    source: d.iva_retention_small_taxpayer.source,
  },
  {
    key: 'iva_retention_threshold',
    value: amount(d.iva_retention_small_taxpayer.applies_when_payment_over),
    source: d.iva_retention_small_taxpayer.source,
  },
  {
    key: 'depreciation_rates',
    value: {
      buildings: rate(dep.buildings),
      fruit_trees_and_plants: rate(dep.fruit_trees_and_plants),
      furniture_office_equipment: rate(dep.non_attached_installations_furniture_office_equipment),
      vehicles_machinery: rate(dep.vehicles_machinery_work_animals),
      computer_equipment: rate(dep.computer_equipment),
      tools_crockery_linen: rate(dep.tools_crockery_linen),
      breeding_animals: rate(dep.breeding_animals),
      other_movable_assets: rate(dep.other_movable_assets),
    },
    source: d.depreciation_isr.source,
  },
  // Institutional policy, not law: how many days before a voucher range expires it is flagged (issue 26 section 2).
  {
    key: 'voucher_expiry_warning_days',
    value: 30,
    source: 'Política de compras de la institución',
    note: POLICY_NOTE,
  },
  // Institutional policy and donors' rules (issue 26 section 4): the approval band, the quotes asked, reminders.
  {
    key: 'request_superior_approval_threshold',
    value: '5000.00',
    source: 'Política de compras de la institución',
    note: POLICY_NOTE,
  },
  {
    key: 'request_minimum_quotes_threshold',
    value: '3000.00',
    source: 'Política de compras de la institución',
    note: POLICY_NOTE,
  },
  { key: 'request_minimum_quotes', value: 3, source: 'Requisitos comunes de los cooperantes', note: POLICY_NOTE },
  {
    key: 'request_reminder_working_days',
    value: 2,
    source: 'Política de compras de la institución',
    note: POLICY_NOTE,
  },
  // Issue 27 section 1: an invoice dated more than this many days before its request is refused.
  {
    key: 'invoice_max_days_before_request',
    value: 60,
    source: 'Política de compras de la institución',
    note: POLICY_NOTE,
  },
  // Issue 27 section 1: a per diem's daily rate, at most (in the country; the institution sets its own table).
  { key: 'per_diem_daily_max', value: '350.00', source: 'Política de viáticos de la institución', note: POLICY_NOTE },
];

/** Inserts the seeded values that are missing; each checked against its key's schema first (a bad file fails loudly). */
export async function seedSettings(tx: Executor): Promise<void> {
  // The source shown is the definition's (in Spanish, as the screen is); the file's English citation goes in the note.
  const rows = SEEDED.map((s) => {
    const definition = settingDefinition(s.key)!;
    return {
      key: s.key,
      validFrom: SEEDED_FROM,
      value: SETTING_VALUE_SCHEMAS[definition.type].parse(s.value),
      source: definition.source,
      note: s.note ?? `${NOTE} (${s.source})`,
    };
  });
  await insertMissing(tx, rows);
}
