import { ActionIcon, Badge, Center, Group, Image, Paper, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconEyeOff, IconTrash, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../shared/lib/format';
import { activityPhotoUrl, type ActivityPhoto } from '../api/queries';

interface Props {
  photo: ActivityPhoto;
  /** 1-based position, for accessible names. */
  n: number;
  activityName: string;
  /** The caller edits the activity (creator, facilitator, manager). */
  canDelete: boolean;
  /** The caller may say who is in it: an editor who may open it, or a manager. */
  canTag: boolean;
  onOpen: () => void;
  onTag: () => void;
  onDelete: () => void;
}

/**
 * One photo of the gallery. A photo the caller may not open (someone in it
 * lacks image-use consent) is a placeholder: the server refuses its bytes too.
 */
export function ActivityPhotoCard({ photo, n, activityName, canDelete, canTag, onOpen, onTag, onDelete }: Props) {
  const { t } = useTranslation('activities');
  const names = photo.persons.map((p) => p.names);
  if (photo.restrictedPersons > 0) names.push(`+${photo.restrictedPersons}`);
  return (
    <Stack gap={4}>
      {photo.canView ? (
        <UnstyledButton onClick={onOpen} aria-label={t('photos.open', { n })}>
          <Image
            src={activityPhotoUrl(photo.id, true)}
            alt={t('photos.alt', { n, name: activityName })}
            radius="sm"
            h={120}
            fit="cover"
            loading="lazy"
          />
        </UnstyledButton>
      ) : (
        <Paper
          withBorder
          radius="sm"
          h={120}
          bg="var(--mantine-color-default-hover)"
          role="img"
          aria-label={t('photos.hidden_placeholder')}
        >
          <Center h="100%" p="xs">
            <Stack gap={4} align="center">
              <IconEyeOff size={24} aria-hidden />
              <Text size="xs" ta="center">
                {t('photos.hidden_placeholder')}
              </Text>
            </Stack>
          </Center>
        </Paper>
      )}
      <Group gap={4}>
        {photo.hidden && photo.canView && (
          <Tooltip label={t('photos.hidden_help')} multiline w={220}>
            <Badge size="xs" color="orange" variant="light" tabIndex={0}>
              {t('photos.hidden_for_others')}
            </Badge>
          </Tooltip>
        )}
        {!photo.reviewed && (
          <Badge size="xs" color="gray" variant="light">
            {t('photos.not_reviewed')}
          </Badge>
        )}
      </Group>
      {photo.reviewed && (
        <Text size="xs">
          {names.length ? t('photos.in_photo', { names: names.join(', ') }) : t('photos.nobody_in_photo')}
        </Text>
      )}
      <Group justify="space-between" gap={4} wrap="nowrap">
        <Text size="xs" c="dimmed">
          {formatDateTime(photo.uploadedAt)}
        </Text>
        <Group gap={2} wrap="nowrap">
          {canTag && (
            <ActionIcon size="sm" variant="subtle" aria-label={t('photos.persons_button_n', { n })} onClick={onTag}>
              <IconUsers size={14} />
            </ActionIcon>
          )}
          {canDelete && (
            <ActionIcon
              size="sm"
              variant="subtle"
              color="red"
              aria-label={t('photos.delete_n', { n })}
              onClick={onDelete}
            >
              <IconTrash size={14} />
            </ActionIcon>
          )}
        </Group>
      </Group>
    </Stack>
  );
}
