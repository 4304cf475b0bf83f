import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../shared/lib/notify';
import { PageHeader } from '../../../shared/ui/page-header';
import { useCreateVoucherRange } from '../api/mutations';
import { VoucherForm } from '../components/voucher-form';
import { emptyVoucherValues, type VoucherFormOutput } from '../components/voucher-form-values';

/** Configuración › Vales › add (`/configuration/vouchers/add`); then back to the list. */
export function VoucherAddPage() {
  const { t } = useTranslation('vouchers');
  const navigate = useNavigate();
  const create = useCreateVoucherRange();
  const save = async (values: VoucherFormOutput) => {
    await create.mutateAsync(values);
    notifySuccess(t('vouchers:created'));
    await navigate({ to: '/configuration/vouchers/list' });
  };
  return (
    <>
      <PageHeader title={t('vouchers:addTitle')} />
      <VoucherForm
        label={t('vouchers:addTitle')}
        initialValues={emptyVoucherValues()}
        onSubmit={save}
        saving={create.isPending}
      />
    </>
  );
}
