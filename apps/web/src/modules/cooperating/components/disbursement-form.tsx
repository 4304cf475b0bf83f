import { Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { DateInput, DatesProvider } from '@mantine/dates';
import { useTranslation } from 'react-i18next';
import { formatRate } from '@amparo/shared/format';
import {
  disbursementInput,
  type Cooperating,
  type DisbursementValues,
} from '@amparo/shared/modules/cooperating.schema';
import { moneyString, parseMoney, parseRate, toQuetzales } from '@amparo/shared/money';
import { useZodForm } from '../../../shared/hooks/use-zod-form';
import { notifySuccess } from '../../../shared/lib/notify';
import { useAddDisbursement } from '../api/mutations';
import { defaultAgreementDate } from './agreement-date';
import { MoneyInput } from '../../../shared/ui/money-input';

/** Where the rate of a foreign-currency disbursement usually comes from: the Banco de Guatemala's reference rate. */
const USUAL_SOURCE = 'Banguat';

/**
 * The value in Q of what is typed so far, as the server will compute it (round half-up(amount × rate, 2) with
 * decimal.js, never a float), or null while either field is not a positive amount or rate yet.
 */
export function previewQuetzales(amount: unknown, rate: unknown): string | null {
  if (typeof amount !== 'string' || typeof rate !== 'string') return null;
  const a = parseMoney(amount);
  const r = parseRate(rate);
  if (!a.ok || !r.ok || a.value.lessThanOrEqualTo(0) || r.value.lessThanOrEqualTo(0)) return null;
  return moneyString(toQuetzales(a.value, r.value));
}

/**
 * Records a disbursement of a cooperating (issue 13 section 2): date within the agreement, amount in its
 * currency, the exchange rate the user enters (Q per unit, up to six decimals; fixed at 1 for a GTQ agreement)
 * with its source, and a reference. The value in Q shows live as the amount and rate are typed. A refused one
 * (past the agreed amount, outside the agreement) says why beside the field.
 */
export function DisbursementForm({ cooperating }: { cooperating: Cooperating }) {
  const { t, i18n } = useTranslation('cooperating');
  const add = useAddDisbursement(cooperating.id);
  const { currency } = cooperating;
  const gtq = currency === 'GTQ';
  const empty: DisbursementValues = {
    date: defaultAgreementDate(cooperating),
    amount: '',
    exchangeRate: gtq ? '1' : '',
    rateSource: gtq ? '' : USUAL_SOURCE,
    reference: '',
  };
  const { form, submitWith } = useZodForm(disbursementInput, empty);
  const submit = submitWith(async (values) => {
    await add.mutateAsync(values);
    notifySuccess(t('cooperating:disbursements.added'));
    // The next one is often of the same day's rate: keep date, rate and source.
    form.setValues({ ...empty, date: values.date, exchangeRate: values.exchangeRate, rateSource: values.rateSource });
    form.resetDirty();
  });
  const quetzales = gtq ? null : previewQuetzales(form.values.amount, form.values.exchangeRate);
  const rate = typeof form.values.exchangeRate === 'string' ? form.values.exchangeRate.trim() : '';

  return (
    <Paper withBorder p="lg">
      <DatesProvider settings={{ locale: i18n.language.startsWith('en') ? 'en' : 'es', firstDayOfWeek: 0 }}>
        <form onSubmit={submit} noValidate aria-label={t('cooperating:disbursements.formLabel')}>
          <Stack gap="sm">
            <Title order={2} size="h4">
              {t('cooperating:disbursements.formLabel')}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <DateInput
                label={t('cooperating:disbursements.fields.date')}
                valueFormat="YYYY-MM-DD"
                minDate={cooperating.startDate}
                maxDate={cooperating.endDate}
                withAsterisk
                {...form.getInputProps('date')}
              />
              <MoneyInput
                label={t('cooperating:disbursements.fields.amount', { currency })}
                currency={gtq ? t('cooperating:moneyPrefix') : currency}
                leftSectionWidth={gtq ? undefined : 52}
                withAsterisk
                {...form.getInputProps('amount')}
              />
              <TextInput
                label={t('cooperating:disbursements.fields.exchangeRate')}
                description={
                  gtq ? t('cooperating:disbursements.rateFixed') : t('cooperating:disbursements.rateHint', { currency })
                }
                inputMode="decimal"
                readOnly={gtq}
                withAsterisk
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                {...form.getInputProps('exchangeRate')}
              />
              {!gtq && (
                <TextInput
                  label={t('cooperating:disbursements.fields.rateSource')}
                  {...form.getInputProps('rateSource')}
                />
              )}
              <TextInput
                label={t('cooperating:disbursements.fields.reference')}
                style={{ gridColumn: gtq ? undefined : 'span 2' }}
                {...form.getInputProps('reference')}
              />
            </SimpleGrid>
            <Group justify="space-between" align="center" wrap="wrap">
              {gtq ? (
                <span />
              ) : (
                <Text fw={500} data-testid="disbursement-preview" aria-live="polite">
                  {quetzales
                    ? t('cooperating:disbursements.preview', {
                        quetzales,
                        amount: form.values.amount,
                        currency,
                        rate: formatRate(rate),
                      })
                    : t('cooperating:disbursements.previewEmpty')}
                </Text>
              )}
              <Button type="submit" loading={add.isPending}>
                {t('cooperating:disbursements.add')}
              </Button>
            </Group>
          </Stack>
        </form>
      </DatesProvider>
    </Paper>
  );
}
