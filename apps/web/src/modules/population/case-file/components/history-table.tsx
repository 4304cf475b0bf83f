import { createContext, useContext, useState } from 'react';
import { Alert, Badge, Group, Loader, Pagination, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { applyServerErrors } from '../../../../shared/lib/server-errors';
import { DataTable, type DataColumn } from '../../../../shared/ui/data-table/data-table';
import { EMPTY, formatDateTime } from '../../../../shared/lib/format';
import { usePersonHistory, type AuditEntry } from '../../persons/api/queries';
import { CatalogText } from '../../shared/components/catalog-text';
import { formatLocalDateTime } from '../../../../shared/lib/format';
import { groupViews, type HistoryRow } from '../lib/history-groups';
import { ConsentValue } from './history-consent';

const PAGE_SIZE = 20;

/** Person fields whose values are catalog codes, so history shows labels, not codes. */
const FIELD_CATALOG: Record<string, string> = {
  sex: 'sex',
  civilStatus: 'civil_status',
  sexualOrientation: 'sexual_orientation',
  nationality: 'nationality',
  ethnicGroup: 'ethnic_group',
  linguisticCommunity: 'linguistic_community',
  academicDegree: 'academic_degree',
  disability: 'disability',
  bloodType: 'blood_type',
  bond: 'bond',
  perpetrator: 'bond',
  referrer: 'referrer',
  ageGroup: 'age_group',
  thematic: 'thematic',
  state: 'department',
  headquarterId: 'headquarter',
};

/** Case-file fields whose values are catalog codes (keys after 'link:<id>.', 'perpetrator:<id>.', 'attention:<id>.'). */
const CASE_FIELD_CATALOG: Record<string, string> = {
  bond: 'bond',
  sex: 'sex',
  thematic: 'thematic',
  reportedTo: 'report_institution',
  area: 'attention_area',
  modality: 'attention_modality',
};
type CaseKind = 'link' | 'perpetrator' | 'attention';
/** Keys (or key prefixes before ':') with their own label under history.fields. */
const HISTORY_FIELDS = new Set(['activity', 'activityPhoto', 'document', 'photo', 'reason', 'part', 'size']);

/** Names the server gave for the ids an entry mentions (users, persons the viewer may read, activities). */
const NamesContext = createContext<Record<string, string>>({});
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/** 'link:<id>.bond' → { kind: 'link', sub: 'bond' }; null for the person's own fields. */
function caseField(field: string): { kind: CaseKind; sub: string } | null {
  const m = /^(link|perpetrator|attention):[^.]+\.(.+)$/.exec(field);
  return m ? { kind: m[1] as CaseKind, sub: m[2]! } : null;
}

/**
 * Grant and request entries are keyed 'grant:<userId>' / 'request:<userId>'; the label is the kind.
 * Case-file entries are keyed 'link:<id>.<field>' (and perpetrator, attention): the kind and the field.
 */
function fieldLabel(t: (key: string, options?: Record<string, unknown>) => string, field: string) {
  const sub = caseField(field);
  if (sub)
    return `${t(`history.fields.${sub.kind}`)} · ${t(`history.case_fields.${sub.sub}`, { defaultValue: t(`fields.${sub.sub}`, { defaultValue: sub.sub }) })}`;
  const [kind, rest] = field.split(':') as [string, string | undefined];
  if (kind === 'grant' || kind === 'request') return t(`history.fields.${kind}`);
  if (kind === 'consent' && rest)
    return `${t('history.fields.consent')} · ${t(`consents.kinds.${rest}`, { defaultValue: rest })}`;
  if (HISTORY_FIELDS.has(kind)) return t(`history.fields.${kind}`);
  return t(`fields.${field}`, { defaultValue: field });
}

function Value({ field, value }: { field: string; value: unknown }) {
  const { t, i18n } = useTranslation('population');
  const names = useContext(NamesContext);
  // An id the server could name reads as the name (an activity, a professional, a linked person).
  if (typeof value === 'string') {
    const named = value.replace(UUID, (id) => names[id.toLowerCase()] ?? id);
    if (named !== value) return <>{named}</>;
  }
  if (value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0))
    return <>{EMPTY}</>;
  if (typeof value === 'boolean') return <>{value ? t('common.yes') : t('common.no')}</>;
  // What a 'view' entry read (issue 9 item 5): links, attentions, a search...
  if (field === 'part' && typeof value === 'string') return <>{t(`history.parts.${value}`, { defaultValue: value })}</>;
  const sub = caseField(field);
  if (sub) {
    const catalog = CASE_FIELD_CATALOG[sub.sub];
    if (catalog && Array.isArray(value)) {
      return (
        <>
          {value.map((v, i) => (
            <span key={String(v)}>
              {i > 0 && ', '}
              <CatalogText catalog={catalog} code={String(v)} />
            </span>
          ))}
        </>
      );
    }
    if (catalog && typeof value === 'string') return <CatalogText catalog={catalog} code={value} />;
    // attendedAt is recorded as 'YYYY-MM-DDTHH:mm', Guatemala time (an instant, if ever, is converted).
    if (sub.sub === 'attendedAt' && typeof value === 'string') {
      return <>{/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value) ? formatLocalDateTime(value) : formatDateTime(value)}</>;
    }
    if (Array.isArray(value)) return <>{value.map(String).join(', ')}</>;
    return <>{String(value)}</>;
  }
  // A municipality code starts with its department's code (INE).
  if (field === 'town' && typeof value === 'string')
    return <CatalogText catalog="municipality" parent={value.slice(0, 2)} code={value} />;
  if (field === 'country' && typeof value === 'string')
    return <>{new Intl.DisplayNames([i18n.language], { type: 'region' }).of(value) ?? value}</>;
  const catalog = FIELD_CATALOG[field];
  if (catalog && Array.isArray(value)) {
    return (
      <>
        {value.map((v, i) => (
          <span key={String(v)}>
            {i > 0 && ', '}
            <CatalogText catalog={catalog} code={String(v)} />
          </span>
        ))}
      </>
    );
  }
  if (catalog && typeof value === 'string') return <CatalogText catalog={catalog} code={value} />;
  if (Array.isArray(value)) return <>{value.map(String).join(', ')}</>;
  if (field.startsWith('consent:') && typeof value === 'object')
    return <ConsentValue value={value as Record<string, unknown>} names={names} />;
  if (typeof value === 'object') {
    // Grant or request details: each part with its own label.
    return (
      <>
        {Object.entries(value as Record<string, unknown>).map(([k, v], i) => (
          <span key={k}>
            {i > 0 && '; '}
            {t(`access.${k}`, { defaultValue: t(`fields.${k}`, { defaultValue: k }) })}: <Value field={k} value={v} />
          </span>
        ))}
      </>
    );
  }
  if (field.startsWith('request:'))
    return <>{t(`history.request_status.${String(value)}`, { defaultValue: String(value) })}</>;
  return <>{String(value)}</>;
}

function Changes({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation('population');
  const fields = Object.entries(entry.changes);
  if (fields.length === 0) return <>{EMPTY}</>;
  return (
    <NamesContext.Provider value={entry.names}>
      <Stack gap={2}>
        {fields.map(([field, { before, after }]) => (
          <Text key={field} size="xs">
            <Text span fw={600} size="xs">
              {fieldLabel(t, field)}:
            </Text>{' '}
            <Text span c="dimmed" size="xs">
              <Value field={field} value={before} />
            </Text>
            {' → '}
            <Value field={field} value={after} />
          </Text>
        ))}
      </Stack>
    </NamesContext.Provider>
  );
}

/** A run of views by one user: how many, and which parts of the file they read. */
function FoldedViews({ row }: { row: HistoryRow }) {
  const { t } = useTranslation('population');
  return (
    <Text size="xs" data-testid="history-folded-views">
      {t('history.viewedTimes', { count: row.views })}
      {row.parts.length > 0 && `: ${row.parts.map((p) => t(`history.parts.${p}`, { defaultValue: p })).join(', ')}`}
    </Text>
  );
}

/** 'History' tab, administrators only: who viewed or changed the record, and what. */
export function HistoryTable({ personId }: { personId: string }) {
  const { t } = useTranslation('population');
  const [page, setPage] = useState(1);
  const history = usePersonHistory(personId, page, PAGE_SIZE);

  if (history.isPending) return <Loader size="sm" />;
  if (history.isError) return <Alert color="red">{applyServerErrors(history.error, t)}</Alert>;
  const { items, total } = history.data;
  if (items.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('empty.history')}
      </Text>
    );
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  // Runs of views by one user fold into one row ("consulted 5 tabs"), so the changes stand out.
  const rows = groupViews(items);
  const columns: DataColumn<HistoryRow>[] = [
    { id: 'at', header: t('history.at'), text: (e) => formatDateTime(e.at), width: 170 },
    { id: 'user', header: t('history.user'), text: (e) => e.userName, wrap: true, width: 200 },
    {
      id: 'action',
      header: t('history.action'),
      cell: (e) => (
        <Badge variant="light" size="sm" tt="none">
          {t(`history.actions.${e.action}`, { defaultValue: e.action })}
        </Badge>
      ),
      width: 200,
    },
    {
      id: 'changes',
      header: t('history.changes'),
      cell: (e) => (e.views > 1 ? <FoldedViews row={e} /> : <Changes entry={e} />),
      wrap: true,
    },
  ];

  return (
    <Stack gap="sm">
      <DataTable
        bare
        label={t('detail.tab_history')}
        columns={columns}
        rows={rows}
        rowKey={(e) => String(e.id)}
        minWidth={700}
      />
      {pages > 1 && (
        <Group justify="flex-end">
          <Pagination total={pages} value={page} onChange={setPage} size="sm" />
        </Group>
      )}
    </Stack>
  );
}
