import { Alert, Badge } from '@mantine/core';
import { todayInGuatemala } from '@amparo/shared/format';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../shared/lib/api';
import { applyServerErrors } from '../../../../shared/lib/server-errors';

/** A failed person load: 403 is the spec's 'No permission to view this profile', others their own message. */
export function PersonLoadError({ error }: { error: unknown }) {
  const { t } = useTranslation('population');
  const message =
    error instanceof ApiError && error.status === 403
      ? t('errors:problem.no_person_access')
      : applyServerErrors(error, t);
  return <Alert color="red">{message}</Alert>;
}

/** Departed once the departure date has come (Guatemala's today), as the server's list filter counts it; a planned departure is still admitted. */
export const hasDeparted = (p: { departureDate: string | null }) =>
  !!p.departureDate && p.departureDate <= todayInGuatemala();

/** 'Ingresado' or 'Egresado' for a person or a list row. */
export function AdmissionBadge({ person }: { person: { departureDate: string | null } }) {
  const { t } = useTranslation('population');
  return hasDeparted(person) ? (
    <Badge color="gray" variant="light">
      {t('status.departed')}
    </Badge>
  ) : (
    <Badge color="teal" variant="light">
      {t('status.admitted')}
    </Badge>
  );
}
