import { Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AgreementUse } from '@amparo/shared/modules/framework-agreements.schema';
import { formatDate, formatMoney } from '../../../shared/lib/format';
import { DataTable } from '../../../shared/ui/data-table/data-table';
import { PageError } from '../../../shared/ui/page-state';
import { AnchorLink } from '../../../shared/ui/router-links/anchor-link';
import { useAgreementUses } from '../api/queries';

/**
 * Where a framework agreement was used (issue 26 section 1, "its use is listed against it"): the requests whose
 * quote took its prices, newest first, with their number (a link to the request), status, date, whether that
 * quote was selected and its total (Q).
 */
export function AgreementUses({ providerId, agreementId }: { providerId: string; agreementId: string }) {
  const { t } = useTranslation(['providers', 'execution']);
  const uses = useAgreementUses(providerId, agreementId);
  const title = t('providers:agreements.uses.title');
  return (
    <Paper withBorder p="lg" component="section" aria-label={title}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        <Text size="sm" c="dimmed">
          {t('providers:agreements.uses.help')}
        </Text>
        {uses.isError ? (
          <PageError error={uses.error} onRetry={() => void uses.refetch()} />
        ) : (
          <DataTable<AgreementUse>
            label={title}
            bare
            rows={uses.data}
            rowKey={(u) => u.requestId}
            minWidth={640}
            empty={t('providers:agreements.uses.empty')}
            columns={[
              {
                id: 'number',
                header: t('providers:agreements.uses.number'),
                text: (u) => u.number,
                cell: (u) => (
                  <AnchorLink size="sm" to="/execution/requests/$request" params={{ request: u.requestId }}>
                    {u.number}
                  </AnchorLink>
                ),
                width: 150,
              },
              {
                id: 'status',
                header: t('providers:agreements.uses.status'),
                text: (u) => t(`execution:statuses.${u.status}`, { defaultValue: u.status }),
              },
              {
                id: 'date',
                header: t('providers:agreements.uses.date'),
                text: (u) => formatDate(u.createdAt),
                width: 120,
              },
              {
                id: 'selected',
                header: t('providers:agreements.uses.selected'),
                text: (u) => t(u.selected ? 'providers:agreements.uses.yes' : 'providers:agreements.uses.no'),
                width: 120,
              },
              {
                id: 'total',
                header: t('providers:agreements.uses.total'),
                text: (u) => formatMoney(u.total),
                align: 'right',
                width: 160,
              },
            ]}
          />
        )}
      </Stack>
    </Paper>
  );
}
