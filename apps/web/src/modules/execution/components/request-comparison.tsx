import { useState } from 'react';
import {
  Anchor,
  Badge,
  Button,
  FileInput,
  Group,
  Modal,
  NumberInput,
  Stack,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { IconExternalLink, IconFilePencil, IconFileTypePdf, IconPaperclip } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ExpenseRequest } from '@amparo/shared/modules/execution.schema';
import { EMPTY, formatDate, formatMoney } from '../../../shared/lib/format';
import { notifyError, notifySuccess } from '../../../shared/lib/notify';
import { applyServerErrors } from '../../../shared/lib/server-errors';
import { DataTable } from '../../../shared/ui/data-table/data-table';
import { DateField } from '../../../shared/ui/date-field';
import { MoneyInput } from '../../../shared/ui/money-input';
import { downloadComparisonPdf, quoteFileUrl, useAttachQuoteFile } from '../api/documents';
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
  const { t, i18n } = useTranslation('execution');
  const [quoting, setQuoting] = useState<string | null>(null);
  const [printing, setPrinting] = useState(false);
  const table = request.comparison!;
  const quoteOf = (providerId: string) => table.quotes.find((q) => q.providerId === providerId);
  const print = async () => {
    setPrinting(true);
    try {
      await downloadComparisonPdf(request.id, i18n.language.startsWith('en') ? 'en' : 'es');
    } catch (error) {
      notifyError(applyServerErrors(error, t));
    } finally {
      setPrinting(false);
    }
  };
  return (
    <Stack gap="sm" data-testid="comparison">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Text size="sm" c="dimmed">
          {t('execution:comparison.minimum', { count: table.minimumQuotes })}
        </Text>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconFileTypePdf size={14} />}
          loading={printing}
          onClick={() => void print()}
        >
          {t('execution:pdf.comparison')}
        </Button>
      </Group>
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
              {q.hasFile && (
                <Anchor
                  size="xs"
                  href={quoteFileUrl(request.id, q.providerId)}
                  target="_blank"
                  rel="noopener"
                  aria-label={t('execution:quoteFile.openOf', { name: q.providerName })}
                >
                  <Group gap={4} wrap="nowrap" component="span">
                    <IconExternalLink size={12} aria-hidden />
                    {t('execution:quoteFile.open')}
                  </Group>
                </Anchor>
              )}
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
  const attach = useAttachQuoteFile(request.id);
  const [file, setFile] = useState<File | null>(null);
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
    } catch (err) {
      notifyError(applyServerErrors(err, t, setErrors));
      return;
    }
    // The file goes once the quote exists (a provider without a quote has nothing to attach it to).
    if (file) {
      try {
        await attach.mutateAsync({ providerId, file });
        notifySuccess(t('execution:quoteFile.uploaded', { name }));
      } catch (err) {
        // The quote stands; the field says why its file was refused.
        applyServerErrors(err, t, setErrors);
        notifyError(t('execution:quoteFile.failed'));
        return;
      }
    }
    notifySuccess(t('execution:comparison.saved', { name }));
    onClose();
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
        <FileInput
          label={t('execution:quoteFile.label')}
          description={t('execution:quoteFile.hint')}
          placeholder={quote?.fileName ?? undefined}
          accept="application/pdf,.pdf"
          clearable
          leftSection={<IconPaperclip size={16} aria-hidden />}
          value={file}
          onChange={setFile}
          error={errors.file}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common:actions.cancel')}
          </Button>
          <Button onClick={() => void submit()} loading={save.isPending || attach.isPending}>
            {t('common:actions.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
