import { useNavigate, useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../shared/lib/notify';
import { PageHeader } from '../../../shared/ui/page-header';
import { PageError, PageLoader } from '../../../shared/ui/page-state';
import { useUpdateVoucherRange } from '../api/mutations';
import { useVoucherRange } from '../api/queries';
import { VoucherForm } from '../components/voucher-form';
import {
  hasIssuedVouchers,
  rangeName,
  toVoucherFormValues,
  type VoucherFormOutput,
} from '../components/voucher-form-values';

/**
 * Configuración › Vales › edit (`/configuration/vouchers/edit/$id`): once a voucher of the range was issued, its
 * series and numbers are shown, not changed; 409 when someone saved first.
 */
export function VoucherEditPage() {
  const { t } = useTranslation('vouchers');
  const navigate = useNavigate();
  const { id } = useParams({ from: '/app/configuration/vouchers/edit/$id' });
  const range = useVoucherRange(id);
  const update = useUpdateVoucherRange(id);

  if (range.isPending) return <PageLoader />;
  if (range.isError) return <PageError error={range.error} onRetry={() => void range.refetch()} />;

  const { version } = range.data;
  const title = t('vouchers:editTitle', { name: rangeName(range.data) });
  const save = async (values: VoucherFormOutput) => {
    await update.mutateAsync({ ...values, version });
    notifySuccess(t('vouchers:updated'));
    await navigate({ to: '/configuration/vouchers/list' });
  };
  return (
    <>
      <PageHeader title={title} />
      <VoucherForm
        key={version}
        label={title}
        initialValues={toVoucherFormValues(range.data)}
        onSubmit={save}
        saving={update.isPending}
        numbersLocked={hasIssuedVouchers(range.data)}
      />
    </>
  );
}
