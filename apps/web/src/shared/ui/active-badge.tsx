import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function ActiveBadge({ active }: { active: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge color={active ? 'teal' : 'gray'} variant="light">
      {t(active ? 'common:status.active' : 'common:status.inactive')}
    </Badge>
  );
}
