import { useState, type ReactNode } from 'react';
import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconFileTypePdf, IconPencil } from '@tabler/icons-react';
import { useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { ExpenseRequest } from '@amparo/shared/modules/execution.schema';
import { EMPTY, formatDate, formatDateTime, formatMoney } from '../../../shared/lib/format';
import { BackHeader } from '../../../shared/ui/back-header';
import { DataTable } from '../../../shared/ui/data-table/data-table';
import { Money } from '../../../shared/ui/format';
import { PageError, PageLoader } from '../../../shared/ui/page-state';
import { AnchorLink } from '../../../shared/ui/router-links/anchor-link';
import { ButtonLink } from '../../../shared/ui/router-links/button-link';
import { downloadRequestPdf } from '../api/documents';
import { useExpenseRequest } from '../api/queries';
import { DifferenceText } from '../components/petty-cash-modals';
import { RequestStatusBadge, UrgentBadge } from '../components/request-badges';
import { RequestComparison } from '../components/request-comparison';
import { LIQUIDATION_STATUSES, RequestInvoicesSection } from '../components/request-invoices';
import { RequestPerDiemsSection } from '../components/request-per-diems';
import { RequestActions, RequestRecords, RequestStepper } from '../components/request-workflow';
import { can } from '../../../shared/lib/session';
import { useCurrentUser } from '../../../shared/hooks/use-current-user';
import { formatQuantity, monthLabel } from '../lib/labels';
import { notifyError } from '../../../shared/lib/notify';
import { applyServerErrors } from '../../../shared/lib/server-errors';

/**
 * 'Imprimir PDF': the request as the paper file keeps it (items, approvals, the chosen quote, the payment), in the
 * user's language, marked as a draft until its check or transfer is issued; saved as the server names it.
 */
function PrintButton({ id }: { id: string }) {
  const { t, i18n } = useTranslation('execution');
  const [busy, setBusy] = useState(false);
  const print = async () => {
    setBusy(true);
    try {
      await downloadRequestPdf(id, i18n.language.startsWith('en') ? 'en' : 'es');
    } catch (error) {
      notifyError(applyServerErrors(error, t));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="light" leftSection={<IconFileTypePdf size={16} />} loading={busy} onClick={() => void print()}>
      {t('execution:pdf.print')}
    </Button>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="lg" component="section" aria-label={title}>
      <Title order={2} size="h4" mb="md">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/** A labelled value of the record. */
function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

type Item = ExpenseRequest['items'][number];
type Line = ExpenseRequest['lines'][number];
type Provider = ExpenseRequest['providers'][number];

/**
 * One request (`/execution/requests/$request`; issue 26 section 3): its header, what and why, its items, what it
 * holds committed on each line of its month, its providers or trip, and, while `solicitado`, the way to edit it;
 * its approval chain (issue 26 sections 4 and 5): the stepper, the moves the caller may take (or why not), a
 * purchase order's comparative table (with the quotes administration writes), the approvals, the payments and the
 * full history.
 */
export function RequestPage() {
  const { t } = useTranslation('execution');
  const { request: id } = useParams({ from: '/app/execution/requests/$request' });
  const query = useExpenseRequest(id);
  const user = useCurrentUser();

  if (query.isPending) return <PageLoader />;
  if (query.isError) return <PageError error={query.error} onRetry={() => void query.refetch()} />;
  const r = query.data;

  return (
    <Stack gap="lg">
      <BackHeader
        title={r.number}
        back={{ to: '/execution/requests/list' }}
        backLabel={t('execution:back')}
        badge={
          <Group gap="xs">
            <RequestStatusBadge status={r.status} size="lg" />
            {r.urgent && <UrgentBadge size="lg" />}
          </Group>
        }
        actions={
          <Group gap="xs">
            <PrintButton id={r.id} />
            {r.status === 'solicitado' && (
              <ButtonLink
                to="/execution/requests/$request/edit"
                params={{ request: r.id }}
                leftSection={<IconPencil size={16} />}
              >
                {t('execution:detail.edit')}
              </ButtonLink>
            )}
          </Group>
        }
      />

      <Section title={t('execution:sections.request')}>
        <Stack>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 6 }}>
            <Field label={t('execution:fields.type')}>{t(`execution:types.${r.type}`)}</Field>
            <Field label={t('execution:fields.requester')}>{r.requesterName}</Field>
            <Field label={t('execution:fields.month')}>{monthLabel(t, r.year, r.month)}</Field>
            <Field label={t('execution:fields.executionDate')}>{formatDate(r.executionDate)}</Field>
            <Field label={t('execution:fields.createdAt')}>{formatDate(r.createdAt)}</Field>
            <Field label={t('execution:fields.total')}>
              <Text span fw={700} data-testid="request-total">
                {formatMoney(r.total)}
              </Text>
            </Field>
          </SimpleGrid>
          <Field label={t('execution:fields.description')}>{r.description}</Field>
          <Field label={t('execution:fields.justification')}>
            <span style={{ whiteSpace: 'pre-line' }}>{r.justification}</span>
          </Field>
        </Stack>
      </Section>

      {r.pettyCash && (
        <Section title={t('execution:pettyCash.card.title')}>
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 6 }}>
              <Field label={t('execution:pettyCash.card.headquarter')}>{r.pettyCash.headquarterName}</Field>
              <Field label={t('execution:pettyCash.card.countedAt')}>{formatDateTime(r.pettyCash.countedAt)}</Field>
              <Field label={t('execution:pettyCash.card.fund')}>{formatMoney(r.pettyCash.fundAmount)}</Field>
              <Field label={t('execution:pettyCash.card.cash')}>{formatMoney(r.pettyCash.cash)}</Field>
              <Field label={t('execution:pettyCash.card.difference')}>
                <DifferenceText value={r.pettyCash.difference} />
              </Field>
              <Field label={t('execution:pettyCash.card.voucher')}>
                {r.pettyCash.voucher ?? (
                  <Text span size="sm" c="dimmed">
                    {t('execution:pettyCash.card.voucherPending')}
                  </Text>
                )}
              </Field>
            </SimpleGrid>
            {(r.requesterId === user?.id || can(user, 'ejecucion_administracion')) && (
              <AnchorLink to="/execution/petty-cash/$fund" params={{ fund: r.pettyCash.fundId }} size="sm">
                {t('execution:pettyCash.card.openFund')}
              </AnchorLink>
            )}
          </Stack>
        </Section>
      )}

      <Section title={t('execution:detail.approval')}>
        <Stack gap="md">
          <div style={{ overflowX: 'auto' }}>
            <RequestStepper request={r} />
          </div>
          <RequestActions request={r} refetch={() => query.refetch()} />
        </Stack>
      </Section>

      {LIQUIDATION_STATUSES.includes(r.status) && (
        <Section title={t('execution:invoices.title')}>
          <RequestInvoicesSection request={r} />
        </Section>
      )}

      {LIQUIDATION_STATUSES.includes(r.status) && r.type === 'travel_expenses' && (
        <Section title={t('execution:perDiems.title')}>
          <RequestPerDiemsSection request={r} />
        </Section>
      )}

      {r.comparison && (
        <Section title={t('execution:comparison.title')}>
          <RequestComparison
            request={r}
            canQuote={r.status === 'aprobacion' && can(user, 'ejecucion_administracion')}
          />
        </Section>
      )}

      <Section title={t('execution:detail.items')}>
        <DataTable<Item>
          label={t('execution:detail.items')}
          bare
          rows={r.items}
          rowKey={(i) => i.id}
          minWidth={760}
          columns={[
            { id: 'line', header: t('execution:items.line'), text: (i) => i.lineDescription, wrap: true },
            { id: 'description', header: t('execution:items.description'), text: (i) => i.description, wrap: true },
            {
              id: 'quantity',
              header: t('execution:items.quantity'),
              text: (i) => formatQuantity(i.quantity),
              align: 'right',
              width: 100,
            },
            { id: 'unit', header: t('execution:items.unit'), text: (i) => i.unit, width: 110 },
            {
              id: 'unitPrice',
              header: t('execution:items.unitPrice'),
              text: (i) => formatMoney(i.unitPrice),
              cell: (i) => <Money value={i.unitPrice} />,
              align: 'right',
              width: 140,
            },
            {
              id: 'amount',
              header: t('execution:items.amount'),
              text: (i) => formatMoney(i.amount),
              cell: (i) => <Money value={i.amount} />,
              align: 'right',
              width: 140,
            },
          ]}
        />
      </Section>

      <Section title={t('execution:detail.lines')}>
        <DataTable<Line>
          label={t('execution:detail.lines')}
          bare
          rows={r.lines}
          rowKey={(l) => l.lineId}
          minWidth={480}
          columns={[
            { id: 'line', header: t('execution:items.line'), text: (l) => l.lineDescription, wrap: true },
            {
              id: 'amount',
              header: t('execution:detail.committed'),
              text: (l) => formatMoney(l.amount),
              cell: (l) => <Money value={l.amount} />,
              align: 'right',
              width: 160,
            },
          ]}
        />
      </Section>

      {r.type === 'purchase_order' && (
        <Section title={t('execution:sections.providers')}>
          <DataTable<Provider>
            label={t('execution:sections.providers')}
            bare
            rows={r.providers}
            rowKey={(p) => p.id}
            minWidth={420}
            empty={t('execution:providers.none')}
            columns={[
              { id: 'name', header: t('execution:providers.name'), text: (p) => p.name, wrap: true },
              { id: 'nit', header: t('execution:providers.nit'), text: (p) => p.nit, width: 140 },
            ]}
          />
        </Section>
      )}

      <Section title={t('execution:detail.records')}>
        <RequestRecords request={r} />
      </Section>

      {r.travel && (
        <Section title={t('execution:detail.trip')}>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }}>
            <Field label={t('execution:travel.destination')}>{r.travel.destination}</Field>
            <Field label={t('execution:travel.departureDate')}>{formatDate(r.travel.departureDate)}</Field>
            <Field label={t('execution:travel.returnDate')}>{formatDate(r.travel.returnDate)}</Field>
            <Field label={t('execution:travel.directions')}>
              {r.travel.directions.map((d) => t(`execution:travel.${d}`)).join(', ')}
            </Field>
            <Field label={t('execution:travel.travellers')}>{r.travel.travellers.map((u) => u.name).join(', ')}</Field>
            <Field label={t('execution:travel.exitPassNumber')}>{r.travel.exitPassNumber ?? EMPTY}</Field>
          </SimpleGrid>
        </Section>
      )}
    </Stack>
  );
}
