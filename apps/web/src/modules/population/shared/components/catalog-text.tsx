import { Badge, Group } from '@mantine/core';
import { useCatalog } from '../../../../shared/hooks/use-catalog';
import { EMPTY } from '../../../../shared/lib/format';
import classes from './catalog-text.module.css';

/** A catalog code shown with its label in the UI language (a dash when empty). */
export function CatalogText({
  catalog,
  code,
  parent,
}: {
  catalog: string;
  code: string | null | undefined;
  parent?: string;
}) {
  const { labelOf } = useCatalog(catalog, { parent, enabled: !!code });
  return <>{labelOf(code) ?? EMPTY}</>;
}

/**
 * Several codes of one catalog as badges (thematic areas). With `limit`, a
 * table cell's form: the first `limit` badges cut to the cell's width, a "+N"
 * badge for the rest, and every label in a tooltip.
 */
export function CatalogBadges({
  catalog,
  codes,
  limit,
}: {
  catalog: string;
  codes: readonly string[];
  limit?: number;
}) {
  const { labelOf } = useCatalog(catalog, { enabled: codes.length > 0 });
  return <CodeBadges codes={codes} labelOf={labelOf} limit={limit} />;
}

/**
 * `CatalogBadges` with the catalog's labels given: a table reads its catalog once for all its rows instead of
 * once a cell (a query observer each: 25 on a page of the person list, issue 11 item 8).
 */
export function CodeBadges({
  codes,
  labelOf,
  limit,
}: {
  codes: readonly string[];
  labelOf: (code: string) => string | null;
  limit?: number;
}) {
  if (codes.length === 0) return <>{EMPTY}</>;
  const labels = codes.map((code) => labelOf(code) ?? code);
  const shown = limit === undefined ? labels : labels.slice(0, limit);
  const rest = labels.length - shown.length;
  const badges = (
    <Group gap={4} wrap={limit === undefined ? 'wrap' : 'nowrap'}>
      {shown.map((label, i) => (
        <Badge
          key={codes[i]}
          variant="light"
          size="sm"
          radius="sm"
          tt="none"
          maw={limit === undefined ? undefined : '100%'}
          classNames={{ root: classes.badge, label: classes.label }}
        >
          {label}
        </Badge>
      ))}
      {rest > 0 && (
        <Badge variant="outline" size="sm" radius="sm" style={{ flexShrink: 0 }}>
          +{rest}
        </Badge>
      )}
    </Group>
  );
  if (limit === undefined) return badges;
  // Every label in the browser's own tooltip (cheap in a 25-row table; the record lists them all too).
  return <div title={labels.join(' · ')}>{badges}</div>;
}
