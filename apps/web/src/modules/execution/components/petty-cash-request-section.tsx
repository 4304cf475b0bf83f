import { useEffect, type ReactNode } from 'react';
import { Alert, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { money } from '@amparo/shared/money';
import type { ExpenseRequest } from '@amparo/shared/modules/execution.schema';
import { useCurrentUser } from '../../../shared/hooks/use-current-user';
import { formatDate, formatDateTime, formatMoney } from '../../../shared/lib/format';
import { usePettyCashFund, usePettyCashFunds, useVoucherRangeLookup } from '../api/petty-cash';
import { DifferenceText } from './petty-cash-modals';
import { itemsTotal, type RequestFormOutput, type RequestFormValues } from './request-form-values';

type Form = UseFormReturnType<RequestFormValues, RequestFormOutput>;

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text size="sm" component="div" fw={500}>
        {children}
      </Text>
    </div>
  );
}

/**
 * A replenishment's petty cash (issue 26 section 3): one of the caller's active funds, its latest count (its cash,
 * difference and the replenishment it asks for: fund − cash) and the petty-cash voucher range administration's
 * approval takes the voucher number from. The items' total must be the replenishment exactly.
 */
export function PettyCashRequestSection({ form, saved }: { form: Form; saved?: ExpenseRequest }) {
  const { t } = useTranslation('execution');
  const user = useCurrentUser();
  const funds = usePettyCashFunds();
  const { fundId, countId, voucherRangeId } = form.values.pettyCash;
  const fund = usePettyCashFund(fundId);
  const ranges = useVoucherRangeLookup(fund.data?.headquarterId ?? null);

  const mine = (funds.data ?? []).filter(
    (f) => (f.custodianId === user?.id && f.active) || f.id === saved?.pettyCash?.fundId,
  );
  const latest = fund.data?.counts[0] ?? null;
  // The replenishment is on the fund's latest count: it follows the fund chosen.
  const latestId = latest?.id ?? null;
  useEffect(() => {
    if (fund.data && countId !== latestId) form.setFieldValue('pettyCash.countId', latestId);
    // Only when the fund's answer changes: the form object is new on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fund.data, latestId]);

  const total = itemsTotal(form.values.items);
  const expected = latest?.replenishment ?? null;
  const matches = expected !== null && money(total).equals(expected);

  return (
    <Stack>
      {funds.data && mine.length === 0 && (
        <Alert color="orange" role="alert">
          {t('execution:pettyCash.request.noFunds')}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label={t('execution:pettyCash.request.fund')}
          placeholder={t('execution:pettyCash.request.fundPlaceholder')}
          withAsterisk
          allowDeselect={false}
          data={mine.map((f) => ({
            value: f.id,
            label: t('execution:pettyCash.request.fundOption', {
              headquarter: f.headquarterName,
              amount: formatMoney(f.amount),
            }),
          }))}
          {...form.getInputProps('pettyCash.fundId')}
          onChange={(id) => {
            form.setFieldValue('pettyCash.fundId', id);
            form.setFieldValue('pettyCash.voucherRangeId', null);
          }}
        />
        <Select
          label={t('execution:pettyCash.request.voucherRange')}
          placeholder={t('execution:pettyCash.request.voucherRangePlaceholder')}
          withAsterisk
          allowDeselect={false}
          disabled={!fundId}
          data={(ranges.data ?? []).map((r) => ({
            value: r.id,
            label: t('execution:pettyCash.request.voucherRangeOption', {
              series: r.series,
              start: r.start,
              end: r.end,
              available: r.available,
              expiresOn: formatDate(r.expiresOn),
            }),
          }))}
          nothingFoundMessage={t('execution:pettyCash.request.noVoucherRanges')}
          {...form.getInputProps('pettyCash.voucherRangeId')}
          value={voucherRangeId}
        />
      </SimpleGrid>
      {ranges.data && ranges.data.length === 0 && (
        <Text size="sm" c="orange">
          {t('execution:pettyCash.request.noVoucherRanges')}
        </Text>
      )}
      {fund.data && !latest && (
        <Alert color="orange" role="alert">
          {t('execution:pettyCash.request.noCount')}
        </Alert>
      )}
      {typeof form.errors['pettyCash.countId'] === 'string' && (
        <Text size="sm" c="red">
          {form.errors['pettyCash.countId']}
        </Text>
      )}
      {latest && (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} data-testid="petty-cash-count">
          <Figure label={t('execution:pettyCash.request.count')}>
            {t('execution:pettyCash.request.countOf', { date: formatDateTime(latest.countedAt) })}
          </Figure>
          <Figure label={t('execution:pettyCash.counts.cash')}>{formatMoney(latest.cash)}</Figure>
          <Figure label={t('execution:pettyCash.counts.difference')}>
            <DifferenceText value={latest.difference} />
          </Figure>
          <Figure label={t('execution:pettyCash.request.replenishment')}>
            <span data-testid="petty-cash-replenishment">{formatMoney(latest.replenishment)}</span>
          </Figure>
        </SimpleGrid>
      )}
      {expected !== null && (
        <Alert color={matches ? 'teal' : 'blue'} variant="light" aria-live="polite">
          <Text size="sm">{t('execution:pettyCash.request.totalHint', { expected: formatMoney(expected) })}</Text>
          {!matches && money(total).greaterThan(0) && (
            <Text size="sm" c="orange" fw={500}>
              {t('execution:pettyCash.request.totalDiffers', {
                total: formatMoney(total),
                expected: formatMoney(expected),
              })}
            </Text>
          )}
        </Alert>
      )}
    </Stack>
  );
}
