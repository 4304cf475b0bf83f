import { Alert, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Shown in a form when the record changed since it was opened (409 `version_conflict`). */
export function ConflictAlert({ onReload, reloading }: { onReload: () => void; reloading?: boolean }) {
  const { t } = useTranslation('population');
  return (
    <Alert color="orange" title={t('form.conflict_title')}>
      <Group justify="space-between" wrap="wrap">
        <Text size="sm">{t('errors:problem.version_conflict')}</Text>
        <Button size="xs" variant="light" color="orange" loading={reloading} onClick={onReload}>
          {t('actions.reload')}
        </Button>
      </Group>
    </Alert>
  );
}
