import { useState } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ItemPicker } from './item-picker';

interface AssignItemModalProps {
  lineId: string;
  opened: boolean;
  onClose: () => void;
}

/**
 * 'Asignar rubro': picks a cooperating item (any active one, on the line or not yet) and opens its transaction
 * page for this line.
 */
export function AssignItemModal({ lineId, opened, onClose }: AssignItemModalProps) {
  const { t } = useTranslation('budget');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('budget:assignment.assign.title')}
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
    >
      {/* Its own component: the choice starts empty each time the dialog opens. */}
      <AssignItemForm lineId={lineId} onClose={onClose} />
    </Modal>
  );
}

function AssignItemForm({ lineId, onClose }: { lineId: string; onClose: () => void }) {
  const { t } = useTranslation('budget');
  const navigate = useNavigate();
  const [itemId, setItemId] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);

  const proceed = () => {
    if (!itemId) return setMissing(true);
    onClose();
    void navigate({
      to: '/budget/assignment/$expense/transaction/$cooperatingItem',
      params: { expense: lineId, cooperatingItem: itemId },
    });
  };

  return (
    <form
      noValidate
      aria-label={t('budget:assignment.assign.title')}
      onSubmit={(e) => {
        e.preventDefault();
        proceed();
      }}
    >
      <Stack>
        <Text size="sm" c="dimmed">
          {t('budget:assignment.assign.help')}
        </Text>
        <ItemPicker
          label={t('budget:assignment.fields.item')}
          placeholder={t('budget:assignment.picker.placeholder')}
          withAsterisk
          data-autofocus
          value={itemId}
          error={missing && !itemId ? t('errors:field.required') : undefined}
          onChange={(id) => {
            setItemId(id);
            setMissing(false);
          }}
          comboboxProps={{ withinPortal: true }}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit">{t('budget:assignment.assign.continue')}</Button>
        </Group>
      </Stack>
    </form>
  );
}
