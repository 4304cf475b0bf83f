import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BackHeader } from '../../../../shared/ui/back-header';

/** A person page's header, with a way back to the persons list. */
export function PageHeader({ title, actions, badge }: { title: ReactNode; actions?: ReactNode; badge?: ReactNode }) {
  const { t } = useTranslation('population');
  return (
    <BackHeader
      title={title}
      back={{ to: '/population/served/list' }}
      backLabel={t('actions.back_to_list')}
      badge={badge}
      actions={actions}
    />
  );
}
