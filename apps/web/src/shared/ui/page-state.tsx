import { Alert, Button, Center, Loader } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { applyServerErrors } from '../lib/server-errors';

export function PageLoader() {
  const { t } = useTranslation();
  return (
    <Center py="xl">
      <Loader role="status" aria-label={t('common:status.loading')} />
    </Center>
  );
}

/** A failed load: the translated problem and a retry button. */
export function PageError({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" icon={<IconAlertTriangle size={18} />} title={t('common:messages.loadError')}>
      {applyServerErrors(error, t)}
      {onRetry && (
        <Button display="block" mt="sm" size="xs" variant="light" color="red" onClick={onRetry}>
          {t('common:actions.retry')}
        </Button>
      )}
    </Alert>
  );
}

/** Inside a panel or tab: a small loader while the query is pending, the translated problem if it failed, else nothing. */
export function QueryStatus({ query }: { query: { isPending: boolean; isError: boolean; error: unknown } }) {
  const { t } = useTranslation();
  if (query.isPending) return <Loader size="sm" role="status" aria-label={t('common:status.loading')} />;
  if (query.isError) return <Alert color="red">{applyServerErrors(query.error, t)}</Alert>;
  return null;
}
