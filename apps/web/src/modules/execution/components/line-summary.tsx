import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { LineAvailability } from '@amparo/shared/modules/execution.schema';
import { money, moneyString } from '@amparo/shared/money';
import { Grid } from '../../../shared/ui/grid';
import { Money } from '../../../shared/ui/format';
import { requestedByLine, type RequestItemValues } from './request-form-values';

interface LineSummaryProps {
  items: RequestItemValues[];
  /** The month named ('marzo 2026'). */
  monthName: string;
  known: ReadonlyMap<string, LineAvailability>;
  availableOf: (line: LineAvailability) => string;
  /** Editing: the available amounts include what the request already holds. */
  editing: boolean;
}

/**
 * What the items ask of each line chosen against what the line has available in the month, as the user types:
 * a line asked for more stands out with its excess (the server's control decides: a warning or a stop).
 */
export function LineSummary({ items, monthName, known, availableOf, editing }: LineSummaryProps) {
  const { t } = useTranslation('execution');
  const rows = requestedByLine(items).map((row) => {
    const line = known.get(row.lineId);
    const available = line ? availableOf(line) : null;
    const excess = available === null ? null : money(row.amount).minus(available);
    return {
      ...row,
      description: line?.description ?? '',
      available,
      over: excess !== null && excess.greaterThan(0) ? moneyString(excess) : null,
    };
  });
  return (
    <div>
      <Text fw={500} size="sm" mb={4}>
        {t('execution:summary.title', { month: monthName })}
      </Text>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('execution:summary.empty')}
        </Text>
      ) : (
        <Grid
          label={t('execution:summary.label')}
          rows={rows}
          rowKey={(row) => row.lineId}
          minWidth={640}
          rowHeader={{ header: t('execution:summary.line'), cell: (row) => row.description }}
          rowProps={(row) => ({ 'data-over': row.over ? 'true' : undefined })}
          columns={[
            {
              id: 'requested',
              header: t('execution:summary.requested'),
              align: 'right',
              width: 150,
              cell: (row) => (
                <Text size="sm" c={row.over ? 'red.8' : undefined} fw={row.over ? 700 : undefined}>
                  <Money value={row.amount} />
                </Text>
              ),
            },
            {
              id: 'available',
              header: t('execution:summary.available'),
              align: 'right',
              width: 150,
              cell: (row) => <Money value={row.available} />,
            },
            {
              id: 'status',
              header: t('execution:summary.status'),
              width: 220,
              cell: (row) =>
                row.over ? (
                  <Text size="sm" c="red.8" fw={700}>
                    {t('execution:summary.over', { amount: row.over })}
                  </Text>
                ) : row.available !== null ? (
                  <Text size="sm" c="teal.8">
                    {t('execution:summary.ok')}
                  </Text>
                ) : null,
            },
          ]}
        />
      )}
      {editing && rows.length > 0 && (
        <Text size="xs" c="dimmed" mt={4}>
          {t('execution:summary.ownHint')}
        </Text>
      )}
    </div>
  );
}
