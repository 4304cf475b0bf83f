import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ConflictAlert } from './conflict-alert';

interface RecordFormActionsProps {
  /** Someone saved the record first (409 `stale`): say so, offer to reload, and refuse to save over it. */
  conflict: boolean;
  onReload: () => void;
  onCancel: () => void;
  saving: boolean;
}

/** The foot of a case-file record form: the stale-version alert, then Cancel and Save. */
export function RecordFormActions({ conflict, onReload, onCancel, saving }: RecordFormActionsProps) {
  const { t } = useTranslation('population');
  return (
    <>
      {conflict && <ConflictAlert onReload={onReload} />}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel} disabled={saving}>
          {t('actions.cancel')}
        </Button>
        <Button type="submit" loading={saving} disabled={conflict}>
          {t('actions.save')}
        </Button>
      </Group>
    </>
  );
}
