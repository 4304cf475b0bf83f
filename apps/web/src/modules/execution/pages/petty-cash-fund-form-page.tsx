import { Stack } from '@mantine/core';
import type { z } from 'zod';
import { useNavigate, useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { pettyCashFundInput, pettyCashFundUpdate } from '@amparo/shared/modules/petty-cash.schema';
import { notifySuccess } from '../../../shared/lib/notify';
import { BackHeader } from '../../../shared/ui/back-header';
import { PageError, PageLoader } from '../../../shared/ui/page-state';
import { useCreatePettyCashFund, usePettyCashFund, useUpdatePettyCashFund } from '../api/petty-cash';
import { PettyCashFundForm, type PettyCashFundOutput } from '../components/petty-cash-fund-form';

/** Ejecución › Caja chica › add (`/execution/petty-cash/add`, administration); saved, the fund's page opens. */
export function PettyCashFundAddPage() {
  const { t } = useTranslation('execution');
  const navigate = useNavigate();
  const create = useCreatePettyCashFund();
  const title = t('execution:pettyCash.addTitle');
  const save = async (values: PettyCashFundOutput) => {
    const saved = await create.mutateAsync(values as z.output<typeof pettyCashFundInput>);
    notifySuccess(t('execution:pettyCash.created', { name: saved.headquarterName }));
    await navigate({ to: '/execution/petty-cash/$fund', params: { fund: saved.id } });
  };
  return (
    <Stack>
      <BackHeader title={title} back={{ to: '/execution/petty-cash/list' }} backLabel={t('execution:pettyCash.back')} />
      <PettyCashFundForm label={title} onSubmit={save} saving={create.isPending} />
    </Stack>
  );
}

/**
 * Ejecución › Caja chica › edit (`/execution/petty-cash/$fund/edit`, administration): the custodian, amount, notes
 * and active flag; 409 when someone saved first (the form reloads with the new version).
 */
export function PettyCashFundEditPage() {
  const { t } = useTranslation('execution');
  const navigate = useNavigate();
  const { fund: id } = useParams({ from: '/app/execution/petty-cash/$fund/edit' });
  const fund = usePettyCashFund(id);
  const update = useUpdatePettyCashFund(id);

  if (fund.isPending) return <PageLoader />;
  if (fund.isError) return <PageError error={fund.error} onRetry={() => void fund.refetch()} />;

  const title = t('execution:pettyCash.editTitle', { name: fund.data.headquarterName });
  const save = async (values: PettyCashFundOutput) => {
    const saved = await update.mutateAsync(values as z.output<typeof pettyCashFundUpdate>);
    notifySuccess(t('execution:pettyCash.updated', { name: saved.headquarterName }));
    await navigate({ to: '/execution/petty-cash/$fund', params: { fund: id } });
  };
  return (
    <Stack>
      <BackHeader
        title={title}
        back={{ to: '/execution/petty-cash/$fund', params: { fund: id } }}
        backLabel={t('execution:pettyCash.back')}
      />
      <PettyCashFundForm
        key={fund.data.version}
        label={title}
        saved={fund.data}
        onSubmit={save}
        saving={update.isPending}
      />
    </Stack>
  );
}
