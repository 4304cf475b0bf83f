import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../shared/lib/notify';
import { PageHeader } from '../../../shared/ui/page-header';
import { useCreateProvider } from '../api/mutations';
import { ProviderForm } from '../components/provider-form';
import { emptyProviderValues, type ProviderFormOutput } from '../components/provider-form-values';

/** Configuración › Proveedores › add (`/configuration/providers/add`); then back to the list. */
export function ProviderAddPage() {
  const { t } = useTranslation('providers');
  const navigate = useNavigate();
  const create = useCreateProvider();
  const save = async (values: ProviderFormOutput) => {
    await create.mutateAsync(values);
    notifySuccess(t('providers:created'));
    await navigate({ to: '/configuration/providers/list' });
  };
  return (
    <>
      <PageHeader title={t('providers:addTitle')} />
      <ProviderForm
        label={t('providers:addTitle')}
        initialValues={emptyProviderValues()}
        onSubmit={save}
        saving={create.isPending}
      />
    </>
  );
}
