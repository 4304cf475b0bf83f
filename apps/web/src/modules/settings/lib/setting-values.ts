import type { TFunction } from 'i18next';
import {
  DEPRECIATION_ASSET_TYPES,
  SETTING_VALUE_SCHEMAS,
  settingValueInput,
  type SettingBracket,
  type SettingType,
} from '@amparo/shared/modules/settings.schema';
import { toFieldErrors } from '@amparo/shared/validation';
import { schemaMessages } from '../../../shared/lib/form';
import { translateFieldError } from '../../../shared/lib/server-errors';
import { fractionToPercent, percentToFraction, PERCENT_DECIMALS, type PercentProblem } from './percent';

/**
 * A value as the form edits it, every part a string the inputs hold: a rate as a percentage ('4.83'), an amount
 * in Q ('250.00'), a count ('15'), a flag ('yes', 'no' or '' before a choice), bands with their rates as
 * percentages and '' for the last band's missing ceiling, or one percentage per asset type. Its parts sit at the
 * paths the API names in its field errors (`value`, `value.1.over`, `value.buildings`), so a refusal lands beside
 * its input.
 */
export type BandValues = { upTo: string; rate: string; fixed: string; over: string };
export type EditorValue = string | BandValues[] | Record<string, string>;

export interface SettingFormValues extends Record<string, unknown> {
  validFrom: string | null;
  value: EditorValue;
  source: string;
  note: string;
}

/** A band the form adds: starting where the last one ends, without a ceiling of its own yet. */
export const newBand = (over = ''): BandValues => ({ upTo: '', rate: '', fixed: '', over });

/** The empty editor of a type (a new value of a key without one). */
export function emptyEditor(type: SettingType): EditorValue {
  switch (type) {
    case 'brackets':
      return [newBand('0.00')];
    case 'rates':
      return Object.fromEntries(DEPRECIATION_ASSET_TYPES.map((a) => [a, '']));
    default:
      return '';
  }
}

/** A stored value as the form edits it (a rate '0.0483' → '4.83', true → 'yes', bands' rates as percentages). */
export function toEditor(type: SettingType, value: unknown): EditorValue {
  switch (type) {
    case 'rate':
      return typeof value === 'string' ? fractionToPercent(value) : '';
    case 'money':
    case 'nit':
      return typeof value === 'string' ? value : '';
    case 'count':
      return typeof value === 'number' ? String(value) : '';
    case 'flag':
      return value === true ? 'yes' : value === false ? 'no' : '';
    case 'brackets':
      return Array.isArray(value)
        ? (value as SettingBracket[]).map((b) => ({
            upTo: b.upTo ?? '',
            rate: fractionToPercent(b.rate),
            fixed: b.fixed,
            over: b.over,
          }))
        : emptyEditor(type);
    case 'rates': {
      const rates = (value ?? {}) as Record<string, unknown>;
      return Object.fromEntries(
        DEPRECIATION_ASSET_TYPES.map((a) => [a, typeof rates[a] === 'string' ? fractionToPercent(rates[a]) : '']),
      );
    }
  }
}

/** A problem of the form's own (a percentage that is no rate), keyed by its field path. */
type Problems = Record<string, PercentProblem>;

/** The fraction of a typed percentage at `path`, noting its problem; undefined when it is no rate. */
function rateAt(text: string, path: string, problems: Problems): string | undefined {
  const parsed = percentToFraction(text);
  if (parsed.ok) return parsed.value;
  problems[path] = parsed.problem;
  return undefined;
}

/**
 * The value the API takes from what the form holds ('4.83' → '0.0483', 'yes' → true, '' ceiling → null), with
 * the problems of the typed percentages at their paths. The API value is then checked by the key's own schema.
 */
export function fromEditor(type: SettingType, editor: EditorValue): { value: unknown; problems: Problems } {
  const problems: Problems = {};
  const text = typeof editor === 'string' ? editor : '';
  switch (type) {
    case 'rate':
      return { value: rateAt(text, 'value', problems), problems };
    case 'money':
    case 'nit':
      return { value: text, problems };
    case 'count':
      // NumberInput takes only digits: '' is missing, anything else a whole number the schema bounds.
      return { value: text.trim() === '' ? undefined : Number(text), problems };
    case 'flag':
      return { value: text === 'yes' ? true : text === 'no' ? false : undefined, problems };
    case 'brackets': {
      const bands = Array.isArray(editor) ? editor : [];
      const value = bands.map((b, i) => ({
        upTo: b.upTo.trim() === '' ? null : b.upTo,
        rate: rateAt(b.rate, `value.${i}.rate`, problems),
        fixed: b.fixed,
        over: b.over,
      }));
      return { value, problems };
    }
    case 'rates': {
      const rates = (typeof editor === 'object' && !Array.isArray(editor) ? editor : {}) as Record<string, string>;
      const value = Object.fromEntries(
        DEPRECIATION_ASSET_TYPES.map((a) => [a, rateAt(rates[a] ?? '', `value.${a}`, problems)]),
      );
      return { value, problems };
    }
  }
}

/** The message of a percentage's problem. */
function percentMessage(t: TFunction, problem: PercentProblem): string {
  if (problem === 'max_decimals') return t('settings:errors.percentDecimals', { max: PERCENT_DECIMALS });
  if (problem === 'too_big') return t('errors:field.too_big', { max: '100' });
  return t(`errors:field.${problem}`);
}

/**
 * Band errors in words: the shared schema says `invalid` for a ceiling where there must be none (the last band)
 * or none where there must be one, and for a band not starting where the one before ends.
 */
function bandMessage(t: TFunction, field: string, bands: BandValues[], fallback: string): string {
  const m = /^value\.(\d+)\.(upTo|over)$/.exec(field);
  if (!m) return fallback;
  const i = Number(m[1]);
  if (m[2] === 'upTo')
    return i === bands.length - 1 ? t('settings:errors.lastBandCeiling') : t('errors:field.required');
  return t('settings:errors.bandStart', { amount: i === 0 ? '0.00' : (bands[i - 1]?.upTo ?? '') });
}

/**
 * The form's values as the shared contract (`settingValueInput`) takes them, `useZodForm`'s `toInput`: the value
 * converted to what the API takes; a correction's date is fixed, so a placeholder stands for it.
 */
export function settingInput(type: SettingType, withDate: boolean) {
  return (values: SettingFormValues) => ({
    validFrom: withDate ? values.validFrom : '2000-01-01',
    value: fromEditor(type, values.value).value,
    source: values.source,
    note: values.note,
  });
}

/**
 * The value's own check on top of the contract's messages, `useZodForm`'s `validate`: percentages as typed,
 * then the converted value by its key's own schema (SETTING_VALUE_SCHEMAS), so the browser refuses exactly what
 * the server would, at the same paths.
 */
export function checkSettingValue(type: SettingType, t: TFunction) {
  return (values: SettingFormValues, messages: Record<string, string>): Record<string, string> => {
    const out = { ...messages };
    const { value, problems } = fromEditor(type, values.value);
    for (const [path, problem] of Object.entries(problems)) out[path] = percentMessage(t, problem);
    const checked = SETTING_VALUE_SCHEMAS[type].safeParse(value);
    if (!checked.success)
      for (const e of toFieldErrors(checked.error)) {
        const field = e.field ? `value.${e.field}` : 'value';
        if (field in out) continue;
        const message = translateFieldError(t, e);
        out[field] =
          type === 'brackets' && e.code === 'invalid' && Array.isArray(values.value)
            ? bandMessage(t, field, values.value, message)
            : message;
      }
    return out;
  };
}

/**
 * The whole check the form runs (`useZodForm(settingValueInput, ..., { toInput, validate })`): the date (only
 * when adding), source and note by the shared contract, then the value by its key's own schema.
 */
export function validateSetting(type: SettingType, t: TFunction, withDate: boolean) {
  const toInput = settingInput(type, withDate);
  const check = checkSettingValue(type, t);
  return (values: SettingFormValues) => check(values, schemaMessages(settingValueInput, toInput(values), t));
}
