import { eq, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import {
  activities,
  activityParticipants,
  attentions,
  catalogItems,
  headquarters,
  municipalities,
  personGrants,
  persons,
  users,
} from '../schema.ts';
import { searchTextOf } from '../../modules/population/persons/persons.rules.ts';
import { todayInGuatemala } from '@amparo/shared/format';

const GIVEN_F = [
  'María',
  'Ana',
  'Lucía',
  'Sofía',
  'Valeria',
  'Camila',
  'Daniela',
  'Fernanda',
  'Gabriela',
  'Andrea',
  'Ixchel',
  'Rosa',
  'Juana',
  'Marta',
  'Elena',
  'Isabel',
  'Nayeli',
  'Kimberly',
  'Alejandra',
  'Guadalupe',
  'Yesenia',
  'Brenda',
  'Dulce',
  'Wendy',
  'Sucely',
];
const GIVEN_M = [
  'José',
  'Juan',
  'Luis',
  'Carlos',
  'Diego',
  'Mateo',
  'Santiago',
  'Kevin',
  'Jorge',
  'Pedro',
  'Miguel',
  'Ángel',
  'Byron',
  'Erick',
  'Francisco',
  'Manuel',
  'Tomás',
  'Domingo',
  'Gerson',
  'Brayan',
  'Selvin',
  'Edwin',
  'Marvin',
  'Oscar',
  'Rigoberto',
];
const SURNAMES = [
  'López',
  'García',
  'Pérez',
  'Hernández',
  'González',
  'Rodríguez',
  'Martínez',
  'Morales',
  'Ramírez',
  'Cruz',
  'Xol',
  'Choc',
  'Caal',
  'Pop',
  'Tzul',
  'Ajú',
  'Cutzal',
  'Coc',
  'Chen',
  'Sicán',
  'Ixcoy',
  'Tum',
  'Velásquez',
  'Méndez',
  'Reyes',
  'Castillo',
  'Ordóñez',
  'Batz',
  'Quiej',
  'Mejía',
  'Orozco',
  'Barrios',
  'Gómez',
  'Juárez',
  'Chávez',
];
const ALIASES = ['Majo', 'Nena', 'Chepe', 'Lucho', 'Cami', 'Güero', 'Chino', 'Flaca', 'Peque', 'Toño'];

/** A small, seeded pseudo-random generator: the same seed gives the same data set. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface DemoOptions {
  persons: number;
  /** Attentions spread over the demo persons (issue 4 benchmark: 500,000). */
  attentions?: number;
  /** Group activities, each with a few registered participants (issue 4 benchmark: 5,000). */
  activities?: number;
  /** Username who becomes administrator of every demo person (default: the first admin). */
  owner?: string;
  seed?: number;
  log?: (msg: string) => void;
}

/**
 * Loads a realistic demo data set: three headquarters and `persons` persons
 * with Spanish and Maya names, real departments and municipalities, catalog
 * values in realistic proportions, all administered by `owner`. Inserted in
 * batches, then VACUUM ANALYZE so the planner uses the trigram index.
 */
export async function seedDemo(db: Db, opts: DemoOptions) {
  const log = opts.log ?? (() => {});
  const random = rng(opts.seed ?? 2026);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const ownerName = opts.owner ?? 'admin';
  const [owner] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${ownerName})`);
  if (!owner) throw new Error(`seed:demo: no user '${ownerName}'`);

  const hqs = [
    { code: 'GUA', name: 'Sede Central Guatemala', state: '01' },
    { code: 'XELA', name: 'Sede Quetzaltenango', state: '09' },
    { code: 'COBAN', name: 'Sede Cobán', state: '16' },
  ];
  for (const h of hqs)
    await db
      .insert(headquarters)
      .values({ ...h, country: 'GT', createdBy: owner.id, updatedBy: owner.id })
      .onConflictDoNothing();
  const hqRows = await db.select({ id: headquarters.id }).from(headquarters);
  const towns = await db
    .select({ code: municipalities.code, dept: municipalities.departmentCode })
    .from(municipalities);
  const codes = async (catalog: string) =>
    (await db.select({ code: catalogItems.code }).from(catalogItems).where(eq(catalogItems.catalog, catalog))).map(
      (r) => r.code,
    );
  const thematic = await codes('thematic');
  const referrers = await codes('referrer');
  const ethnic = await codes('ethnic_group');
  const degrees = await codes('academic_degree');
  const blood = await codes('blood_type');
  const today = todayInGuatemala();
  const thisYear = Number(today.slice(0, 4));

  const BATCH = 1000;
  for (let done = 0; done < opts.persons; done += BATCH) {
    const rows: (typeof persons.$inferInsert)[] = [];
    for (let i = 0; i < Math.min(BATCH, opts.persons - done); i++) {
      const female = random() < 0.55;
      const names =
        random() < 0.6
          ? `${pick(female ? GIVEN_F : GIVEN_M)} ${pick(female ? GIVEN_F : GIVEN_M)}`
          : pick(female ? GIVEN_F : GIVEN_M);
      const lastNames = `${pick(SURNAMES)} ${pick(SURNAMES)}`;
      const town = pick(towns);
      const age = Math.floor(random() * random() * 25);
      const birthYear = thisYear - age - 1;
      const birthDate = `${birthYear}-${String(1 + Math.floor(random() * 12)).padStart(2, '0')}-${String(1 + Math.floor(random() * 28)).padStart(2, '0')}`;
      const admYear = thisYear - Math.floor(random() * 5);
      const admissionDate = `${admYear}-${String(1 + Math.floor(random() * 12)).padStart(2, '0')}-${String(1 + Math.floor(random() * 28)).padStart(2, '0')}`;
      const departed = random() < 0.2 && admissionDate < today;
      const alias = random() < 0.1 ? pick(ALIASES) : null;
      const externalFileNumber =
        random() < 0.5 ? `PGN-${admYear}-${String(Math.floor(random() * 99999)).padStart(5, '0')}` : null;
      const row = {
        names,
        lastNames,
        alias,
        birthDate,
        sex: female ? 'F' : 'M',
        country: 'GT',
        state: town.dept,
        town: town.code,
        ethnicGroup: pick(ethnic),
        academicDegree: pick(degrees),
        bloodType: pick(blood),
        knowsRead: age > 7,
        knowsWrite: age > 7,
        thematic: [...new Set([pick(thematic), ...(random() < 0.3 ? [pick(thematic)] : [])])],
        admissionDate,
        admissionReason: 'Referencia para atención integral.',
        referrer: pick(referrers),
        departureDate: departed ? today : null,
        departureNote: departed ? 'Reintegración familiar.' : null,
        externalFileNumber,
        headquarterId: pick(hqRows).id,
        createdBy: owner.id,
        updatedBy: owner.id,
      };
      rows.push({ ...row, searchText: searchTextOf(row) });
    }
    await db.transaction(async (tx) => {
      const inserted = await tx
        .insert(persons)
        .values(rows)
        .returning({ id: persons.id, fileNumber: persons.fileNumber });
      await tx.insert(personGrants).values(
        inserted.map((p) => ({
          personId: p.id,
          userId: owner.id,
          administrator: true,
          canRead: true,
          canWrite: true,
          reason: 'demo',
          grantedBy: owner.id,
        })),
      );
      // The file code is part of the search text; it is known only after the insert.
      await tx.execute(
        sql`update ${persons} set search_text = search_text || ' exp-' || lpad(file_number::text, 6, '0') where id in ${inserted.map((p) => p.id)}`,
      );
    });
    if ((done / BATCH) % 10 === 0) log(`  ${done + rows.length} / ${opts.persons}`);
  }
  if (opts.attentions) await seedAttentions(db, opts.attentions, owner.id, random, log);
  if (opts.activities) await seedActivities(db, opts.activities, owner.id, towns, random, log);
  await db.execute(sql`vacuum analyze`);
}

const SUMMARIES = [
  'Sesión de contención emocional.',
  'Seguimiento del plan de vida.',
  'Visita domiciliaria de verificación.',
  'Orientación legal a la familia.',
  'Control de salud y nutrición.',
  'Refuerzo escolar.',
];

/** Attentions over the persons, by the owner, in the last two years. */
async function seedAttentions(db: Db, count: number, ownerId: string, random: () => number, log: (m: string) => void) {
  const ids = (await db.select({ id: persons.id }).from(persons)).map((r) => r.id);
  const areas = ['PSICOLOGIA', 'TRABAJO_SOCIAL', 'LEGAL', 'SALUD', 'EDUCACION'];
  const modalities = ['INDIVIDUAL', 'FAMILIAR', 'GRUPAL', 'VISITA_DOMICILIARIA', 'TELEFONICA'];
  const now = Date.now();
  const BATCH = 5000;
  for (let done = 0; done < count; done += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, count - done) }, () => ({
      personId: ids[Math.floor(random() * ids.length)]!,
      attendedAt: new Date(now - Math.floor(random() * 730 * 86400_000)),
      professionalId: ownerId,
      area: areas[Math.floor(random() * areas.length)]!,
      modality: modalities[Math.floor(random() * modalities.length)]!,
      durationMinutes: 30 + Math.floor(random() * 90),
      summary: SUMMARIES[Math.floor(random() * SUMMARIES.length)]!,
      createdBy: ownerId,
      updatedBy: ownerId,
    }));
    await db.insert(attentions).values(rows);
    if ((done / BATCH) % 20 === 0) log(`  attentions ${done + rows.length} / ${count}`);
  }
}

/** Activities with 3 to 12 registered participants each. */
async function seedActivities(
  db: Db,
  count: number,
  ownerId: string,
  towns: { code: string; dept: string }[],
  random: () => number,
  log: (m: string) => void,
) {
  const ids = (await db.select({ id: persons.id }).from(persons)).map((r) => r.id);
  const types = ['TALLER', 'CHARLA', 'RECREATIVA', 'GRUPO_APOYO', 'ESCUELA_PADRES', 'CAMPANA'];
  const now = Date.now();
  for (let done = 0; done < count; done += 500) {
    await db.transaction(async (tx) => {
      const rows = Array.from({ length: Math.min(500, count - done) }, (_, i) => {
        const town = towns[Math.floor(random() * towns.length)]!;
        return {
          name: `${types[(done + i) % types.length]!.replace('_', ' ').toLowerCase()} ${done + i + 1}`,
          activityType: types[(done + i) % types.length]!,
          startsAt: new Date(now - Math.floor(random() * 730 * 86400_000)),
          state: town.dept,
          town: town.code,
          createdBy: ownerId,
          updatedBy: ownerId,
        };
      });
      const inserted = await tx.insert(activities).values(rows).returning({ id: activities.id });
      const participants = inserted.flatMap((a) => {
        const chosen = new Set<string>();
        const n = 3 + Math.floor(random() * 10);
        while (chosen.size < Math.min(n, ids.length)) chosen.add(ids[Math.floor(random() * ids.length)]!);
        return [...chosen].map((personId) => ({ activityId: a.id, personId, addedBy: ownerId }));
      });
      await tx.insert(activityParticipants).values(participants);
    });
    if ((done / 500) % 4 === 0) log(`  activities ${Math.min(done + 500, count)} / ${count}`);
  }
}
