import { z } from 'zod';
import { isValidNit, normalizeNit } from '../identifiers.ts';
import { moneyAmount } from '../money.ts';
import { envelope, isoDate, optionalText, text, uuid, version } from '../validation.ts';

/**
 * Dated settings (issue 25 section 3, decision 0025): the rates, thresholds and bands that law or policy sets
 * (IGSS, IRTRA, INTECAP, ISR, IVA, retentions, depreciation, labour benefits). Each key has a typed value and a
 * history of values, each in force from its `validFrom` date (America/Guatemala) until the next one; the server
 * reads the one in force on a date (`valueAt`). Never a literal in code for a rate. Seeded from
 * gt-labour-tax.json (the reference data), to be verified against SAT and IGSS before go-live.
 */

/** How a value is written: a rate as a fraction ('0.0483' = 4.83 %), an amount in Q, a whole count, a yes/no, … */
export const SETTING_TYPES = ['rate', 'money', 'count', 'flag', 'brackets', 'rates', 'nit'] as const;
export type SettingType = (typeof SETTING_TYPES)[number];

/** A fraction from 0 to 1 with at most 6 decimals, as a decimal string ('0.12' for 12 %). */
export const settingRate = z
  .string({ error: 'required' })
  .trim()
  .regex(/^(0(\.\d{1,6})?|1(\.0{1,6})?)$/, 'invalid');
const amount = moneyAmount({ min: '0' });

/** A progressive band: up to `upTo` (Q; null: no ceiling), `fixed` (Q) plus `rate` of what passes `over` (Q). */
export const settingBracket = z.object({
  upTo: amount.nullable(),
  rate: settingRate,
  fixed: amount,
  over: amount,
});
export type SettingBracket = z.infer<typeof settingBracket>;

/** Bands in ascending order of ceiling, the last one without ceiling, each starting where the one before ends. */
const brackets = z
  .array(settingBracket)
  .min(1, 'required')
  .max(20, 'too_big::20')
  .superRefine((list, ctx) => {
    list.forEach((b, i) => {
      const last = i === list.length - 1;
      if (last !== (b.upTo === null)) ctx.addIssue({ code: 'custom', path: [i, 'upTo'], message: 'invalid' });
      // Amounts arrive normalised to two decimals ('300000.00'), so the strings compare exactly.
      const start = i === 0 ? '0.00' : list[i - 1]!.upTo;
      if (b.over !== start) ctx.addIssue({ code: 'custom', path: [i, 'over'], message: 'invalid' });
    });
  });

/** The asset types depreciation rates are kept for (ISR law, Decreto 10-2012 art. 28). */
export const DEPRECIATION_ASSET_TYPES = [
  'buildings',
  'fruit_trees_and_plants',
  'furniture_office_equipment',
  'vehicles_machinery',
  'computer_equipment',
  'tools_crockery_linen',
  'breeding_animals',
  'other_movable_assets',
] as const;
const rates = z.object(Object.fromEntries(DEPRECIATION_ASSET_TYPES.map((t) => [t, settingRate])) as never);

/** The schema of a value of each type (what the server checks before a value is stored). */
export const SETTING_VALUE_SCHEMAS = {
  rate: settingRate,
  money: amount,
  count: z.number({ error: 'required' }).int('invalid').min(0, 'invalid').max(366, 'too_big::366'),
  flag: z.boolean({ error: 'required' }),
  brackets,
  rates,
  // A NIT as SAT's modulo 11 accepts it, stored normalised (no hyphen, upper case: '1234567-9' → '12345679').
  nit: z
    .string({ error: 'required' })
    .trim()
    .min(1, 'required')
    .refine((v) => isValidNit(v), 'invalid')
    .transform(normalizeNit),
} satisfies Record<SettingType, z.ZodType>;

/**
 * Every setting: its key (the label in the locales' `settings.keys`), group, type and the rule's source (law,
 * article, SAT or IGSS rule; each stored value carries its own source too). Modules read them with `valueAt`.
 */
export const SETTING_DEFINITIONS = [
  {
    key: 'igss_employee_rate',
    group: 'igss',
    type: 'rate',
    source: 'IGSS, Acuerdo 1118 de Junta Directiva y reformas',
  },
  {
    key: 'igss_employer_illness_maternity_rate',
    group: 'igss',
    type: 'rate',
    source: 'IGSS, Acuerdo 1118 de Junta Directiva y reformas',
  },
  {
    key: 'igss_employer_accidents_rate',
    group: 'igss',
    type: 'rate',
    source: 'IGSS, Acuerdo 1118 de Junta Directiva y reformas',
  },
  {
    key: 'igss_employer_ivs_rate',
    group: 'igss',
    type: 'rate',
    source: 'IGSS, Acuerdo 1118 de Junta Directiva y reformas',
  },
  { key: 'irtra_rate', group: 'igss', type: 'rate', source: 'Decreto 1528 (IRTRA)' },
  { key: 'intecap_rate', group: 'igss', type: 'rate', source: 'Decreto 17-72 (INTECAP)' },
  { key: 'employer_pays_irtra', group: 'igss', type: 'flag', source: 'Decreto 1528, Acuerdo 1: actividades afectas' },
  { key: 'employer_pays_intecap', group: 'igss', type: 'flag', source: 'Decreto 17-72' },
  {
    key: 'minimum_wage_non_agricultural',
    group: 'labour',
    type: 'money',
    source: 'Acuerdo Gubernativo de salarios mínimos del año',
  },
  {
    key: 'bonificacion_incentivo_minimum',
    group: 'labour',
    type: 'money',
    source: 'Decreto 78-89, reformado por Decretos 7-2000 y 37-2001',
  },
  { key: 'aguinaldo_months', group: 'labour', type: 'count', source: 'Decreto 76-78' },
  { key: 'bono_14_months', group: 'labour', type: 'count', source: 'Decreto 42-92' },
  { key: 'vacation_working_days', group: 'labour', type: 'count', source: 'Código de Trabajo, art. 130' },
  { key: 'indemnizacion_months_per_year', group: 'labour', type: 'count', source: 'Código de Trabajo, art. 82' },
  { key: 'isr_employment_personal_deduction', group: 'tax', type: 'money', source: 'Decreto 10-2012, art. 72' },
  { key: 'isr_employment_brackets', group: 'tax', type: 'brackets', source: 'Decreto 10-2012, art. 73' },
  {
    // The IVA an employee may deduct from their annual ISR, from their IVA statement (issue 28 section 4).
    key: 'isr_employment_iva_deduction_max',
    group: 'tax',
    type: 'money',
    source: 'Decreto 10-2012, art. 72: planilla del IVA, hasta Q12,000 al año',
  },
  { key: 'iva_rate', group: 'tax', type: 'rate', source: 'Decreto 27-92 (Ley del IVA), art. 10' },
  { key: 'isr_retention_threshold', group: 'tax', type: 'money', source: 'Decreto 10-2012, arts. 44, 47 y 48' },
  { key: 'isr_retention_brackets', group: 'tax', type: 'brackets', source: 'Decreto 10-2012, arts. 44, 47 y 48' },
  {
    key: 'iva_retention_enabled',
    group: 'tax',
    type: 'flag',
    source: 'Reglamento de la Ley del IVA, art. 49; Decreto 4-2012',
  },
  {
    key: 'iva_retention_rate',
    group: 'tax',
    type: 'rate',
    source: 'Reglamento de la Ley del IVA, art. 49; Decreto 4-2012',
  },
  { key: 'iva_retention_threshold', group: 'tax', type: 'money', source: 'Reglamento de la Ley del IVA, art. 49' },
  {
    key: 'depreciation_rates',
    group: 'assets',
    type: 'rates',
    source: 'Decreto 10-2012, art. 28 (porcentajes máximos anuales)',
  },
  {
    key: 'voucher_expiry_warning_days',
    group: 'purchasing',
    type: 'count',
    source: 'Política de compras de la institución (issue 26 sección 2: rangos por vencer)',
  },
  {
    key: 'request_superior_approval_threshold',
    group: 'purchasing',
    type: 'money',
    source: 'Política de compras de la institución: aprobación superior de montos mayores',
  },
  {
    key: 'request_minimum_quotes_threshold',
    group: 'purchasing',
    type: 'money',
    source: 'Política de compras de la institución y requisitos de los cooperantes',
  },
  {
    key: 'request_minimum_quotes',
    group: 'purchasing',
    type: 'count',
    source: 'Política de compras de la institución y requisitos de los cooperantes',
  },
  {
    key: 'request_reminder_working_days',
    group: 'purchasing',
    type: 'count',
    source: 'Política de compras de la institución: plazos de aprobación',
  },
  {
    key: 'invoice_max_days_before_request',
    group: 'purchasing',
    type: 'count',
    source: 'Política de compras de la institución: antigüedad de las facturas de una liquidación',
  },
  {
    // A travel's per diem (issue 27 section 1): the most a traveller is paid per day, without invoices.
    key: 'per_diem_daily_max',
    group: 'purchasing',
    type: 'money',
    source: 'Política de viáticos de la institución: monto diario máximo por persona',
  },
  {
    // The buyer every FEL invoice of a liquidation must name (issue 27 section 1); none until an administrator sets it.
    key: 'institution_nit',
    group: 'tax',
    type: 'nit',
    source: 'SAT, Registro Tributario Unificado (RTU) de la institución',
  },
] as const satisfies readonly { key: string; group: string; type: SettingType; source: string }[];

export type SettingDefinition = (typeof SETTING_DEFINITIONS)[number];
export type SettingKey = SettingDefinition['key'];
export const SETTING_KEYS = SETTING_DEFINITIONS.map((d) => d.key) as SettingKey[];
export const SETTING_GROUPS = ['igss', 'labour', 'tax', 'assets', 'purchasing'] as const;

/** The value type of a setting type ('rate' → decimal string, 'brackets' → the bands, …). */
export type SettingValueOf<T extends SettingType> = z.output<(typeof SETTING_VALUE_SCHEMAS)[T]>;
/** The value type of a key. */
export type SettingValue<K extends SettingKey> = SettingValueOf<Extract<SettingDefinition, { key: K }>['type']>;

/** The definition of `key`, or undefined for a key nobody defined. */
export const settingDefinition = (key: string): SettingDefinition | undefined =>
  SETTING_DEFINITIONS.find((d) => d.key === key);

/** POST /api/settings/:key/values: a value in force from `validFrom` (a date, America/Guatemala). */
export const settingValueInput = z.object({
  validFrom: isoDate,
  value: z.unknown(),
  source: text(300),
  note: optionalText(500),
});
/** PUT /api/settings/:key/values/:id: a value not yet in force, corrected. */
export const settingValueUpdate = settingValueInput.omit({ validFrom: true }).extend({ version });

export const settingValue = z.object({
  id: uuid,
  validFrom: z.string(),
  value: z.unknown(),
  source: z.string(),
  note: z.string().nullable(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
  version: z.number().int(),
  /** `past` (replaced by a later one), `current` (in force today), `scheduled` (from a later date). */
  state: z.enum(['past', 'current', 'scheduled']),
});
export type SettingValueRow = z.infer<typeof settingValue>;

export const settingSummary = z.object({
  key: z.string(),
  group: z.enum(SETTING_GROUPS),
  type: z.enum(SETTING_TYPES),
  source: z.string(),
  /** The value in force today, or null when none is (a key the administrator must fill, e.g. the minimum wage). */
  current: settingValue.nullable(),
  /** The next value from a later date, if one is scheduled. */
  scheduled: settingValue.nullable(),
});
export type SettingSummary = z.infer<typeof settingSummary>;

export const settingsListResponse = envelope(z.array(settingSummary));
export const settingHistoryResponse = envelope(settingSummary.extend({ values: z.array(settingValue) }));
export type SettingHistory = z.infer<typeof settingHistoryResponse>['data'];
