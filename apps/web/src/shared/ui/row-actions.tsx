import { ActionIcon, Group } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { LinkOptions, RegisteredRouter, ValidateLinkOptions } from '@tanstack/react-router';
import { ActionIconLink } from './router-links/action-icon-link';
import { LazyTooltip } from './lazy-tooltip/lazy-tooltip';

interface RowActionsProps<TRouter extends RegisteredRouter, TOptions> {
  /** Record name, so each icon button has a unique accessible name ('Editar Sede central'). */
  name: string;
  /** Where the edit button goes, checked like `<Link>`'s props: `{ to: '/x/edit/$id', params: { id } }`. */
  edit?: ValidateLinkOptions<TRouter, TOptions>;
  onEdit?: () => void;
  onDelete?: () => void;
}

/** Edit and delete icon buttons of a table row. */
export function RowActions<TRouter extends RegisteredRouter = RegisteredRouter, TOptions = unknown>({
  name,
  edit,
  onEdit,
  onDelete,
}: RowActionsProps<TRouter, TOptions>) {
  const { t } = useTranslation();
  const editLabel = `${t('common:actions.edit')} ${name}`;
  const deleteLabel = `${t('common:actions.delete')} ${name}`;
  return (
    <Group gap={4} wrap="nowrap">
      {edit && (
        <LazyTooltip label={t('common:actions.edit')}>
          <ActionIconLink {...(edit as LinkOptions)} variant="subtle" aria-label={editLabel}>
            <IconPencil size={18} />
          </ActionIconLink>
        </LazyTooltip>
      )}
      {onEdit && (
        <LazyTooltip label={t('common:actions.edit')}>
          <ActionIcon variant="subtle" onClick={onEdit} aria-label={editLabel}>
            <IconPencil size={18} />
          </ActionIcon>
        </LazyTooltip>
      )}
      {onDelete && (
        <LazyTooltip label={t('common:actions.delete')}>
          <ActionIcon variant="subtle" color="red" onClick={onDelete} aria-label={deleteLabel}>
            <IconTrash size={18} />
          </ActionIcon>
        </LazyTooltip>
      )}
    </Group>
  );
}
