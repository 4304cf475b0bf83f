import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { SETTING_VALUE_SCHEMAS } from '@amparo/shared/modules/settings.schema';
import { fractionToPercent, percentToFraction } from './percent';
import { emptyEditor, fromEditor, toEditor, validateSetting, type SettingFormValues } from './setting-values';

/** A `t` that answers the key, so the checks below read which message each field gets. */
const t = ((key: string) => key) as unknown as TFunction;

describe('rates typed as percentages (issue 25 section 3)', () => {
  it('moves the decimal point in the string, never through a float', () => {
    expect(percentToFraction('4.83')).toEqual({ ok: true, value: '0.0483' });
    expect(percentToFraction('12')).toEqual({ ok: true, value: '0.12' });
    expect(percentToFraction('3.67')).toEqual({ ok: true, value: '0.0367' });
    // 0.1 + 0.2 style: 7 × 0.01 as a float is 0.07000000000000001.
    expect(percentToFraction('7')).toEqual({ ok: true, value: '0.07' });
    expect(percentToFraction('100')).toEqual({ ok: true, value: '1' });
    expect(percentToFraction('0')).toEqual({ ok: true, value: '0' });
    expect(percentToFraction(' 0012.50 ')).toEqual({ ok: true, value: '0.125' });
    expect(percentToFraction('.5')).toEqual({ ok: true, value: '0.005' });
    expect(percentToFraction('0.0001')).toEqual({ ok: true, value: '0.000001' });
    for (const [percent, fraction] of [
      ['4.83', '0.0483'],
      ['12', '0.12'],
      ['100', '1'],
      ['0.0001', '0.000001'],
    ])
      expect(fractionToPercent(fraction!)).toBe(percent);
    expect(fractionToPercent('1.000000')).toBe('100');
    expect(fractionToPercent('0.500000')).toBe('50');
    expect(fractionToPercent('0')).toBe('0');
  });

  it('says why a typed percentage is no rate', () => {
    expect(percentToFraction('')).toEqual({ ok: false, problem: 'required' });
    expect(percentToFraction('4,83')).toEqual({ ok: false, problem: 'not_a_number' });
    expect(percentToFraction('-1')).toEqual({ ok: false, problem: 'not_a_number' });
    expect(percentToFraction('.')).toEqual({ ok: false, problem: 'not_a_number' });
    expect(percentToFraction('1e2')).toEqual({ ok: false, problem: 'not_a_number' });
    expect(percentToFraction('4.83333')).toEqual({ ok: false, problem: 'max_decimals' });
    expect(percentToFraction('100.01')).toEqual({ ok: false, problem: 'too_big' });
    expect(percentToFraction('150')).toEqual({ ok: false, problem: 'too_big' });
  });

  it('every percentage of four decimals from 0 to 100 is a rate the shared schema takes, and back', () => {
    for (const percent of ['0.0001', '1.2345', '33.3333', '99.9999', '50', '5.5']) {
      const parsed = percentToFraction(percent);
      expect(parsed.ok).toBe(true);
      if (!parsed.ok) continue;
      expect(SETTING_VALUE_SCHEMAS.rate.safeParse(parsed.value).success, percent).toBe(true);
      expect(fractionToPercent(parsed.value)).toBe(percent);
    }
  });
});

describe('the value form', () => {
  const bands = [
    { upTo: '300000.00', rate: '0.05', fixed: '0.00', over: '0.00' },
    { upTo: null, rate: '0.07', fixed: '15000.00', over: '300000.00' },
  ];

  it('edits a stored value and gives the API the same value back', () => {
    expect(toEditor('rate', '0.0483')).toBe('4.83');
    expect(toEditor('flag', false)).toBe('no');
    expect(toEditor('count', 15)).toBe('15');
    const editor = toEditor('brackets', bands);
    expect(editor).toEqual([
      { upTo: '300000.00', rate: '5', fixed: '0.00', over: '0.00' },
      { upTo: '', rate: '7', fixed: '15000.00', over: '300000.00' },
    ]);
    expect(fromEditor('brackets', editor).value).toEqual(bands);
    expect(fromEditor('rate', '4.83').value).toBe('0.0483');
    expect(fromEditor('flag', 'yes').value).toBe(true);
    expect(fromEditor('count', '15').value).toBe(15);
    const rates = toEditor('rates', { buildings: '0.05', computer_equipment: '0.3333' });
    expect(rates).toMatchObject({ buildings: '5', computer_equipment: '33.33', vehicles_machinery: '' });
  });

  const values = (value: SettingFormValues['value'], more: Partial<SettingFormValues> = {}): SettingFormValues => ({
    validFrom: '2027-01-01',
    value,
    source: 'Decreto 10-2012',
    note: '',
    ...more,
  });

  it('refuses what the server refuses, at the paths the server names', () => {
    expect(validateSetting('rate', t, true)(values('12'))).toEqual({});
    expect(validateSetting('rate', t, true)(values('150'))).toEqual({ value: 'errors:field.too_big' });
    expect(validateSetting('rate', t, true)(values('4.83333'))).toEqual({ value: 'settings:errors.percentDecimals' });
    expect(validateSetting('money', t, true)(values('', { validFrom: null, source: '' }))).toEqual({
      validFrom: 'errors:field.required',
      source: 'errors:field.required',
      value: 'errors:field.required',
    });
    // A correction keeps its date: the form does not check one.
    expect(validateSetting('money', t, false)(values('250', { validFrom: null }))).toEqual({});
    expect(validateSetting('count', t, true)(values('400'))).toEqual({ value: 'errors:field.too_big' });
    expect(validateSetting('flag', t, true)(values(''))).toEqual({ value: 'errors:field.required' });
    const editor = toEditor('brackets', bands) as { upTo: string; rate: string; fixed: string; over: string }[];
    expect(validateSetting('brackets', t, true)(values(editor))).toEqual({});
    expect(
      validateSetting('brackets', t, true)(values([editor[0]!, { ...editor[1]!, over: '299999', rate: '7.5' }])),
    ).toEqual({ 'value.1.over': 'settings:errors.bandStart' });
    expect(validateSetting('brackets', t, true)(values([{ ...editor[0]! }]))).toEqual({
      'value.0.upTo': 'settings:errors.lastBandCeiling',
    });
    expect(validateSetting('brackets', t, true)(values([editor[0]!, { ...editor[1]!, rate: 'x' }]))).toEqual({
      'value.1.rate': 'errors:field.not_a_number',
    });
    expect(validateSetting('rates', t, true)(values(emptyEditor('rates')))).toMatchObject({
      'value.buildings': 'errors:field.required',
      'value.other_movable_assets': 'errors:field.required',
    });
  });
});
