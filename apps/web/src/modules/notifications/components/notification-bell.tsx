import { Indicator } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useUnreadCount } from '../api/queries';
import { ActionIconLink } from '../../../shared/ui/router-links/action-icon-link';

/** The top bar's bell: the unread count as a badge; opens the notifications page. */
export function NotificationBell() {
  const { t } = useTranslation();
  const count = useUnreadCount().data?.count ?? 0;
  const label = count > 0 ? t('common:notifications.unread', { count }) : t('common:notifications.none');
  return (
    <Indicator label={count > 99 ? '99+' : count} size={18} disabled={count === 0} color="red" offset={4}>
      <ActionIconLink to="/notifications" variant="default" size="lg" aria-label={label} title={label}>
        <IconBell size={18} aria-hidden />
      </ActionIconLink>
    </Indicator>
  );
}
