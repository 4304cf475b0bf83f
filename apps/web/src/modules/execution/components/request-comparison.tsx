import { useState } from 'react';
import { Badge, Button, Group, Modal, NumberInput, Stack, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { IconFilePencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ExpenseRequest } from '@amparo/shared/modules/execution.schema';
import { EMPTY, formatDate, formatMoney } from '../../../shared/lib/format';
import { notifyError, notifySuccess } from '../../../shared/lib/notify';
import { applyServerErrors } from '../../../shared/lib/server-errors';
import { DataTable } from '../../../shared/ui/data-table/data-table';
import { DateField } from '../../../shared/ui/date-field';
import { MoneyInput } from '../../../shared/ui/money-input';
import { useSaveQuote } from '../api/mutations';

type Comparison = NonNullable<ExpenseRequest['comparison']>;
type Row = Comparison['rows'][number];

/** A cell of the table: the unit price and the amount, the lowest of the row marked. */
function PriceCell({ price }: { price: Row['prices'][number] }) {
  const { t } = useTranslation('execution');
  if (!price.unitPrice) return <Text c="dimmed">{EMPTY}</Text>;
  return (
    <Stack gap={0} align="flex-end">
      <Text size="sm" fw={price.lowest ? 700 : 400} c={price.lowest ? 'teal' : undefined}>
        {formatMoney(price.amount!)}
        {price.lowest && <VisuallyHidden> {t('execution:comparison.lowest')}</VisuallyHidden>}
      </Text>
      <Text size="xs" c="dimmed">
        {t('execution:comparison.unit', { price: formatMoney(price.unitPrice) })}
      </Text>
    </Stack>
  );
}

/**
 * A purchase order's comparative table (issue 26 section 4): items in rows, providers in columns with their
 * quoted unit prices and amounts (Q, IVA included), the lowest of each row and the lowest total marked, each
 * quote's delivery, warranty and validity (an expired one shown so); how many complete quotes the amount asks.
 * While the request waits for its table, administration writes each provider's quote here.
 */
export function RequestComparison({ request, canQuote }: { request: ExpenseRequest; canQuote: boolean }) {
  const { t } = useTranslation('execution');
  const [quoting, setQuoting] = useState<string | null>(null);
  const table = request.comparison!;
  const quoteOf = (providerId: string) => table.quotes.find((q) => q.providerId === providerId);
  return (
    <Stack gap="sm" data-testid="comparison">
      <Text size="sm" c="dimmed">
        {t('execution:comparison.minimum', { count: table.minimumQuotes })}
      </Text>
      <DataTable<Row>
        label={t('execution:comparison.title')}
        bare
        rows={table.rows}
        rowKey={(r) => r.itemId}
        minWidth={320 + table.quotes.length * 170}
        empty={t('execution:comparison.none')}
        columns={[
          {
            id: 'item',
            header: t('execution:items.description'),
            text: (r) => `${r.description} (${r.quantity} ${r.unit})`,
            wrap: true,
          },
          ...table.quotes.map((q, k) => ({
            id: `quote-${q.id}`,
            header: q.providerName,
            text: (r: Row) => r.prices[k]?.amount ?? '',
            cell: (r: Row) => <PriceCell price={r.prices[k]!} />,
            align: 'right' as const,
            width: 170,
          })),
        ]}
      />
      {table.quotes.length > 0 && (
        <Group gap="md" align="flex-start" wrap="wrap">
          {table.quotes.map((q) => (
            <Stack key={q.id} gap={2} data-testid={`quote-${q.providerId}`}>
              <Group gap={6}>
                <Text fw={600} size="sm">
                  {q.providerName}
                </Text>
                {q.lowest && (
                  <Badge color="teal" variant="light" size="sm">
                    {t('execution:comparison.lowest')}
                  </Badge>
                )}
                {q.expired && (
                  <Badge color="red" variant="light" size="sm">
                    {t('execution:comparison.expired')}
                  </Badge>
                )}
                {q.id === table.selectedQuoteId && (
                  <Badge color="blue" variant="filled" size="sm">
                    {t('execution:comparison.selected')}
                  </Badge>
                )}
              </Group>
              <Text size="xs">
                {q.total
                  ? t('execution:comparison.total', { total: formatMoney(q.total) })
                  : t('execution:comparison.incomplete')}
              </Text>
              <Text size="xs" c="dimmed">
                {t('execution:comparison.terms', {
                  days: q.deliveryDays ?? EMPTY,
                  warranty: q.warranty ?? EMPTY,
                  until: formatDate(q.validUntil),
                })}
              </Text>
            </Stack>
          ))}
        </Group>
      )}
      {table.selectionJustification && (
        <Text size="sm">{t('execution:comparison.why', { text: table.selectionJustification })}</Text>
      )}
      {canQuote && (
        <Group gap="xs">
          {request.providers.map((p) => (
            <Button
              key={p.id}
              size="xs"
              variant="default"
              leftSection={<IconFilePencil size={14} />}
              onClick={() => setQuoting(p.id)}
            >
              {t(quoteOf(p.id) ? 'execution:comparison.editQuote' : 'execution:comparison.addQuote', { name: p.name })}
            </Button>
          ))}
        </Group>
      )}
      {quoting && <QuoteModal request={request} providerId={quoting} onClose={() => setQuoting(null)} />}
    </Stack>
  );
}

/** A provider's quote: a unit price per item (Q, IVA included), delivery days, warranty and validity. */
function QuoteModal({
  request,
  providerId,
  onClose,
}: {
  request: ExpenseRequest;
  providerId: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('execution');
  const save = useSaveQuote(request.id);
  const table = request.comparison!;
  const existing = table.quotes.findIndex((q) => q.providerId === providerId);
  const quote = existing >= 0 ? table.quotes[existing] : undefined;
  const [prices, setPrices] = useState<Record<string, string>>(() =>
    Object.fromEntries(table.rows.map((r) => [r.itemId, (existing >= 0 && r.prices[existing]?.unitPrice) || ''])),
  );
  const [days, setDays] = useState<number | string>(quote?.deliveryDays ?? '');
  const [warranty, setWarranty] = useState(quote?.warranty ?? '');
  const [validUntil, setValidUntil] = useState<string | null>(quote?.validUntil ?? null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const name = request.providers.find((p) => p.id === providerId)?.name ?? '';
  const submit = async () => {
    try {
      await save.mutateAsync({
        providerId,
        body: {
          prices: table.rows
            .filter((r) => prices[r.itemId])
            .map((r) => ({ itemId: r.itemId, unitPrice: prices[r.itemId]! })),
          deliveryDays: days === '' ? null : Number(days),
          warranty: warranty || null,
          validUntil,
        },
      });
      notifySuccess(t('execution:comparison.saved', { name }));
      onClose();
    } catch (err) {
      notifyError(applyServerErrors(err, t, setErrors));
    }
  };
  return (
    <Modal opened onClose={onClose} title={t('execution:comparison.quoteOf', { name })} size="lg">
      <Stack gap="sm">
        {table.rows.map((r, i) => (
          <MoneyInput
            key={r.itemId}
            label={`${r.description} (${r.quantity} ${r.unit})`}
            value={prices[r.itemId]}
            onChange={(v) => setPrices((p) => ({ ...p, [r.itemId]: v }))}
            error={errors[`prices.${i}.unitPrice`]}
          />
        ))}
        <NumberInput
          label={t('execution:comparison.deliveryDays')}
          min={0}
          max={365}
          value={days}
          onChange={setDays}
          error={errors.deliveryDays}
        />
        <TextInput
          label={t('execution:comparison.warranty')}
          value={warranty}
          onChange={(e) => setWarranty(e.currentTarget.value)}
          error={errors.warranty}
        />
        <DateField
          label={t('execution:comparison.validUntil')}
          withAsterisk
          value={validUntil}
          onChange={setValidUntil}
          error={errors.validUntil}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common:actions.cancel')}
          </Button>
          <Button onClick={() => void submit()} loading={save.isPending}>
            {t('common:actions.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
