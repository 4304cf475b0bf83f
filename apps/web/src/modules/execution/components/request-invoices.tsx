import { useRef, useState } from 'react';
import { Button, Group, Modal, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconFileCode, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { felSerieNumber, invoiceKey } from '@amparo/shared/fel';
import { todayInGuatemala } from '@amparo/shared/format';
import { money, moneyString } from '@amparo/shared/money';
import type { ExpenseRequest } from '@amparo/shared/modules/execution.schema';
import { hasPermission } from '@amparo/shared/permissions';
import {
  INVOICE_DOCUMENTS,
  invoiceInput,
  isFelDocument,
  type InvoiceDocument,
  type RequestInvoice,
} from '@amparo/shared/modules/invoices.schema';
import { useZodForm } from '../../../shared/hooks/use-zod-form';
import { useCurrentUser } from '../../../shared/hooks/use-current-user';
import { formatDate, formatMoney } from '../../../shared/lib/format';
import { notifyError, notifySuccess } from '../../../shared/lib/notify';
import { applyServerErrors, translateFieldError } from '../../../shared/lib/server-errors';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { DataTable } from '../../../shared/ui/data-table/data-table';
import { DateField } from '../../../shared/ui/date-field';
import { Money } from '../../../shared/ui/format';
import { MoneyInput } from '../../../shared/ui/money-input';
import { RowActions } from '../../../shared/ui/row-actions';
import { downloadInvoiceXml, useInvoiceWrites, useRequestInvoices, type RequestInvoices } from '../api/invoices';
import type { ProviderOption } from '../api/queries';
import { RemoteSelect, type RemoteOption } from './remote-multi-select';
import { serieNumber } from '../lib/labels';
import { RequestLiquidation } from './request-liquidation';
import { ScanButton } from './scan-button';

/** The statuses whose invoices and per diems the liquidator writes: paid, the liquidation not sent (server's rule). */
export const LIQUIDATION_OPEN = ['emision_cheque', 'liquidado_temp'];
/** The statuses that show the liquidation's invoices. */
export const LIQUIDATION_STATUSES = [...LIQUIDATION_OPEN, 'enviado_liquidacion', 'aprobar_liquidacion'];

type Values = {
  document: InvoiceDocument;
  providerId: string | null;
  authorization: string;
  serie: string;
  number: string;
  emittedOn: string | null;
  amount: string;
  retentionCertificate: string;
  creditOf: string | null;
};

const toInput = (v: Values) => ({
  ...v,
  providerId: v.providerId ?? '',
  emittedOn: v.emittedOn ?? '',
  creditOf: v.document === 'NCRE' ? v.creditOf : null,
});

/**
 * The liquidation's invoices (issue 27 section 1) on a paid request's page: each with its provider, serie and
 * number, date, amount and retentions; what was given against what is invoiced; the FEL invoices nobody checked
 * at SAT; what administration accepted of each. The request's liquidator (its requester unless administration
 * named another) adds, edits and removes them until the liquidation is sent. The invoice form is a modal: the
 * liquidation cannot be sent while an invoice is being edited.
 */
export function RequestInvoicesSection({ request }: { request: ExpenseRequest }) {
  const { t } = useTranslation('execution');
  const user = useCurrentUser();
  const query = useRequestInvoices(request.id);
  const writes = useInvoiceWrites(request.id);
  const [editing, setEditing] = useState<RequestInvoice | 'new' | null>(null);
  const [removing, setRemoving] = useState<RequestInvoice | null>(null);
  const writable = request.liquidatorId === user?.id && LIQUIDATION_OPEN.includes(request.status);
  // The liquidator or administration records a FEL invoice's SAT check until the liquidation is approved.
  const checker =
    (request.liquidatorId === user?.id || hasPermission(user?.permisos ?? [], 'ejecucion_administracion')) &&
    [...LIQUIDATION_OPEN, 'enviado_liquidacion'].includes(request.status);
  const fileInput = useRef<HTMLInputElement>(null);
  const fromXml = async (file: File | undefined) => {
    if (!file) return;
    try {
      await writes.fromXml.mutateAsync(file);
      notifySuccess(t('execution:invoices.added'));
    } catch (error) {
      notifyError(applyServerErrors(error, t));
    } finally {
      if (fileInput.current) fileInput.current.value = '';
    }
  };
  const satCheck = async (i: RequestInvoice) => {
    try {
      await writes.satCheck.mutateAsync({ invoiceId: i.id, version: i.version });
      notifySuccess(t('execution:invoices.satChecked'));
    } catch (error) {
      notifyError(applyServerErrors(error, t));
    }
  };
  const data = query.data;
  // A travel's per diems count beside its invoices against what was given.
  const travel = request.type === 'travel_expenses';
  const pending = data ? money(data.given).minus(data.invoiced).minus(data.perDiems) : null;
  const overKey = travel ? 'execution:invoices.overClaimed' : 'execution:invoices.over';
  const sanctioned = !!data?.items.some((i) => i.sanctionedAmount !== null);

  const remove = async () => {
    if (!removing) return;
    try {
      await writes.remove.mutateAsync(removing.id);
      notifySuccess(t('execution:invoices.removed'));
      setRemoving(null);
    } catch (error) {
      notifyError(applyServerErrors(error, t));
    }
  };

  return (
    <Stack gap="md">
      <RequestLiquidation request={request} />
      <Group justify="space-between" wrap="wrap">
        <Group gap="lg" data-testid="invoice-totals">
          <Text size="sm">
            {t('execution:invoices.given')}: <b>{formatMoney(data?.given ?? request.total)}</b>
          </Text>
          <Text size="sm">
            {t('execution:invoices.invoiced')}: <b>{formatMoney(data?.invoiced ?? '0')}</b>
          </Text>
          {travel && (
            <Text size="sm">
              {t('execution:invoices.perDiems')}: <b>{formatMoney(data?.perDiems ?? '0')}</b>
            </Text>
          )}
          {pending && !pending.isZero() && LIQUIDATION_OPEN.includes(request.status) && (
            <Text size="sm" c={pending.isNegative() ? 'red' : 'orange'}>
              {t(pending.isNegative() ? overKey : 'execution:invoices.pending', {
                amount: formatMoney(moneyString(pending.abs())),
              })}
            </Text>
          )}
          {!!data?.unchecked && (
            <Text size="sm" c="dimmed">
              {t('execution:invoices.unchecked', { count: data.unchecked })}
            </Text>
          )}
        </Group>
        {writable && (
          <Group gap="xs">
            <input
              ref={fileInput}
              type="file"
              accept=".xml,application/xml,text/xml"
              hidden
              data-testid="invoice-xml-input"
              onChange={(e) => void fromXml(e.currentTarget.files?.[0])}
            />
            <Button
              variant="light"
              leftSection={<IconFileCode size={16} />}
              loading={writes.fromXml.isPending}
              onClick={() => fileInput.current?.click()}
            >
              {t('execution:invoices.uploadXml')}
            </Button>
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
              {t('execution:invoices.add')}
            </Button>
          </Group>
        )}
      </Group>
      <DataTable<RequestInvoice>
        label={t('execution:invoices.title')}
        bare
        rows={data?.items}
        rowKey={(i) => i.id}
        // The fixed columns' widths and the provider's: below it the table scrolls instead of squeezing a name.
        minWidth={sanctioned ? 1700 : 1500}
        empty={t('execution:invoices.none')}
        actions={
          writable
            ? (i) => <RowActions name={serieNumber(i)} onEdit={() => setEditing(i)} onDelete={() => setRemoving(i)} />
            : undefined
        }
        actionsWidth={90}
        columns={[
          {
            id: 'document',
            header: t('execution:invoices.document'),
            text: (i) => t(`execution:invoices.documents.${i.document}`),
            width: 150,
          },
          {
            id: 'provider',
            header: t('execution:invoices.provider'),
            text: (i) => i.providerName,
            wrap: true,
            width: 220,
          },
          { id: 'number', header: t('execution:invoices.serieNumber'), text: serieNumber, width: 180 },
          { id: 'date', header: t('execution:invoices.emittedOn'), text: (i) => formatDate(i.emittedOn), width: 110 },
          {
            id: 'amount',
            header: t('execution:items.amount'),
            text: (i) => formatMoney(i.amount),
            cell: (i) => <Money value={i.amount} />,
            align: 'right',
            width: 120,
          },
          ...(sanctioned
            ? [
                {
                  id: 'accepted',
                  header: t('execution:liquidation.accepted'),
                  text: (i: RequestInvoice) =>
                    i.sanctionedAmount === null
                      ? formatMoney(i.amount)
                      : `${formatMoney(i.sanctionedAmount)} · ${i.sanctionReason ?? ''}`,
                  wrap: true,
                  width: 200,
                },
              ]
            : []),
          {
            id: 'isr',
            header: t('execution:invoices.isr'),
            text: (i) => formatMoney(i.isrRetained),
            align: 'right',
            width: 100,
          },
          {
            id: 'iva',
            header: t('execution:invoices.iva'),
            text: (i) => formatMoney(i.ivaRetained),
            align: 'right',
            width: 100,
          },
          {
            id: 'sat',
            header: t('execution:invoices.sat'),
            text: (i) =>
              i.authorization === null
                ? ''
                : i.satCheckedAt
                  ? t('execution:invoices.satCheckedOn', { date: formatDate(i.satCheckedAt) })
                  : t('execution:invoices.satUnchecked'),
            cell: (i) =>
              i.authorization === null ? null : i.satCheckedAt ? (
                <Text size="sm">{t('execution:invoices.satCheckedOn', { date: formatDate(i.satCheckedAt) })}</Text>
              ) : checker ? (
                <Button
                  size="compact-xs"
                  variant="light"
                  aria-label={t('execution:invoices.satCheckOf', { number: serieNumber(i) })}
                  onClick={() => void satCheck(i)}
                >
                  {t('execution:invoices.satCheck')}
                </Button>
              ) : (
                <Text size="sm" c="orange">
                  {t('execution:invoices.satUnchecked')}
                </Text>
              ),
            width: 150,
          },
          {
            id: 'scan',
            header: t('execution:scans.title'),
            text: (i) => i.scan?.name ?? '',
            cell: (i) => (
              <ScanButton
                requestId={request.id}
                invoiceId={i.id}
                has={!!i.scan}
                writable={writable}
                label={serieNumber(i)}
              />
            ),
            width: 170,
          },
          {
            id: 'xml',
            header: t('execution:invoices.xml'),
            text: (i) => (i.ivaAffiliation ? 'XML' : ''),
            cell: (i) =>
              i.ivaAffiliation ? (
                <Button
                  size="compact-xs"
                  variant="subtle"
                  aria-label={t('execution:invoices.xmlOf', { number: serieNumber(i) })}
                  onClick={() => void downloadInvoiceXml(request.id, i.id)}
                >
                  {t('execution:invoices.xml')}
                </Button>
              ) : null,
            width: 70,
          },
        ]}
      />
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        size="lg"
        closeButtonProps={{ 'aria-label': t('common:actions.close') }}
        title={t(editing === 'new' ? 'execution:invoices.add' : 'execution:invoices.edit')}
      >
        {editing !== null && data && (
          <InvoiceForm
            invoice={editing === 'new' ? null : editing}
            list={data}
            writes={writes}
            onDone={() => setEditing(null)}
          />
        )}
      </Modal>
      <ConfirmDialog
        opened={removing !== null}
        title={t('execution:invoices.remove')}
        message={t('execution:invoices.removeConfirm', { number: removing ? serieNumber(removing) : '' })}
        loading={writes.remove.isPending}
        onConfirm={() => void remove()}
        onClose={() => setRemoving(null)}
      />
    </Stack>
  );
}

interface FormProps {
  invoice: RequestInvoice | null;
  list: RequestInvoices;
  writes: ReturnType<typeof useInvoiceWrites>;
  onDone: () => void;
}

/**
 * One invoice: its document, provider (from the registry), the FEL authorization (serie and number shown as
 * derived from it) or a paper invoice's serie and number, date, amount and retention certificate. The same
 * invoice twice in the list is caught here ('already in the list'); in another request, by the server.
 */
function InvoiceForm({ invoice, list, writes, onDone }: FormProps) {
  const { t } = useTranslation('execution');
  // The NITs of the providers seen, for the list's own duplicate check.
  const nits = useRef(new Map<string, string>(list.items.map((i) => [i.providerId, i.issuerNit])));
  const { form, submitWith } = useZodForm<Values>(
    invoiceInput,
    {
      document: invoice?.document ?? 'FACT',
      providerId: invoice?.providerId ?? null,
      authorization: invoice?.authorization ?? '',
      serie: invoice?.authorization ? '' : (invoice?.serie ?? ''),
      number: invoice?.authorization ? '' : (invoice?.number ?? ''),
      emittedOn: invoice?.emittedOn ?? todayInGuatemala(),
      amount: invoice?.amount ?? '',
      retentionCertificate: invoice?.retentionCertificate ?? '',
      creditOf: invoice?.creditOf ?? null,
    },
    {
      toInput,
      validate: (values, messages) => {
        if (!values.providerId) messages.providerId = translateFieldError(t, { code: 'required' });
        if (!values.emittedOn) messages.emittedOn = translateFieldError(t, { code: 'required' });
        const nit = values.providerId ? nits.current.get(values.providerId) : undefined;
        if (nit && !messages.number && !messages.authorization) {
          const fel = isFelDocument(values.document);
          const key = invoiceKey({
            issuerNit: nit,
            authorization: fel ? values.authorization : null,
            ...(fel ? {} : { serie: values.serie, number: values.number }),
          });
          const twice = list.items.some((i) => i.id !== invoice?.id && invoiceKey(i) === key);
          if (twice && (fel ? values.authorization : values.number))
            messages[fel ? 'authorization' : 'number'] = t('execution:invoices.inList');
        }
        return messages;
      },
    },
  );
  const fel = isFelDocument(form.values.document);
  const derived = fel ? felSerieNumber(form.values.authorization) : null;
  const known: RemoteOption[] = invoice ? [{ value: invoice.providerId, label: invoice.providerName }] : [];
  const submit = submitWith(async (values) => {
    const body = invoiceInput.parse(toInput(values));
    if (invoice)
      await writes.update.mutateAsync({ invoiceId: invoice.id, body: { ...body, version: invoice.version } });
    else await writes.add.mutateAsync(body);
    notifySuccess(t(invoice ? 'execution:invoices.saved' : 'execution:invoices.added'));
    onDone();
  });
  return (
    <form onSubmit={submit} noValidate aria-label={t(invoice ? 'execution:invoices.edit' : 'execution:invoices.add')}>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <Select
            label={t('execution:invoices.document')}
            withAsterisk
            allowDeselect={false}
            data={INVOICE_DOCUMENTS.map((d) => ({ value: d, label: t(`execution:invoices.documents.${d}`) }))}
            {...form.getInputProps('document')}
          />
          <RemoteSelect
            label={t('execution:invoices.provider')}
            withAsterisk
            path="execution/lookup/providers"
            toOption={(p: ProviderOption) => {
              nits.current.set(p.id, p.nit);
              return { value: p.id, label: `${p.name} · ${p.nit}` };
            }}
            known={known}
            nothingFoundMessage={t('execution:invoices.noProvider')}
            {...form.getInputProps('providerId')}
            value={form.values.providerId}
            onChange={(v) => form.setFieldValue('providerId', v)}
          />
        </SimpleGrid>
        {form.values.document === 'NCRE' && (
          <Select
            label={t('execution:invoices.creditOf')}
            description={t('execution:invoices.creditOfHint')}
            withAsterisk
            data={list.items
              .filter((i) => i.document !== 'NCRE' && i.id !== invoice?.id)
              .map((i) => ({ value: i.id, label: `${i.providerName} · ${serieNumber(i)} · ${formatMoney(i.amount)}` }))}
            {...form.getInputProps('creditOf')}
          />
        )}
        {fel ? (
          <TextInput
            label={t('execution:invoices.authorization')}
            description={
              derived
                ? t('execution:invoices.derived', { serie: derived.serie, number: derived.number })
                : t('execution:invoices.authorizationHint')
            }
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            withAsterisk
            maxLength={40}
            data-testid="invoice-authorization"
            {...form.getInputProps('authorization')}
          />
        ) : (
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <TextInput
              label={t('execution:invoices.serie')}
              withAsterisk={form.values.document === 'paper_invoice'}
              maxLength={20}
              {...form.getInputProps('serie')}
            />
            <TextInput
              label={t('execution:invoices.number')}
              withAsterisk
              maxLength={20}
              inputMode="numeric"
              {...form.getInputProps('number')}
            />
          </SimpleGrid>
        )}
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <DateField
            label={t('execution:invoices.emittedOn')}
            withAsterisk
            clearable={false}
            maxDate={todayInGuatemala()}
            {...form.getInputProps('emittedOn')}
            value={form.values.emittedOn}
            onChange={(v) => form.setFieldValue('emittedOn', v)}
          />
          <MoneyInput label={t('execution:invoices.amount')} withAsterisk {...form.getInputProps('amount')} />
        </SimpleGrid>
        <TextInput
          label={t('execution:invoices.retentionCertificate')}
          maxLength={40}
          {...form.getInputProps('retentionCertificate')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" loading={writes.add.isPending || writes.update.isPending}>
            {t('common:actions.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
