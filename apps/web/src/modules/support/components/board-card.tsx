import type { ReactNode } from 'react';
import { ActionIcon, Group, Menu, Paper, Stack, Text } from '@mantine/core';
import { useDraggable } from '@dnd-kit/core';
import { IconArrowsMove, IconUser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { AllowedTicketTransition, BoardCard } from '@amparo/shared/modules/support.schema';
import { AnchorLink } from '../../../shared/ui/router-links/anchor-link';
import { BreachedBadge, LevelBadge, SlaLeft } from './badges';

interface CardProps {
  card: BoardCard;
  /** Takes one of the card's allowed transitions (the menu's and the drop's way). */
  onMove: (card: BoardCard, transition: AllowedTicketTransition) => void;
}

/**
 * One ticket on the board. It is dragged by the pointer to a column its
 * `allowed` transitions lead to; the 'Mover a…' menu offers the same moves to
 * keyboards and screen readers.
 */
export function TicketCard({ card, onMove }: CardProps) {
  const { setNodeRef, listeners, isDragging } = useDraggable({
    id: card.id,
    data: { card },
    disabled: card.allowed.length === 0,
  });
  return (
    <Paper
      component="li"
      ref={setNodeRef}
      {...listeners}
      withBorder
      p="sm"
      data-testid="board-card"
      data-ticket={card.number}
      style={{
        opacity: isDragging ? 0.4 : 1,
        cursor: card.allowed.length > 0 ? 'grab' : undefined,
        touchAction: 'manipulation',
        borderLeft: card.sla.breached ? '4px solid var(--mantine-color-red-filled)' : undefined,
      }}
    >
      <CardBody card={card} menu={card.allowed.length > 0 && <MoveMenu card={card} onMove={onMove} />} />
    </Paper>
  );
}

/** What a card shows (also the floating copy while it is dragged). */
export function CardBody({ card, menu }: { card: BoardCard; menu?: ReactNode }) {
  const { t } = useTranslation('support');
  return (
    <Stack gap={6}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        {/* Not a native link drag: a press on the number may start moving the card. */}
        <AnchorLink to="/support/tickets/$id" params={{ id: card.id }} fw={600} size="sm" draggable={false}>
          {card.number}
        </AnchorLink>
        {menu}
      </Group>
      <Text size="sm" fw={500} lineClamp={2} style={{ overflowWrap: 'anywhere' }} data-testid="card-subject">
        {card.subject}
      </Text>
      <Text size="xs" c="dimmed" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
        {card.descriptionPreview}
      </Text>
      <Group gap={4}>
        <LevelBadge level={card.priority} label={t('fields.priority')} />
        {card.sla.breached && <BreachedBadge />}
      </Group>
      <Group gap={4} wrap="nowrap">
        <IconUser size={14} aria-hidden />
        <Text size="xs" truncate>
          {card.assigneeName ?? t('view.unassigned')}
        </Text>
      </Group>
      <SlaLeft sla={card.sla} withBreached={false} />
    </Stack>
  );
}

function MoveMenu({ card, onMove }: CardProps) {
  const { t } = useTranslation('support');
  return (
    <Menu position="bottom-end" withinPortal trigger="click">
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          size="sm"
          aria-label={t('board.moveMenu', { number: card.number })}
          title={t('actions.moveTo')}
          // A press on the menu button is not the start of a drag.
          onPointerDown={(e) => e.stopPropagation()}
        >
          <IconArrowsMove size={16} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('actions.moveTo')}</Menu.Label>
        {card.allowed.map((a) => (
          <Menu.Item key={a.name} onClick={() => onMove(card, a)}>
            {t('board.moveItem', { status: t(`status.${a.to}`), action: t(`transition.${a.name}`) })}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
