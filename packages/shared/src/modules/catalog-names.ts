// Apart from catalogs.schema.ts (zod) so the web's route tree, in every first load, can check `?catalog=`
// without zod (issue 11 item 8).

/** Editable catalogs seeded from shared/data/catalogs-gt.json. */
export const CATALOG_NAMES = [
  'sex',
  'civil_status',
  'sexual_orientation',
  'ethnic_group',
  'linguistic_community',
  'age_group',
  'academic_degree',
  'blood_type',
  'nationality',
  'disability',
  'bond',
  'thematic',
  'referrer',
  'departure_reason_collaborator',
  'attention_area',
  'attention_modality',
  'report_institution',
  'document_type',
  'activity_type',
  'departure_reason_person',
  'ticket_type',
  // Issue 13: the annual operating plan's classification (a program sits under a strategic axis).
  'strategic_axis',
  'program',
  'expense_type',
] as const;
export type CatalogName = (typeof CATALOG_NAMES)[number];

/**
 * Catalogs whose items sit under an item of another catalog (`parent` holds its code): a program under a
 * strategic axis (issue 13 section 1).
 */
export const CATALOG_PARENTS: Partial<Record<CatalogName, CatalogName>> = { program: 'strategic_axis' };
