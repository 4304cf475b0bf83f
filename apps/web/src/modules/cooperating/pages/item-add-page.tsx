import { useNavigate, useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { cooperatingItemInput } from '@amparo/shared/modules/cooperating.schema';
import { notifySuccess } from '../../../shared/lib/notify';
import { BackHeader } from '../../../shared/ui/back-header';
import { PageError, PageLoader } from '../../../shared/ui/page-state';
import { useCreateCooperatingItem } from '../api/mutations';
import { useCooperating } from '../api/queries';
import { EMPTY_ITEM, ItemForm, type ItemValues } from '../components/item-form';

/** A new item of a cooperating (`/configuration/cooperating/$id/item/add`, spec section 2). */
export function CooperatingItemAddPage() {
  const { t } = useTranslation('cooperating');
  const navigate = useNavigate();
  const { id } = useParams({ from: '/app/configuration/cooperating/$id/item/add' });
  const cooperating = useCooperating(id);
  const create = useCreateCooperatingItem(id);

  if (cooperating.isPending) return <PageLoader />;
  if (cooperating.isError) return <PageError error={cooperating.error} onRetry={() => void cooperating.refetch()} />;

  const save = async (values: ItemValues) => {
    await create.mutateAsync(cooperatingItemInput.parse(values));
    notifySuccess(t('cooperating:items.created'));
    await navigate({ to: '/configuration/cooperating/$id/items', params: { id } });
  };
  return (
    <>
      <BackHeader
        title={t('cooperating:items.addTitle', { name: cooperating.data.name })}
        back={{ to: '/configuration/cooperating/$id/items', params: { id } }}
        backLabel={t('cooperating:items.back')}
      />
      <ItemForm cooperatingId={id} initialValues={EMPTY_ITEM} onSubmit={save} saving={create.isPending} />
    </>
  );
}
