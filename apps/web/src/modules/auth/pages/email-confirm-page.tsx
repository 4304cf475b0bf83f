import { Alert } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useConfirmEmailChange } from '../api/mutations';
import { LinkActionPage } from '../components/link-action-page';

/** `/email-confirm/$token`: applies an own e-mail change (issue 9 item 1). */
export function EmailConfirmPage() {
  const { t } = useTranslation('auth');
  const { token } = useParams({ from: '/open/email-confirm/$token' });
  const confirm = useConfirmEmailChange();
  return (
    <LinkActionPage
      title={t('auth:emailConfirm.title')}
      subtitle={t('auth:emailConfirm.subtitle')}
      submitLabel={t('auth:emailConfirm.submit')}
      onSubmit={() => confirm.mutate({ token })}
      pending={confirm.isPending}
      error={confirm.error}
      done={
        confirm.isSuccess && (
          <Alert color="teal" icon={<IconCircleCheck size={18} />} role="status">
            {t('auth:emailConfirm.done', { email: confirm.data.email })}
          </Alert>
        )
      }
    />
  );
}
