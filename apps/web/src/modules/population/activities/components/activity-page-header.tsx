import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BackHeader } from '../../../../shared/ui/back-header';

/** An activity page's header, with a way back to the activities list. */
export function ActivityPageHeader({ title, actions }: { title: ReactNode; actions?: ReactNode }) {
  const { t } = useTranslation('activities');
  return (
    <BackHeader
      title={title}
      back={{ to: '/population/activities/list' }}
      backLabel={t('actions.back_to_list')}
      actions={actions}
    />
  );
}
