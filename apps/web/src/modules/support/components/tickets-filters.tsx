import { Button, Group, Switch } from '@mantine/core';
import { IconFilterOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { TICKET_LEVELS, TICKET_STATUSES } from '@amparo/shared/modules/support.constants';
import { useCatalog } from '../../../shared/hooks/use-catalog';
import { ItemAgeSelect } from '../../../shared/ui/item-age-select';
import { SearchBox } from '../../../shared/ui/search-box';
import type { TicketListSearch } from '../api/list-search';
import { useAssignees } from '../api/queries';
import { LazySelect } from '../../../shared/ui/lazy-select/lazy-select';

type Filters = Pick<
  TicketListSearch,
  'q' | 'status' | 'type' | 'priority' | 'criticality' | 'assigneeId' | 'headquarterId' | 'age' | 'breached'
>;

interface Props {
  search: Partial<Filters>;
  /** The support queue also filters by assignee. */
  queue: boolean;
  /** The board: its columns are the statuses, and it filters neither by age nor by missed target. */
  board?: boolean;
  /** Any change of filter goes back to page 1. */
  onChange: (patch: Partial<Filters>) => void;
}

const FILTER_WIDTH = 180;
const NONE = 'none';

/** The tickets list's (or the board's) search and filters, all kept in the URL. */
export function TicketsFilters({ search, queue, board = false, onChange }: Props) {
  const { t } = useTranslation('support');
  const types = useCatalog('ticket_type');
  const headquarters = useCatalog('headquarter');
  const assignees = useAssignees(queue);
  const levels = TICKET_LEVELS.map((l) => ({ value: l, label: t(`level.${l}`) }));
  const active = !!(
    search.q ||
    search.status ||
    search.type ||
    search.priority ||
    search.criticality ||
    search.assigneeId ||
    search.headquarterId ||
    search.age ||
    search.breached
  );
  return (
    <Group align="flex-start" gap="sm" wrap="wrap">
      <SearchBox
        value={search.q}
        onSearch={(q) => onChange({ q })}
        label={t('list.searchLabel')}
        placeholder={t('list.searchPlaceholder')}
        clearLabel={t('list.clearSearch')}
      />
      {!board && (
        <LazySelect
          label={t('fields.status')}
          placeholder={t('list.any')}
          w={FILTER_WIDTH}
          clearable
          data={[
            {
              group: t('list.statusGroups'),
              items: [
                { value: 'open', label: t('statusGroup.open') },
                { value: 'closed', label: t('statusGroup.closed') },
              ],
            },
            { group: t('fields.status'), items: TICKET_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) })) },
          ]}
          value={search.status ?? null}
          onChange={(v) => onChange({ status: (v ?? undefined) as Filters['status'] })}
        />
      )}
      <LazySelect
        label={t('fields.type')}
        placeholder={t('list.any')}
        w={FILTER_WIDTH}
        clearable
        searchable
        nothingFoundMessage={t('common:status.empty')}
        data={types.data}
        value={search.type ?? null}
        onChange={(v) => onChange({ type: v ?? undefined })}
      />
      <LazySelect
        label={t('fields.priority')}
        placeholder={t('list.any')}
        w={140}
        clearable
        data={levels}
        value={search.priority ?? null}
        onChange={(v) => onChange({ priority: (v ?? undefined) as Filters['priority'] })}
      />
      <LazySelect
        label={t('fields.criticality')}
        placeholder={t('list.any')}
        w={140}
        clearable
        data={levels}
        value={search.criticality ?? null}
        onChange={(v) => onChange({ criticality: (v ?? undefined) as Filters['criticality'] })}
      />
      {queue && (
        <LazySelect
          label={t('fields.assignee')}
          placeholder={t('list.any')}
          w={FILTER_WIDTH}
          clearable
          searchable
          nothingFoundMessage={t('common:status.empty')}
          data={[
            { value: NONE, label: t('view.unassigned') },
            ...(assignees.data ?? []).map((a) => ({ value: a.id, label: a.fullName })),
          ]}
          value={search.assigneeId ?? null}
          onChange={(v) => onChange({ assigneeId: v ?? undefined })}
        />
      )}
      <LazySelect
        label={t('fields.headquarter')}
        placeholder={t('list.any')}
        w={FILTER_WIDTH}
        clearable
        searchable
        nothingFoundMessage={t('common:status.empty')}
        data={headquarters.data}
        value={search.headquarterId ?? null}
        onChange={(v) => onChange({ headquarterId: v ?? undefined })}
      />
      {!board && (
        <>
          <ItemAgeSelect value={search.age} onChange={(age) => onChange({ age })} />
          <Switch
            mt={32}
            label={t('list.breachedOnly')}
            checked={search.breached === 'true'}
            onChange={(e) => onChange({ breached: e.currentTarget.checked ? 'true' : undefined })}
          />
        </>
      )}
      {active && (
        <Button
          variant="subtle"
          mt={25}
          leftSection={<IconFilterOff size={16} />}
          onClick={() =>
            onChange({
              q: undefined,
              status: undefined,
              type: undefined,
              priority: undefined,
              criticality: undefined,
              assigneeId: undefined,
              headquarterId: undefined,
              age: undefined,
              breached: undefined,
            })
          }
        >
          {t('list.clearFilters')}
        </Button>
      )}
    </Group>
  );
}
