import { IconCash, IconListDetails, IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../shared/ui/router-links/button-link';

type Page = 'edit' | 'items' | 'disbursements';

/** Links from one of a cooperating's pages (edit, items, disbursements) to the other two, for a header's actions. */
export function CooperatingLinks({ id, current }: { id: string; current: Page }) {
  const { t } = useTranslation(['cooperating', 'common']);
  return (
    <>
      {current !== 'edit' && (
        <ButtonLink
          to="/configuration/cooperating/edit/$id"
          params={{ id }}
          variant="default"
          leftSection={<IconPencil size={16} />}
        >
          {t('common:actions.edit')}
        </ButtonLink>
      )}
      {current !== 'items' && (
        <ButtonLink
          to="/configuration/cooperating/$id/items"
          params={{ id }}
          variant="default"
          leftSection={<IconListDetails size={16} />}
        >
          {t('cooperating:actions.items')}
        </ButtonLink>
      )}
      {current !== 'disbursements' && (
        <ButtonLink
          to="/configuration/cooperating/$id/disbursements"
          params={{ id }}
          variant="default"
          leftSection={<IconCash size={16} />}
        >
          {t('cooperating:actions.disbursements')}
        </ButtonLink>
      )}
    </>
  );
}
