import { Stack, Text, Title } from '@mantine/core';
import { IconPencil, IconPlus } from '@tabler/icons-react';
import { useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { Agreement } from '@amparo/shared/modules/framework-agreements.schema';
import { formatDate } from '../../../shared/lib/format';
import { BackHeader } from '../../../shared/ui/back-header';
import { DataTable, type DataColumn } from '../../../shared/ui/data-table/data-table';
import { PageError, PageLoader } from '../../../shared/ui/page-state';
import { RowActions } from '../../../shared/ui/row-actions';
import { AnchorLink } from '../../../shared/ui/router-links/anchor-link';
import { ButtonLink } from '../../../shared/ui/router-links/button-link';
import { useAgreements, useProvider } from '../api/queries';
import { AgreementStateBadge } from '../components/agreement-state-badge';

/**
 * A provider's framework agreements (`/configuration/providers/$id/agreements`; issue 26 section 1), latest
 * validity first: reference, validity, how many items and the state today. While one is valid it counts as the
 * quotes of its items.
 */
export function ProviderAgreementsPage() {
  const { t } = useTranslation('providers');
  const { id } = useParams({ from: '/app/configuration/providers/$id/agreements' });
  const provider = useProvider(id);
  const agreements = useAgreements(id);

  if (provider.isPending) return <PageLoader />;
  if (provider.isError) return <PageError error={provider.error} onRetry={() => void provider.refetch()} />;

  const validity = (a: Agreement) =>
    t('providers:agreements.validity', { from: formatDate(a.validFrom), until: formatDate(a.validUntil) });
  const columns: DataColumn<Agreement>[] = [
    {
      id: 'reference',
      header: t('providers:agreements.fields.reference'),
      text: (a) => a.reference,
      cell: (a) => (
        <AnchorLink
          to="/configuration/providers/$id/agreements/edit/$agreement"
          params={{ id, agreement: a.id }}
          size="sm"
          fw={500}
        >
          {a.reference}
        </AnchorLink>
      ),
      wrap: true,
    },
    {
      id: 'description',
      header: t('providers:agreements.fields.description'),
      text: (a) => a.description,
      wrap: true,
      visibleFrom: 'md',
    },
    {
      id: 'validity',
      header: t('providers:agreements.fields.validity'),
      text: validity,
      cell: (a) => (
        <Text span size="sm" style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
          {validity(a)}
        </Text>
      ),
      width: 230,
    },
    {
      id: 'items',
      header: t('providers:agreements.fields.itemCount'),
      text: (a) => a.items.length,
      align: 'right',
      width: 100,
    },
    {
      id: 'state',
      header: t('providers:agreements.fields.state'),
      cell: (a) => <AgreementStateBadge state={a.state} />,
      width: 130,
    },
  ];

  return (
    <Stack gap="md">
      <BackHeader
        title={provider.data.name}
        back={{ to: '/configuration/providers/list' }}
        backLabel={t('providers:agreements.backToList')}
        actions={
          <>
            <ButtonLink
              to="/configuration/providers/edit/$id"
              params={{ id }}
              variant="default"
              leftSection={<IconPencil size={16} />}
            >
              {t('providers:agreements.editProvider')}
            </ButtonLink>
            <ButtonLink
              to="/configuration/providers/$id/agreements/add"
              params={{ id }}
              leftSection={<IconPlus size={16} />}
            >
              {t('providers:agreements.add')}
            </ButtonLink>
          </>
        }
      />
      <Stack gap={4}>
        <Title order={2} size="h4">
          {t('providers:agreements.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('providers:agreements.help')}
        </Text>
      </Stack>
      {agreements.isError && <PageError error={agreements.error} onRetry={() => void agreements.refetch()} />}
      <DataTable
        label={t('providers:agreements.title')}
        columns={columns}
        rows={agreements.data}
        loadingRows={3}
        rowKey={(a) => a.id}
        minWidth={720}
        actionsWidth={80}
        empty={t('providers:agreements.empty')}
        dimmed={(a) => a.state === 'expired' || a.state === 'inactive'}
        actions={(a) => (
          <RowActions
            name={a.reference}
            edit={{ to: '/configuration/providers/$id/agreements/edit/$agreement', params: { id, agreement: a.id } }}
          />
        )}
      />
    </Stack>
  );
}
