import { IconContract } from '@tabler/icons-react';
import { useNavigate, useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../shared/lib/notify';
import { PageHeader } from '../../../shared/ui/page-header';
import { PageError, PageLoader } from '../../../shared/ui/page-state';
import { ButtonLink } from '../../../shared/ui/router-links/button-link';
import { useUpdateProvider } from '../api/mutations';
import { useProvider } from '../api/queries';
import { ProviderForm } from '../components/provider-form';
import { toProviderFormValues, type ProviderFormOutput } from '../components/provider-form-values';

/** Configuración › Proveedores › edit (`/configuration/providers/edit/$id`); 409 when someone saved first. */
export function ProviderEditPage() {
  const { t } = useTranslation('providers');
  const navigate = useNavigate();
  const { id } = useParams({ from: '/app/configuration/providers/edit/$id' });
  const provider = useProvider(id);
  const update = useUpdateProvider(id);

  if (provider.isPending) return <PageLoader />;
  if (provider.isError) return <PageError error={provider.error} onRetry={() => void provider.refetch()} />;

  const { name, version } = provider.data;
  const title = t('providers:editTitle', { name });
  const save = async (values: ProviderFormOutput) => {
    await update.mutateAsync({ ...values, version });
    notifySuccess(t('providers:updated'));
    await navigate({ to: '/configuration/providers/list' });
  };
  return (
    <>
      <PageHeader
        title={title}
        actions={
          <ButtonLink
            to="/configuration/providers/$id/agreements"
            params={{ id }}
            variant="default"
            leftSection={<IconContract size={16} />}
          >
            {t('providers:agreements.link')}
          </ButtonLink>
        }
      />
      <ProviderForm
        key={version}
        label={title}
        initialValues={toProviderFormValues(provider.data)}
        onSubmit={save}
        saving={update.isPending}
      />
    </>
  );
}
