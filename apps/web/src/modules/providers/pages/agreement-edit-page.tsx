import { Stack } from '@mantine/core';
import { useNavigate, useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../shared/lib/notify';
import { BackHeader } from '../../../shared/ui/back-header';
import { PageError, PageLoader } from '../../../shared/ui/page-state';
import { useUpdateAgreement } from '../api/mutations';
import { useAgreement } from '../api/queries';
import { AgreementForm } from '../components/agreement-form';
import { toAgreementFormValues, type AgreementFormOutput } from '../components/agreement-form-values';
import { AgreementStateBadge } from '../components/agreement-state-badge';
import { AgreementUses } from '../components/agreement-uses';

/**
 * Edits a framework agreement (`/configuration/providers/$id/agreements/edit/$agreement`): its items keep their
 * ids, so the requests that used them stay linked; 409 when someone saved first. Below the form, the requests
 * whose quotes took its prices.
 */
export function AgreementEditPage() {
  const { t } = useTranslation('providers');
  const navigate = useNavigate();
  const { id, agreement: agreementId } = useParams({
    from: '/app/configuration/providers/$id/agreements/edit/$agreement',
  });
  const agreement = useAgreement(id, agreementId);
  const update = useUpdateAgreement(id, agreementId);

  if (agreement.isPending) return <PageLoader />;
  if (agreement.isError) return <PageError error={agreement.error} onRetry={() => void agreement.refetch()} />;

  const { reference, providerName, state, version } = agreement.data;
  const title = t('providers:agreements.editTitle', { reference, name: providerName });
  const save = async (values: AgreementFormOutput) => {
    await update.mutateAsync({ ...values, version });
    notifySuccess(t('providers:agreements.updated'));
    await navigate({ to: '/configuration/providers/$id/agreements', params: { id } });
  };
  return (
    <Stack gap="md">
      <BackHeader
        title={title}
        badge={<AgreementStateBadge state={state} />}
        back={{ to: '/configuration/providers/$id/agreements', params: { id } }}
        backLabel={t('providers:agreements.back')}
      />
      <AgreementForm
        key={version}
        providerId={id}
        label={title}
        initialValues={toAgreementFormValues(agreement.data)}
        onSubmit={save}
        saving={update.isPending}
      />
      <AgreementUses providerId={id} agreementId={agreementId} />
    </Stack>
  );
}
