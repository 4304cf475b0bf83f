import { Alert, Button, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconLock } from '@tabler/icons-react';
import { useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { applyServerErrors } from '../../../shared/lib/server-errors';
import { formatDateTime } from '../../../shared/lib/format';
import { useCancelEmailChange } from '../api/mutations';
import { AnchorLink } from '../../../shared/ui/router-links/anchor-link';

/**
 * `/email-change/cancel/$token`: the owner did not make the change of their
 * e-mail (issue 23 item 1). A button, not an automatic call, so a mail scanner
 * opening the link neither restores the address nor locks the account.
 */
export function EmailCancelPage() {
  const { t } = useTranslation('auth');
  const { token } = useParams({ from: '/open/email-change/cancel/$token' });
  const cancel = useCancelEmailChange();

  return (
    <Center mih="60vh" p="xl">
      <Paper withBorder p="xl" maw={520} w="100%">
        <Stack>
          <div>
            <Title order={2} size="h3">
              {t('auth:emailCancel.title')}
            </Title>
            <Text c="dimmed" size="sm">
              {t('auth:emailCancel.subtitle')}
            </Text>
          </div>
          {cancel.isSuccess ? (
            <Alert color="teal" icon={<IconLock size={18} />} role="status">
              {t('auth:emailCancel.done', {
                email: cancel.data.email,
                until: formatDateTime(cancel.data.lockedUntil),
              })}
            </Alert>
          ) : (
            <>
              <Text size="sm">{t('auth:emailCancel.explain')}</Text>
              {cancel.error && (
                <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
                  {applyServerErrors(cancel.error, t)}
                </Alert>
              )}
              <Button color="red" onClick={() => cancel.mutate({ token })} loading={cancel.isPending} fullWidth>
                {t('auth:emailCancel.submit')}
              </Button>
            </>
          )}
          <AnchorLink to="/" size="sm">
            {t('auth:status.home')}
          </AnchorLink>
        </Stack>
      </Paper>
    </Center>
  );
}
