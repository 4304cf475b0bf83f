import { Alert, Button, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { applyServerErrors } from '../../../shared/lib/server-errors';
import { useConfirmEmailChange } from '../api/mutations';
import { AnchorLink } from '../../../shared/ui/router-links/anchor-link';

/**
 * `/email-confirm/$token`: applies an own e-mail change. A button, not an
 * automatic call, so a mail scanner opening the link does not spend it.
 */
export function EmailConfirmPage() {
  const { t } = useTranslation('auth');
  const { token } = useParams({ from: '/open/email-confirm/$token' });
  const confirm = useConfirmEmailChange();

  return (
    <Center mih="60vh" p="xl">
      <Paper withBorder p="xl" maw={480} w="100%">
        <Stack>
          <div>
            <Title order={2} size="h3">
              {t('auth:emailConfirm.title')}
            </Title>
            <Text c="dimmed" size="sm">
              {t('auth:emailConfirm.subtitle')}
            </Text>
          </div>
          {confirm.isSuccess ? (
            <Alert color="teal" icon={<IconCircleCheck size={18} />} role="status">
              {t('auth:emailConfirm.done', { email: confirm.data.email })}
            </Alert>
          ) : (
            <>
              {confirm.error && (
                <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
                  {applyServerErrors(confirm.error, t)}
                </Alert>
              )}
              <Button onClick={() => confirm.mutate({ token })} loading={confirm.isPending} fullWidth>
                {t('auth:emailConfirm.submit')}
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
