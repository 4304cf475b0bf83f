import { useState, type ReactNode } from 'react';
import { Badge, Box, Collapse, Group, Paper, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import {
  DndContext,
  DragOverlay,
  PointerSensor,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import { IconChevronDown, IconChevronRight, IconList, IconSettings } from '@tabler/icons-react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { CLOSED_TICKET_STATUSES, type BoardCard, type TicketStatus } from '@amparo/shared/modules/support.schema';
import { useContractSearch } from '../../../shared/lib/url-search';
import { PageHeader } from '../../../shared/ui/page-header';
import { PageError, PageLoader } from '../../../shared/ui/page-state';
import { ButtonLink } from '../../../shared/ui/router-links/button-link';
import { boardSearch, type BoardSearch } from '../api/list-search.contract';
import { useBoard, type Board } from '../api/queries';
import { StatusBadge } from '../components/badges';
import { CardBody, TicketCard } from '../components/board-card';
import { SupportDashboardCards } from '../components/support-dashboard';
import { useTicketTransition } from '../components/ticket-transitions';
import { TicketsFilters } from '../components/tickets-filters';

const COLUMN_WIDTH = 280;
/** Open columns share the width (generado → resuelto fit a 1366 px laptop) down to this (issue 24 section 6 item 3). */
const OPEN_COLUMN_MIN = 160;
const FOLDED_WIDTH = 136;
const CLOSED = new Set<string>(CLOSED_TICKET_STATUSES);

type Column = Board['columns'][number];

interface ColumnProps {
  column: Column;
  /** A card is being dragged: the column is a valid drop target for it, or not. */
  dragging: boolean;
  valid: boolean;
  /** An open column shares the board's width; a closed one fills its folding column. */
  open: boolean;
  children: ReactNode;
}

/** One status of the board; while a card is dragged it lights up if the card may go there, else it dims. */
function BoardColumn({ column, dragging, valid, open, children }: ColumnProps) {
  const { t } = useTranslation('support');
  const { setNodeRef, isOver } = useDroppable({ id: column.status, disabled: dragging && !valid });
  const headingId = `board-column-${column.status}`;
  const highlight = dragging && valid;
  return (
    <Paper
      ref={setNodeRef}
      component="section"
      aria-labelledby={headingId}
      withBorder
      p="sm"
      data-testid={`board-column-${column.status}`}
      data-drop-target={dragging ? String(valid) : undefined}
      miw={open ? OPEN_COLUMN_MIN : undefined}
      bg={isOver && valid ? 'var(--mantine-color-teal-light)' : 'var(--mantine-color-default-hover)'}
      style={{
        opacity: dragging && !valid ? 0.45 : 1,
        borderStyle: highlight ? 'dashed' : undefined,
        borderColor: highlight ? 'var(--mantine-color-teal-filled)' : undefined,
        borderWidth: highlight ? 2 : undefined,
        transition: 'opacity 120ms, background-color 120ms',
        flex: open ? '1 1 0' : undefined,
      }}
    >
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Title order={2} size="h5" id={headingId}>
          <StatusBadge status={column.status} />
        </Title>
        <Badge variant="default" aria-label={t('board.count', { count: column.total })}>
          {column.total}
        </Badge>
      </Group>
      {children}
      {column.total > column.cards.length && (
        <Text size="xs" c="dimmed" mt="xs">
          {t('board.shown', { shown: column.cards.length, total: column.total })}
        </Text>
      )}
    </Paper>
  );
}

/**
 * The closed statuses (finalizado, cancelado, rechazado) folded into one column: folded, their total; unfolded, or
 * while a card is dragged (they are drop targets), their columns one under the other.
 */
function ClosedColumns({ total, unfold, children }: { total: number; unfold: boolean; children: ReactNode }) {
  const { t } = useTranslation('support');
  const [opened, setOpened] = useState(false);
  const shown = opened || unfold;
  return (
    <Paper
      withBorder
      p="sm"
      w={shown ? COLUMN_WIDTH : FOLDED_WIDTH}
      miw={shown ? COLUMN_WIDTH : FOLDED_WIDTH}
      data-testid="board-closed"
    >
      <UnstyledButton
        onClick={() => setOpened((o) => !o)}
        aria-expanded={shown}
        aria-controls="board-closed-columns"
        w="100%"
      >
        <Group justify="space-between" wrap="nowrap" gap={4}>
          <Group gap={4} wrap="nowrap">
            {shown ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
            <Text fw={600} size="sm">
              {t('board.closed')}
            </Text>
          </Group>
          <Badge variant="default" aria-label={t('board.count', { count: total })}>
            {total}
          </Badge>
        </Group>
      </UnstyledButton>
      <Collapse expanded={shown} id="board-closed-columns">
        <Stack gap="sm" mt="sm">
          {children}
        </Stack>
      </Collapse>
    </Paper>
  );
}

/**
 * Soporte › Tablero (soporte_gestion): the queue by status, with the summary
 * on top. A card goes to another column only where one of its `allowed`
 * transitions leads (the server's answer); the drop takes it, asking for a
 * reason or an assignee first when needed. Every card's 'Mover a…' menu does
 * the same without a pointer.
 */
export function BoardPage() {
  const { t } = useTranslation('support');
  const navigate = useNavigate();
  const search = useContractSearch(boardSearch, useSearch({ from: '/app/support/board' }));
  const board = useBoard(search);
  const runner = useTicketTransition();
  const [active, setActive] = useState<BoardCard | null>(null);
  const [liveRegion, setLiveRegion] = useState<HTMLElement | null>(null);
  // A press becomes a drag after 6 px, so a click on the card's link or menu stays a click.
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 6 } }));
  const targets = new Set(active?.allowed.map((a) => a.to) ?? []);

  const update = (patch: Partial<BoardSearch>) =>
    void navigate({ to: '/support/board', search: { ...search, ...patch } });
  const cardOf = (id: string | number) => board.data?.columns.flatMap((c) => c.cards).find((c) => c.id === id) ?? null;
  const statusName = (id: string | number | undefined) => (id ? t(`status.${id as TicketStatus}`) : '');
  const announcements: Announcements = {
    onDragStart: ({ active: a }) => t('board.announce.start', { number: cardOf(a.id)?.number }),
    onDragOver: ({ active: a, over }) =>
      over
        ? t('board.announce.over', { number: cardOf(a.id)?.number, status: statusName(over.id) })
        : t('board.announce.overNone', { number: cardOf(a.id)?.number }),
    onDragEnd: ({ active: a, over }) =>
      over
        ? t('board.announce.end', { number: cardOf(a.id)?.number, status: statusName(over.id) })
        : t('board.announce.cancel', { number: cardOf(a.id)?.number }),
    onDragCancel: ({ active: a }) => t('board.announce.cancel', { number: cardOf(a.id)?.number }),
  };

  const onDragStart = ({ active: a }: DragStartEvent) => setActive((a.data.current?.card as BoardCard) ?? null);
  const onDragEnd = ({ over }: DragEndEvent) => {
    const card = active;
    setActive(null);
    if (!card || !over || over.id === card.status) return;
    const transition = card.allowed.find((a) => a.to === over.id);
    if (transition) runner.start(card, transition);
  };

  const openColumns = board.data?.columns.filter((c) => !CLOSED.has(c.status)) ?? [];
  const closedColumns = board.data?.columns.filter((c) => CLOSED.has(c.status)) ?? [];
  const renderColumn = (column: Column) => (
    <BoardColumn
      key={column.status}
      column={column}
      dragging={active !== null}
      valid={targets.has(column.status)}
      open={!CLOSED.has(column.status)}
    >
      {column.cards.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('board.empty')}
        </Text>
      ) : (
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
          {column.cards.map((card) => (
            <TicketCard key={card.id} card={card} onMove={runner.start} />
          ))}
        </Stack>
      )}
    </BoardColumn>
  );

  return (
    <Stack gap="lg">
      <PageHeader
        title={t('boardTitle')}
        description={t('board.help')}
        actions={
          <>
            <ButtonLink
              to="/support/tickets/list"
              search={{ scope: 'queue' }}
              variant="default"
              leftSection={<IconList size={16} />}
            >
              {t('actions.list')}
            </ButtonLink>
            <ButtonLink to="/support/settings" variant="default" leftSection={<IconSettings size={16} />}>
              {t('settingsTitle')}
            </ButtonLink>
          </>
        }
      />
      <SupportDashboardCards />
      <Paper withBorder p="md">
        <TicketsFilters search={search} queue board onChange={(patch) => update(patch as Partial<BoardSearch>)} />
      </Paper>
      {board.isError && <PageError error={board.error} onRetry={() => void board.refetch()} />}
      {!board.data ? (
        !board.isError && <PageLoader />
      ) : (
        <DndContext
          sensors={sensors}
          // Scrolls the board sideways near its edges while dragging, never the page up or down (the columns
          // would move away from under the pointer).
          autoScroll={{ threshold: { x: 0.15, y: 0 } }}
          onDragStart={onDragStart}
          onDragEnd={onDragEnd}
          onDragCancel={() => setActive(null)}
          accessibility={{
            announcements,
            container: liveRegion ?? undefined,
            screenReaderInstructions: { draggable: t('board.instructions') },
          }}
        >
          <Box
            role="region"
            aria-label={t('board.columns')}
            tabIndex={0}
            style={{ overflowX: 'auto' }}
            pb="sm"
            data-testid="board"
          >
            {/* Every column as tall as the longest: a card low in its column is dropped by moving sideways,
                not up to the top of a short column (which may be above the window). */}
            <Group align="stretch" wrap="nowrap" gap="sm">
              {openColumns.map(renderColumn)}
              <ClosedColumns total={closedColumns.reduce((sum, c) => sum + c.total, 0)} unfold={active !== null}>
                {closedColumns.map(renderColumn)}
              </ClosedColumns>
            </Group>
          </Box>
          <DragOverlay dropAnimation={null}>
            {active && (
              <Paper withBorder shadow="md" p="sm" w={COLUMN_WIDTH - 24} style={{ cursor: 'grabbing' }}>
                <CardBody card={active} />
              </Paper>
            )}
          </DragOverlay>
        </DndContext>
      )}
      <div ref={setLiveRegion} />
      {runner.dialog}
    </Stack>
  );
}
