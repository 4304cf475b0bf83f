import { Group, Input, NumberInput, Radio, SimpleGrid, TextInput, type TextInputProps } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { DEPRECIATION_ASSET_TYPES, type SettingType } from '@amparo/shared/modules/settings.schema';
import { MoneyInput } from '../../../shared/ui/money-input';
import { RowsEditor } from '../../../shared/ui/rows-editor';
import { newBand, type BandValues, type SettingFormValues } from '../lib/setting-values';

type Form = UseFormReturnType<SettingFormValues>;

/** A rate typed as a percentage ('4.83' for 4.83 %); the form converts it to the API's fraction on save. */
function PercentInput(props: TextInputProps) {
  return <TextInput inputMode="decimal" autoComplete="off" rightSection="%" {...props} />;
}

/** At most this many bands (the shared schema's limit). */
const MAX_BANDS = 20;

/**
 * The bands of a progressive scale, a row each: up to (Q; empty in the last), rate (%), fixed amount (Q) and the
 * amount the rate applies over (Q), which is where the band before ends. Changing a ceiling moves the next band's
 * start with it while the two still matched.
 */
function BandsEditor({ form }: { form: Form }) {
  const { t } = useTranslation('settings');
  const bands = form.values.value as BandValues[];
  const setUpTo = (i: number, upTo: string) => {
    const next = bands[i + 1];
    const old = bands[i]!.upTo;
    form.setFieldValue(`value.${i}.upTo`, upTo);
    if (next && (next.over === old || next.over === '')) form.setFieldValue(`value.${i + 1}.over`, upTo);
  };
  const add = () => form.insertListItem('value', newBand(bands.at(-1)?.upTo ?? ''));
  return (
    <RowsEditor<BandValues>
      label={t('form.value')}
      description={t('bands.help')}
      error={typeof form.errors.value === 'string' ? form.errors.value : undefined}
      gridLabel={t('bands.label')}
      rows={bands}
      rowKey={(_, i) => i}
      minWidth={640}
      style={{ tableLayout: 'fixed' }}
      rowHeader={{ header: t('bands.band'), width: 80 }}
      columns={[
        {
          id: 'upTo',
          header: t('bands.upTo'),
          cell: (_, i) => (
            <MoneyInput
              aria-label={t('bands.upToOf', { n: i + 1 })}
              placeholder={i === bands.length - 1 ? t('bands.noCeiling') : undefined}
              size="sm"
              {...form.getInputProps(`value.${i}.upTo`)}
              onChange={(v) => setUpTo(i, v)}
            />
          ),
        },
        {
          id: 'rate',
          header: t('bands.rate'),
          cell: (_, i) => (
            <PercentInput
              aria-label={t('bands.rateOf', { n: i + 1 })}
              size="sm"
              {...form.getInputProps(`value.${i}.rate`)}
            />
          ),
        },
        {
          id: 'fixed',
          header: t('bands.fixed'),
          cell: (_, i) => (
            <MoneyInput
              aria-label={t('bands.fixedOf', { n: i + 1 })}
              size="sm"
              {...form.getInputProps(`value.${i}.fixed`)}
            />
          ),
        },
        {
          id: 'over',
          header: t('bands.over'),
          cell: (_, i) => (
            <MoneyInput
              aria-label={t('bands.overOf', { n: i + 1 })}
              size="sm"
              {...form.getInputProps(`value.${i}.over`)}
            />
          ),
        },
      ]}
      actionsHeader={t('bands.actions')}
      actionsWidth={56}
      removeLabel={(n) => t('bands.remove', { n })}
      onRemove={(i) => form.removeListItem('value', i)}
      addLabel={t('bands.add')}
      onAdd={add}
      maxRows={MAX_BANDS}
    />
  );
}

/** One rate a depreciation asset type, each a percentage. */
function RatesEditor({ form }: { form: Form }) {
  const { t } = useTranslation('settings');
  return (
    <Input.Wrapper
      label={t('form.value')}
      labelElement="div"
      withAsterisk
      description={t('typeHints.rates')}
      inputWrapperOrder={['label', 'description', 'input', 'error']}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs">
        {DEPRECIATION_ASSET_TYPES.map((asset) => (
          <PercentInput
            key={asset}
            label={t(`assetTypes.${asset}`)}
            withAsterisk
            {...form.getInputProps(`value.${asset}`)}
          />
        ))}
      </SimpleGrid>
    </Input.Wrapper>
  );
}

/** The value's input by the key's type: a percentage, an amount in Q, a whole number, yes/no, bands, rates or a NIT. */
export function ValueEditor({ type, form }: { type: SettingType; form: Form }) {
  const { t } = useTranslation('settings');
  const label = t('form.value');
  const hint = t(`typeHints.${type}`);
  const order: ('label' | 'input' | 'description' | 'error')[] = ['label', 'input', 'description', 'error'];
  switch (type) {
    case 'rate':
      return (
        <PercentInput
          label={label}
          description={hint}
          inputWrapperOrder={order}
          withAsterisk
          styles={{ wrapper: { maxWidth: 220 } }}
          {...form.getInputProps('value')}
        />
      );
    case 'money':
      return (
        <MoneyInput
          label={label}
          description={hint}
          inputWrapperOrder={order}
          withAsterisk
          styles={{ wrapper: { maxWidth: 260 } }}
          {...form.getInputProps('value')}
        />
      );
    case 'count':
      return (
        <NumberInput
          label={label}
          description={hint}
          inputWrapperOrder={order}
          withAsterisk
          allowDecimal={false}
          allowNegative={false}
          hideControls
          styles={{ wrapper: { maxWidth: 220 } }}
          {...form.getInputProps('value')}
          onChange={(v) => form.setFieldValue('value', String(v))}
        />
      );
    case 'flag':
      return (
        <Radio.Group label={label} description={hint} withAsterisk {...form.getInputProps('value')}>
          <Group mt="xs">
            <Radio value="yes" label={t('yes')} />
            <Radio value="no" label={t('no')} />
          </Group>
        </Radio.Group>
      );
    case 'nit':
      return (
        <TextInput
          label={label}
          description={hint}
          inputWrapperOrder={order}
          withAsterisk
          maxLength={20}
          styles={{ wrapper: { maxWidth: 220 } }}
          {...form.getInputProps('value')}
        />
      );
    case 'brackets':
      return <BandsEditor form={form} />;
    case 'rates':
      return <RatesEditor form={form} />;
  }
}
