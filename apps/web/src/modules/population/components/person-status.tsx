import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/lib/api';
import { applyServerErrors } from '../../../shared/lib/form';

/** A failed person load: 403 is the spec's 'No permission to view this profile', others their own message. */
export function PersonLoadError({ error }: { error: unknown }) {
  const { t } = useTranslation('population');
  const message = error instanceof ApiError && error.status === 403 ? t('errors:problem.no_person_access') : applyServerErrors(error, t);
  return <Alert color="red">{message}</Alert>;
}
