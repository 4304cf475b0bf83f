import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CatalogOption } from '@amparo/shared/modules/catalogs.schema';
import { optionLabel } from '@amparo/shared/modules/catalogs.labels';
import { api } from '../../../shared/lib/api';
import { catalogLanguage } from '../../../shared/hooks/use-catalog';

/** Every option of a catalog or list (`POST /api/catalog/{name}`), deactivated ones included, in `lang`. */
export const getAllOptionsQueryOptions = (name: string, lang: string, parent?: string) =>
  queryOptions({
    queryKey: ['catalog', name, lang, parent ?? null, 'with-inactive'],
    queryFn: () => api.post<CatalogOption[]>(`catalog/${name}`, { lang, parent, includeInactive: true }),
    staleTime: 5 * 60_000,
  });

interface OptionsSettings {
  /** Children of this parent only (a strategic axis's programs). */
  parent?: string | null;
  /** Offer deactivated items too (a list filter finds old lines by them). */
  withInactive?: boolean;
  /** Deactivated values still offered: those the line being edited already has. */
  keep?: (string | null | undefined)[];
  enabled?: boolean;
}

/**
 * The options of a classification catalog (strategic_axis, program,
 * expense_type) or list (headquarter) as Mantine Select data, labelled
 * 'code - name': active ones, plus the deactivated values in `keep` (marked
 * inactive) so a line keeps showing what it was planned with (issue 13
 * section 1). `labelOf(code)` names any code, deactivated or not.
 */
export function usePlanningOptions(
  name: string,
  { parent, withInactive, keep = [], enabled = true }: OptionsSettings = {},
) {
  const { t, i18n } = useTranslation();
  const lang = catalogLanguage(i18n.language);
  const query = useQuery({ ...getAllOptionsQueryOptions(name, lang, parent ?? undefined), enabled });
  const all = query.data ?? [];
  const data = all
    .filter((o) => o.active || withInactive || keep.includes(o.value))
    .map((o) => ({
      value: o.value,
      label: o.active ? optionLabel(o) : `${optionLabel(o)} (${t('common:status.inactive')})`,
    }));
  const labelOf = (value: string | null | undefined) => {
    if (!value) return '';
    const found = all.find((o) => o.value === value);
    return found ? optionLabel(found) : value;
  };
  return { ...query, data, labelOf };
}
