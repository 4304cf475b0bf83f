import { Badge, Group } from '@mantine/core';
import { useCatalog } from '../../../../shared/hooks/use-catalog';
import { EMPTY } from '../../../../shared/lib/format';

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

/** Several codes of one catalog as badges (thematic areas). */
export function CatalogBadges({ catalog, codes }: { catalog: string; codes: readonly string[] }) {
  const { labelOf } = useCatalog(catalog, { enabled: codes.length > 0 });
  if (codes.length === 0) return <>{EMPTY}</>;
  return (
    <Group gap={4}>
      {codes.map((code) => (
        <Badge key={code} variant="light" size="sm" radius="sm" tt="none">
          {labelOf(code)}
        </Badge>
      ))}
    </Group>
  );
}
