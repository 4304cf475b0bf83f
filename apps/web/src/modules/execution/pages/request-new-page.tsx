import { Alert, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { RequestType } from '@amparo/shared/modules/execution.schema';
import { notifySuccess } from '../../../shared/lib/notify';
import { BackHeader } from '../../../shared/ui/back-header';
import { ButtonLink } from '../../../shared/ui/router-links/button-link';
import { useCreateRequest } from '../api/mutations';
import { RequestForm } from '../components/request-form';
import { emptyRequestValues, type RequestFormOutput, type RequestFormValues } from '../components/request-form-values';
import { monthLabel } from '../lib/labels';
import { parseMonthParam } from '../lib/month';

/**
 * A new request of one type on the planned month of the URL (`/execution/requests/add/<type>/$month`, 'YYYY-MM'):
 * a month that is not one shows what is wrong and the way back to the choice. Saved, the request opens.
 */
function RequestNewPage({ type, initialValues }: { type: RequestType; initialValues?: RequestFormValues }) {
  const { t } = useTranslation('execution');
  const navigate = useNavigate();
  const { month: param = '' } = useParams({ strict: false });
  const planned = parseMonthParam(param);
  const create = useCreateRequest();
  const title = t(`execution:newPage.title_${type}`);

  const header = (
    <BackHeader
      title={planned ? `${title} · ${monthLabel(t, planned.year, planned.month)}` : title}
      back={{ to: '/execution/requests/add' }}
      backLabel={t('execution:newPage.change')}
    />
  );
  if (!planned)
    return (
      <Stack>
        {header}
        <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert">
          {t('execution:newPage.badMonth', { month: param })}
          <ButtonLink to="/execution/requests/add" display="block" mt="sm" size="xs" variant="light" color="red">
            {t('execution:newPage.change')}
          </ButtonLink>
        </Alert>
      </Stack>
    );

  const save = async (values: RequestFormOutput) => {
    const saved = await create.mutateAsync(values);
    notifySuccess(t('execution:created', { number: saved.number }));
    await navigate({ to: '/execution/requests/$request', params: { request: saved.id } });
  };
  return (
    <Stack>
      {header}
      <RequestForm
        type={type}
        year={planned.year}
        month={planned.month}
        label={title}
        initialValues={initialValues ?? emptyRequestValues()}
        onSubmit={save}
        saving={create.isPending}
      />
    </Stack>
  );
}

export const PurchaseOrderNewPage = () => <RequestNewPage type="purchase_order" />;
export const ReserveNewPage = () => <RequestNewPage type="reserve" />;
/** A replenishment, from the fund page's «Solicitar reposición» with its fund and count (`?fund=&count=`). */
export function PettyCashNewPage() {
  const search = useSearch({ from: '/app/execution/requests/add/petty-cash/$month' });
  const text = (v: unknown) => (typeof v === 'string' && v ? v : null);
  return (
    <RequestNewPage
      type="petty_cash"
      initialValues={emptyRequestValues({ fundId: text(search.fund), countId: text(search.count) })}
    />
  );
}
export const TravelExpensesNewPage = () => <RequestNewPage type="travel_expenses" />;
