import { Badge, type BadgeProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { RequestStatus } from '@amparo/shared/modules/execution.schema';

/** A request's status: blue along the path, teal once settled, red when rejected. */
const STATUS_COLORS: Record<RequestStatus, string> = {
  solicitado: 'blue',
  aprobado_jefe: 'indigo',
  aprobacion_superior: 'indigo',
  aprobacion: 'indigo',
  cuadro_comparativo_admin: 'violet',
  proveedor_seleccionado: 'violet',
  emision_cheque: 'cyan',
  liquidado_temp: 'teal',
  enviado_liquidacion: 'teal',
  aprobar_liquidacion: 'teal',
  rechazado: 'red',
};

export function RequestStatusBadge({ status, size }: { status: RequestStatus; size?: BadgeProps['size'] }) {
  const { t } = useTranslation('execution');
  return (
    <Badge color={STATUS_COLORS[status]} variant="light" size={size}>
      {t(`execution:statuses.${status}`)}
    </Badge>
  );
}

/** An urgent request stands out. */
export function UrgentBadge({ size }: { size?: BadgeProps['size'] }) {
  const { t } = useTranslation('execution');
  return (
    <Badge color="orange" variant="filled" size={size}>
      {t('execution:urgency.urgent')}
    </Badge>
  );
}
