import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../shared/lib/notify';
import { PageHeader } from '../../../shared/ui/page-header';
import { useCreateHeadquarter } from '../api/mutations';
import { EMPTY_HEADQUARTER, HeadquarterForm, type HeadquarterValues } from '../components/headquarter-form';

export function HeadquarterAddPage() {
  const { t } = useTranslation('headquarters');
  const navigate = useNavigate();
  const create = useCreateHeadquarter();
  const save = async (values: HeadquarterValues) => {
    await create.mutateAsync(values);
    notifySuccess(t('headquarters:created'));
    await navigate({ to: '/configuration/headquarter/list' });
  };
  return (
    <>
      <PageHeader title={t('headquarters:addTitle')} />
      <HeadquarterForm initialValues={EMPTY_HEADQUARTER} onSubmit={save} saving={create.isPending} />
    </>
  );
}
