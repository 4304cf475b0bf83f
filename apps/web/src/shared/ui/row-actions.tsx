import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

interface RowActionsProps {
  /** Record name, so each icon button has a unique accessible name ('Editar Sede central'). */
  name: string;
  editTo?: string;
  onEdit?: () => void;
  onDelete?: () => void;
}

/** Edit and delete icon buttons of a table row. */
export function RowActions({ name, editTo, onEdit, onDelete }: RowActionsProps) {
  const { t } = useTranslation();
  const editLabel = `${t('common:actions.edit')} ${name}`;
  const deleteLabel = `${t('common:actions.delete')} ${name}`;
  return (
    <Group gap={4} wrap="nowrap">
      {editTo && (
        <Tooltip label={t('common:actions.edit')}>
          <ActionIcon component={Link} to={editTo} variant="subtle" aria-label={editLabel}>
            <IconPencil size={18} />
          </ActionIcon>
        </Tooltip>
      )}
      {onEdit && (
        <Tooltip label={t('common:actions.edit')}>
          <ActionIcon variant="subtle" onClick={onEdit} aria-label={editLabel}>
            <IconPencil size={18} />
          </ActionIcon>
        </Tooltip>
      )}
      {onDelete && (
        <Tooltip label={t('common:actions.delete')}>
          <ActionIcon variant="subtle" color="red" onClick={onDelete} aria-label={deleteLabel}>
            <IconTrash size={18} />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}
