import { Alert } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/lib/format';
import { useCancelEmailChange } from '../api/mutations';
import { LinkActionPage } from '../components/link-action-page';

/**
 * `/email-change/cancel/$token`: the owner did not make the change of their e-mail (issue 23 item 1); pressing
 * the button restores the old address and locks the account.
 */
export function EmailCancelPage() {
  const { t } = useTranslation('auth');
  const { token } = useParams({ from: '/open/email-change/cancel/$token' });
  const cancel = useCancelEmailChange();
  return (
    <LinkActionPage
      title={t('auth:emailCancel.title')}
      subtitle={t('auth:emailCancel.subtitle')}
      explain={t('auth:emailCancel.explain')}
      submitLabel={t('auth:emailCancel.submit')}
      submitColor="red"
      onSubmit={() => cancel.mutate({ token })}
      pending={cancel.isPending}
      error={cancel.error}
      done={
        cancel.isSuccess && (
          <Alert color="teal" icon={<IconLock size={18} />} role="status">
            {t('auth:emailCancel.done', {
              email: cancel.data.email,
              until: formatDateTime(cancel.data.lockedUntil),
            })}
          </Alert>
        )
      }
    />
  );
}
