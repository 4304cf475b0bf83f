import type { UserActor } from '../../../lib/actor.ts';
import type { Content } from '../../../lib/content.ts';
import { nextBatch, xlsxExport } from '../../../lib/xlsx-export.ts';
import type { z } from 'zod';
import type { personExportQuery } from '@amparo/shared/modules/population.schema';
import { hasPermission } from '@amparo/shared/permissions';
import { todayInGuatemala } from '@amparo/shared/format';
import type { Db } from '../../../db/client.ts';
import { writeAudit } from '../../../lib/audit.ts';
import { ageGroups, geographyNames, catalogLabels } from '../../catalogs/catalogs.service.ts';
import { headquarterNames } from '../../headquarters/headquarters.service.ts';
import * as repo from '../persons/persons.repository.ts';
import { ageGroupOf, ageOn, fileCode } from '../persons/persons.rules.ts';
import { listWhereOf } from '../persons/persons.service.ts';

const BATCH = 1000;

/** Column headers per language (the export is a file for people, not an API). */
const HEADERS: Record<'es' | 'en', Record<string, string>> = {
  es: {
    fileCode: 'Expediente',
    names: 'Nombres',
    lastNames: 'Apellidos',
    alias: 'Alias',
    birthDate: 'Fecha de nacimiento',
    age: 'Edad',
    ageGroup: 'Grupo etario',
    sex: 'Sexo',
    civilStatus: 'Estado civil',
    nationality: 'Nacionalidad',
    ethnicGroup: 'Pueblo',
    linguisticCommunity: 'Comunidad lingüística',
    academicDegree: 'Escolaridad',
    knowsRead: 'Sabe leer',
    knowsWrite: 'Sabe escribir',
    disability: 'Discapacidad',
    country: 'País',
    state: 'Departamento',
    town: 'Municipio',
    community: 'Comunidad',
    thematic: 'Temáticas',
    admissionDate: 'Ingreso',
    referrer: 'Referido por',
    departureDate: 'Egreso',
    departureReason: 'Motivo de egreso',
    headquarter: 'Sede',
    externalFileNumber: 'Expediente externo',
    sexualOrientation: 'Orientación sexual',
    pregnancy: 'Embarazo',
    perpetrator: 'Presunto agresor (vínculo)',
    yes: 'Sí',
    no: 'No',
    sheet: 'Población atendida',
  },
  en: {
    fileCode: 'File',
    names: 'Names',
    lastNames: 'Last names',
    alias: 'Alias',
    birthDate: 'Birth date',
    age: 'Age',
    ageGroup: 'Age group',
    sex: 'Sex',
    civilStatus: 'Civil status',
    nationality: 'Nationality',
    ethnicGroup: 'Ethnic group',
    linguisticCommunity: 'Linguistic community',
    academicDegree: 'Schooling',
    knowsRead: 'Knows read',
    knowsWrite: 'Knows write',
    disability: 'Disability',
    country: 'Country',
    state: 'Department',
    town: 'Municipality',
    community: 'Community',
    thematic: 'Thematic',
    admissionDate: 'Admission',
    referrer: 'Referrer',
    departureDate: 'Departure',
    departureReason: 'Departure reason',
    headquarter: 'Headquarter',
    externalFileNumber: 'External file',
    sexualOrientation: 'Sexual orientation',
    pregnancy: 'Pregnancy',
    perpetrator: 'Alleged perpetrator (bond)',
    yes: 'Yes',
    no: 'No',
    sheet: 'Population served',
  },
};

const CATALOG_COLUMNS = {
  sex: 'sex',
  civilStatus: 'civil_status',
  nationality: 'nationality',
  ethnicGroup: 'ethnic_group',
  linguisticCommunity: 'linguistic_community',
  academicDegree: 'academic_degree',
  disability: 'disability',
  referrer: 'referrer',
  departureReason: 'departure_reason_person',
  sexualOrientation: 'sexual_orientation',
  perpetrator: 'bond',
} as const;

/**
 * Streams the filtered list of persons the user holds a grant on as an xlsx
 * file (ExcelJS streaming writer, batches of BATCH rows: memory stays flat).
 * Sexual orientation, pregnancy and the perpetrator's bond are only included
 * for users holding `poblacion_exportacion_sensible` (issue 4); phones, health
 * data and photos are never exported. The export is audited with its filters
 * and row count. The row count is sent first in `x-export-rows` so the page
 * can show progress.
 */
export async function exportPersons(
  db: Db,
  actor: UserActor,
  q: z.output<typeof personExportQuery>,
  log: { error(details: object, message: string): void },
): Promise<Content> {
  const userId = actor.userId;
  const sensitive = hasPermission(actor.permissions, 'poblacion_exportacion_sensible');
  const today = todayInGuatemala();
  const { where } = await listWhereOf(db, userId, today, q);
  const groups = await ageGroups(db); // cached per process
  const total = await repo.countPersons(db, where, Number.MAX_SAFE_INTEGER - 1);
  const labels = HEADERS[q.lang];
  const catalogs = new Map<string, Map<string, string>>();
  for (const name of new Set([...Object.values(CATALOG_COLUMNS), 'thematic', 'age_group'])) {
    catalogs.set(name, await catalogLabels(db, name, q.lang));
  }
  const label = (catalog: string, code: string | null) => (code ? (catalogs.get(catalog)?.get(code) ?? code) : '');
  const geo = await geographyNames(db);

  const keys = [
    'fileCode',
    'names',
    'lastNames',
    'alias',
    'birthDate',
    'age',
    'ageGroup',
    'sex',
    'civilStatus',
    'nationality',
    'ethnicGroup',
    'linguisticCommunity',
    'academicDegree',
    'knowsRead',
    'knowsWrite',
    'disability',
    'country',
    'state',
    'town',
    'community',
    'thematic',
    'admissionDate',
    'referrer',
    'departureDate',
    'departureReason',
    'headquarter',
    'externalFileNumber',
    ...(sensitive ? ['sexualOrientation', 'pregnancy', 'perpetrator'] : []),
  ];

  await writeAudit(db, actor, {
    action: 'export',
    entity: 'population',
    entityId: 'persons',
    changes: { export: { before: null, after: { filters: { ...q }, rows: total, sensitive } } },
  });

  const yesNo = (v: boolean | null) => (v === null ? '' : v ? labels.yes : labels.no);
  return xlsxExport({
    filename: `poblacion-${today}.xlsx`,
    rows: total,
    sheet: {
      name: labels.sheet,
      columns: keys.map((k) => ({ header: labels[k]!, key: k, width: Math.max(12, labels[k]!.length + 2) })),
    },
    log,
    fill: async (addRow) => {
      let after = 0;
      for (;;) {
        const rows = await repo.exportBatch(db, where, after, BATCH);
        if (rows.length === 0) break;
        const hq = await headquarterNames(
          db,
          rows.map((r) => r.headquarterId),
        );
        for (const p of rows) {
          const age = ageOn(p.birthDate, today);
          const row: Record<string, unknown> = {
            fileCode: fileCode(p.fileNumber),
            names: p.names,
            lastNames: p.lastNames,
            alias: p.alias ?? '',
            birthDate: p.birthDate ?? '',
            age: age ?? '',
            ageGroup: label('age_group', ageGroupOf(age, groups)),
            knowsRead: yesNo(p.knowsRead),
            knowsWrite: yesNo(p.knowsWrite),
            country: p.country,
            state: p.state ? (geo.departments.get(p.state) ?? p.state) : '',
            town: p.town ? (geo.municipalities.get(p.town) ?? p.town) : '',
            community: p.community ?? '',
            thematic: p.thematic.map((c) => label('thematic', c)).join(', '),
            admissionDate: p.admissionDate,
            departureDate: p.departureDate ?? '',
            headquarter: p.headquarterId ? (hq.get(p.headquarterId) ?? '') : '',
            externalFileNumber: p.externalFileNumber ?? '',
            pregnancy: yesNo(p.pregnancy),
          };
          for (const [field, catalog] of Object.entries(CATALOG_COLUMNS))
            row[field] = label(catalog, p[field as keyof typeof p] as string | null);
          addRow(Object.fromEntries(keys.map((k) => [k, row[k]])));
        }
        after = rows[rows.length - 1]!.fileNumber;
        await nextBatch();
      }
    },
  });
}
