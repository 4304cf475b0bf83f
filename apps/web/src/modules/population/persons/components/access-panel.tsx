import { Alert, Paper, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { QueryStatus } from '../../../../shared/ui/page-state';
import { applyServerErrors } from '../../../../shared/lib/server-errors';
import { useAccessRequests, useGrants } from '../api/queries';
import { AccessRequests } from './access-requests';
import { GrantForm } from './grant-form';
import { GrantsTable } from './grants-table';

/** 'Access' tab, administrators only: grants, new grant, pending requests. */
export function AccessPanel({ personId }: { personId: string }) {
  const { t } = useTranslation('population');
  const grants = useGrants(personId);
  const requests = useAccessRequests(personId);

  return (
    <Stack gap="md">
      {requests.isError ? (
        <Alert color="red">{applyServerErrors(requests.error, t)}</Alert>
      ) : (
        requests.data && <AccessRequests personId={personId} requests={requests.data} />
      )}
      <Paper withBorder p="md">
        <Title order={2} size="h5" mb="sm">
          {t('access.grants_title')}
        </Title>
        <QueryStatus query={grants} />
        {grants.data && <GrantsTable personId={personId} grants={grants.data} />}
      </Paper>
      <GrantForm personId={personId} />
    </Stack>
  );
}
