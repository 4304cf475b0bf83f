import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import {
  DEPRECIATION_ASSET_TYPES,
  type SettingBracket,
  type SettingType,
} from '@amparo/shared/modules/settings.schema';
import { EMPTY, formatMoney } from '../../../shared/lib/format';
import { fractionToPercent } from '../lib/percent';

/** A rate as a percentage in the page's language ('0.0483' → '4.83 %' in Spanish, '4.83%' in English). */
export const percentText = (t: TFunction, fraction: unknown) =>
  typeof fraction === 'string' && fractionToPercent(fraction) !== ''
    ? t('settings:percent', { value: fractionToPercent(fraction) })
    : EMPTY;

const isZero = (amount: string) => /^0+(\.0+)?$/.test(amount);
/** An amount kept on one line inside a sentence ('Q 15,000.00' never breaks after its Q). */
const money = (amount: string) => formatMoney(amount).replace(' ', '\u00a0');

/** One band in words: 'Hasta Q 300,000.00: 5 %', 'Más de Q 300,000.00: Q 15,000.00 + 7 % del excedente de …'. */
export function bandText(t: TFunction, band: SettingBracket): string {
  const rate = percentText(t, band.rate);
  const part = isZero(band.over) ? rate : t('settings:band.onExcess', { rate, over: money(band.over) });
  const amount = isZero(band.fixed) ? part : t('settings:band.fixedPlus', { fixed: money(band.fixed), part });
  const range =
    band.upTo === null
      ? t('settings:band.above', { over: money(band.over) })
      : t('settings:band.upTo', { upTo: money(band.upTo) });
  return t('settings:band.line', { range, amount });
}

/** The lines a value reads as: one for a single value, a line a band or an asset type for the tables of values. */
export function valueLines(t: TFunction, type: SettingType, value: unknown): string[] {
  switch (type) {
    case 'rate':
      return [percentText(t, value)];
    case 'money':
      return [typeof value === 'string' ? formatMoney(value) : EMPTY];
    case 'count':
      return [typeof value === 'number' ? String(value) : EMPTY];
    case 'nit':
      return [typeof value === 'string' ? value : EMPTY];
    case 'flag':
      return [value === true ? t('settings:yes') : value === false ? t('settings:no') : EMPTY];
    case 'brackets':
      return Array.isArray(value) ? (value as SettingBracket[]).map((b) => bandText(t, b)) : [EMPTY];
    case 'rates': {
      const rates = (value ?? {}) as Record<string, unknown>;
      return DEPRECIATION_ASSET_TYPES.map((a) =>
        t('settings:assetRate', { asset: t(`settings:assetTypes.${a}`), rate: percentText(t, rates[a]) }),
      );
    }
  }
}

/** A setting's value formatted by its type: 12 %, Q 250.00, 15, Sí, its bands or its rates one a line. */
export function SettingValueText({ type, value }: { type: SettingType; value: unknown }) {
  const { t } = useTranslation('settings');
  const lines = valueLines(t, type, value);
  if (lines.length === 1)
    return (
      <Text span size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
        {lines[0]}
      </Text>
    );
  return (
    <Stack gap={2}>
      {lines.map((line, i) => (
        <Text key={i} size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
          {line}
        </Text>
      ))}
    </Stack>
  );
}
