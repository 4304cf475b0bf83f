import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { VoucherMovementKind, VoucherRangeState } from '@amparo/shared/modules/vouchers.schema';

/** A range's state: expiring ranges with vouchers left stand out in orange (issue 26 section 2). */
const STATE_COLORS: Record<VoucherRangeState, string> = {
  valid: 'teal',
  expiring: 'orange',
  expired: 'red',
  exhausted: 'gray',
  inactive: 'gray',
};

export function VoucherStateBadge({ state }: { state: VoucherRangeState }) {
  const { t } = useTranslation('vouchers');
  return (
    <Badge color={STATE_COLORS[state]} variant={state === 'expiring' ? 'filled' : 'light'}>
      {t(`vouchers:states.${state}`)}
    </Badge>
  );
}

const MOVEMENT_COLORS: Record<VoucherMovementKind, string> = {
  reserved: 'blue',
  used: 'teal',
  returned: 'cyan',
  released: 'gray',
  voided: 'red',
};

/** What happened to a number. */
export function VoucherMovementBadge({ kind }: { kind: VoucherMovementKind }) {
  const { t } = useTranslation('vouchers');
  return (
    <Badge color={MOVEMENT_COLORS[kind]} variant="light">
      {t(`vouchers:movements.kinds.${kind}`)}
    </Badge>
  );
}
