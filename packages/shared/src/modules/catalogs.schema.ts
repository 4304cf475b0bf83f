import { z } from 'zod';
import { catalogCode, envelope, text, uuid, version } from '../validation.ts';
import { CATALOG_NAMES } from './catalog-names.ts';
import { optionLabel } from './catalogs.labels.ts';

export { optionLabel };

export { CATALOG_NAMES, CATALOG_PARENTS, type CatalogName } from './catalog-names.ts';

export const catalogItem = z.object({
  id: uuid,
  catalog: z.string(),
  code: z.string(),
  es: z.string(),
  en: z.string(),
  active: z.boolean(),
  sortOrder: z.number().int(),
  minAge: z.number().int().nullable(),
  maxAge: z.number().int().nullable(),
  /** The code of the item it sits under, in the parent catalog (`CATALOG_PARENTS`: a program's strategic axis). */
  parent: z.string().nullable(),
  version: z.number().int(),
});
export type CatalogItem = z.infer<typeof catalogItem>;

export const catalogItemCreate = z.object({
  catalog: z.enum(CATALOG_NAMES, { error: 'invalid' }),
  code: catalogCode,
  es: text(120),
  en: text(120),
  /** Required for a catalog with a parent catalog (a program's strategic axis), refused for the others. */
  parent: catalogCode.nullish(),
});
export const catalogItemUpdate = z.object({
  es: text(120),
  en: text(120),
  active: z.boolean(),
  /** A program may move to another strategic axis; records keep their own copy of the axis. */
  parent: catalogCode.nullish(),
  version,
});

export const catalogItemResponse = envelope(catalogItem);
export const catalogItemsResponse = envelope(z.array(catalogItem));

/** Body of the generic catalog call `POST /api/catalog/{name}` (spec section 7). */
export const catalogOptionsBody = z
  .object({
    lang: z.enum(['es', 'en']).default('es'),
    /** Parent filter: a department code for `municipality`, a strategic axis code (up to 40 characters) for `program`. */
    parent: z
      .string()
      .max(40)
      .regex(/^[A-Za-z0-9_-]+$/, 'invalid')
      .optional(),
    includeInactive: z.boolean().default(false),
  })
  .default({ lang: 'es', includeInactive: false });

/** One dropdown item: the label is 'code - cname' (spec section 3, 'Dropdown options'). */
export const catalogOption = z.object({ code: z.string(), cname: z.string(), value: z.string(), active: z.boolean() });
export type CatalogOption = z.infer<typeof catalogOption>;
export const catalogOptionsResponse = envelope(z.array(catalogOption));
