import { Text } from '@mantine/core';
import { Trans, useTranslation } from 'react-i18next';
import type { CatalogName } from '@amparo/shared/modules/catalog-names';
import { useCurrentUser } from '../hooks/use-current-user';
import { can } from '../lib/session';
import { AnchorLink } from './router-links/anchor-link';

interface Props {
  /** The catalog that fills the picker. */
  catalog: CatalogName;
  /** The picker's label, named in the sentence ("Eje estratégico"). */
  label: string;
}

/**
 * Said under a picker whose catalog has no active item yet (a fresh install
 * has no axes or expense types, issue 24 section 6 item 4): a holder of
 * `configuracion_catalogos` gets a link to that catalog; anyone else is told
 * who can fill it. Place it as the Select's `description` when its options
 * have loaded and are empty.
 */
export function CatalogEmptyHint({ catalog, label }: Props) {
  const { t } = useTranslation('common');
  const user = useCurrentUser();
  if (!can(user, 'configuracion_catalogos'))
    return (
      <Text span size="xs" c="orange.8" data-testid={`empty-picker-${catalog}`}>
        {t('emptyPicker.ask', { label })}
      </Text>
    );
  return (
    <Text span size="xs" c="orange.8" data-testid={`empty-picker-${catalog}`}>
      <Trans
        t={t}
        i18nKey="emptyPicker.manage"
        values={{ label }}
        components={{
          catalogLink: <AnchorLink to="/configuration/catalogs" search={{ catalog }} size="xs" fw={600} />,
        }}
      />
    </Text>
  );
}
