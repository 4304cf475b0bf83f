import { Alert, Stack } from '@mantine/core';
import { useNavigate, useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../shared/lib/notify';
import { BackHeader } from '../../../shared/ui/back-header';
import { PageError, PageLoader } from '../../../shared/ui/page-state';
import { useUpdateRequest } from '../api/mutations';
import { useExpenseRequest } from '../api/queries';
import { RequestStatusBadge } from '../components/request-badges';
import { RequestForm } from '../components/request-form';
import { toRequestFormValues, type RequestFormOutput } from '../components/request-form-values';

/**
 * Edits a request while it is `solicitado` (`/execution/requests/$request/edit`): the same form, prefilled; its
 * type and month stay. 409 when someone saved first (the form reloads with the new version) or when it moved on.
 */
export function RequestEditPage() {
  const { t } = useTranslation('execution');
  const navigate = useNavigate();
  const { request: id } = useParams({ from: '/app/execution/requests/$request/edit' });
  const request = useExpenseRequest(id);
  const update = useUpdateRequest(id);

  if (request.isPending) return <PageLoader />;
  if (request.isError) return <PageError error={request.error} onRetry={() => void request.refetch()} />;

  const saved = request.data;
  const title = t('execution:editPage.title', { number: saved.number });
  const save = async (values: RequestFormOutput) => {
    const { type: _type, ...body } = values;
    const result = await update.mutateAsync({ ...body, version: saved.version });
    notifySuccess(t('execution:updated', { number: result.number }));
    await navigate({ to: '/execution/requests/$request', params: { request: id } });
  };
  return (
    <Stack>
      <BackHeader
        title={title}
        badge={<RequestStatusBadge status={saved.status} size="lg" />}
        back={{ to: '/execution/requests/$request', params: { request: id } }}
        backLabel={t('execution:backToRequest')}
      />
      {saved.status !== 'solicitado' ? (
        <Alert color="orange">{t('execution:editPage.notEditable')}</Alert>
      ) : (
        <RequestForm
          key={saved.version}
          type={saved.type}
          year={saved.year}
          month={saved.month}
          label={title}
          initialValues={toRequestFormValues(saved)}
          saved={saved}
          onSubmit={save}
          saving={update.isPending}
        />
      )}
    </Stack>
  );
}
