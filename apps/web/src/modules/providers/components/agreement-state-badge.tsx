import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AgreementState } from '@amparo/shared/modules/framework-agreements.schema';

const COLORS: Record<AgreementState, string> = {
  valid: 'teal',
  scheduled: 'blue',
  expired: 'orange',
  inactive: 'gray',
};

/** An agreement's state today, as the server says it: Vigente, Programado, Vencido or Inactivo. */
export function AgreementStateBadge({ state }: { state: AgreementState }) {
  const { t } = useTranslation('providers');
  return (
    <Badge color={COLORS[state]} variant="light">
      {t(`providers:agreements.states.${state}`)}
    </Badge>
  );
}
