import { useNavigate, useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { cooperatingItemInput } from '@amparo/shared/modules/cooperating.schema';
import { notifySuccess } from '../../../shared/lib/notify';
import { BackHeader } from '../../../shared/ui/back-header';
import { PageError, PageLoader } from '../../../shared/ui/page-state';
import { useUpdateCooperatingItem } from '../api/mutations';
import { useCooperating, useCooperatingItem } from '../api/queries';
import { ItemForm, toItemValues, type ItemValues } from '../components/item-form';

/** Edits an item and its goals (`/configuration/cooperating/$id/item/edit/$item`); 409 when someone saved first. */
export function CooperatingItemEditPage() {
  const { t } = useTranslation('cooperating');
  const navigate = useNavigate();
  const { id, item: itemId } = useParams({ from: '/app/configuration/cooperating/$id/item/edit/$item' });
  const cooperating = useCooperating(id);
  const item = useCooperatingItem(id, itemId);
  const update = useUpdateCooperatingItem(id, itemId);

  if (cooperating.isPending || item.isPending) return <PageLoader />;
  if (cooperating.isError) return <PageError error={cooperating.error} onRetry={() => void cooperating.refetch()} />;
  if (item.isError) return <PageError error={item.error} onRetry={() => void item.refetch()} />;

  const { code, version } = item.data;
  const save = async (values: ItemValues) => {
    await update.mutateAsync({ ...cooperatingItemInput.parse(values), version });
    notifySuccess(t('cooperating:items.updated'));
    await navigate({ to: '/configuration/cooperating/$id/items', params: { id } });
  };
  return (
    <>
      <BackHeader
        title={t('cooperating:items.editTitle', { code, name: cooperating.data.name })}
        back={{ to: '/configuration/cooperating/$id/items', params: { id } }}
        backLabel={t('cooperating:items.back')}
      />
      <ItemForm
        key={version}
        cooperatingId={id}
        initialValues={toItemValues(item.data)}
        onSubmit={save}
        saving={update.isPending}
      />
    </>
  );
}
