import { sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { catalogItems, departments, municipalities, roles } from '../schema.ts';
import { PERMISSION_KEYS } from '@amparo/shared/permissions';
import { ADMIN_ROLE_SLUG } from '@amparo/shared/modules/roles.schema';
import geography from './data/guatemala-geography.json' with { type: 'json' };
import catalogs from './data/catalogs-gt.json' with { type: 'json' };
import ownCatalogs from './data/catalogs-amparo.json' with { type: 'json' };
import { seedSettings } from './settings.ts';

/** Codes are stable upper-case ASCII: 'GARÍFUNA' → 'GARIFUNA'. */
export function normalizeCode(code: string): string {
  return code
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z0-9_]/g, '_');
}

export { ADMIN_ROLE_SLUG };

/**
 * Seeds reference data idempotently: geography is upserted (names follow the
 * INE file), catalog items are only added (an administrator's renames and
 * deactivations are kept), the 'Administrador' role is made to hold every
 * permission key (new keys appear with new versions), and the dated settings get
 * their first values where they have none for that date (db/seed/settings.ts).
 */
export async function seedReference(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(departments)
      .values(geography.departments.map((d) => ({ code: d.code, name: d.name })))
      .onConflictDoUpdate({ target: departments.code, set: { name: sql`excluded.name` } });
    await tx
      .insert(municipalities)
      .values(geography.municipalities.map((m) => ({ code: m.code, departmentCode: m.department, name: m.name })))
      .onConflictDoUpdate({
        target: municipalities.code,
        set: { name: sql`excluded.name`, departmentCode: sql`excluded.department_code` },
      });

    const items = Object.entries({ ...catalogs.catalogs, ...ownCatalogs.catalogs }).flatMap(([catalog, list]) =>
      (list as { code: string; es: string; en: string; min_age?: number; max_age?: number | null }[]).map(
        (item, index) => ({
          catalog,
          code: normalizeCode(item.code),
          es: item.es,
          en: item.en,
          sortOrder: index,
          minAge: item.min_age ?? null,
          maxAge: item.max_age ?? null,
        }),
      ),
    );
    await tx.insert(catalogItems).values(items).onConflictDoNothing();

    await tx
      .insert(roles)
      .values({ slug: ADMIN_ROLE_SLUG, name: 'Administrador', permissions: PERMISSION_KEYS })
      .onConflictDoUpdate({ target: roles.slug, set: { permissions: PERMISSION_KEYS } });
    await seedSettings(tx);
  });
}
