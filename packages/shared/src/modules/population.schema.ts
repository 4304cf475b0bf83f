import { z } from 'zod';
import {
  catalogCode,
  envelope,
  isoDate,
  itemAge,
  optionalCatalogCode,
  optionalBirthDate,
  optionalDate,
  optionalText,
  searchTerm,
  paged,
  pageQuery,
  text,
  uuid,
  version,
} from '../validation.ts';
import { phoneField } from './auth.schema.ts';
import { PERSON_SORTS } from './population.constants.ts';

export * from './population.constants.ts';

const optionalBool = z
  .boolean()
  .nullable()
  .optional()
  .transform((v) => v ?? null);
/** Decimal quantity sent as a string or number with up to 2 decimals, kept as a string (no floats). */
const decimal = (max: number) =>
  z
    .preprocess(
      (v) => (v === '' || v === undefined ? null : typeof v === 'number' ? String(v) : v),
      z
        .string()
        .regex(/^\d{1,4}(\.\d{1,2})?$/, 'not_a_number')
        .refine((v) => Number(v) > 0 && Number(v) <= max, `too_big::${max}`)
        .nullable(),
    )
    .transform((v) => v ?? null);

/**
 * Fields of 'Person (population)', spec section 3. Codes refer to catalogs
 * (`sex`, `civil_status`, ...); `state`/`town` are INE department and
 * municipality codes and `town` must belong to `state`. Either `birthDate` or
 * `age` (whole years) is required; the age group is derived, never sent.
 * `perpetrator` is the alleged perpetrator's bond to the person (bond catalog);
 * the detailed perpetrator records belong to the case file.
 */
const personShape = {
  names: text(100),
  lastNames: text(100),
  alias: optionalText(60),
  birthDate: optionalBirthDate,
  age: z
    .preprocess(
      (v) => (v === '' ? null : v),
      z.number().int().min(0, 'too_small:0').max(120, 'too_big::120').nullable().optional(),
    )
    .transform((v) => v ?? null),
  civilStatus: optionalCatalogCode,
  sex: catalogCode,
  sexualOrientation: optionalCatalogCode,
  nationality: optionalCatalogCode,
  ethnicGroup: optionalCatalogCode,
  linguisticCommunity: optionalCatalogCode,
  academicDegree: optionalCatalogCode,
  knowsRead: optionalBool,
  knowsWrite: optionalBool,
  disability: optionalCatalogCode,
  pregnancy: optionalBool,
  country: z.string().trim().toUpperCase().length(2, 'invalid').default('GT'),
  state: z
    .preprocess(
      (v) => (v === '' ? null : v),
      z
        .string()
        .regex(/^\d{2}$/, 'invalid')
        .nullable()
        .optional(),
    )
    .transform((v) => v ?? null),
  town: z
    .preprocess(
      (v) => (v === '' ? null : v),
      z
        .string()
        .regex(/^\d{4}$/, 'invalid')
        .nullable()
        .optional(),
    )
    .transform((v) => v ?? null),
  community: optionalText(120),
  weightLbs: decimal(800),
  heightM: decimal(3),
  phones: z.array(phoneField).max(5, 'too_big::5').default([]),
  bloodType: optionalCatalogCode,
  bond: optionalCatalogCode,
  perpetrator: optionalCatalogCode,
  thematic: z.array(catalogCode).min(1, 'select_at_least_one').max(13, 'too_big::13'),
  admissionDate: isoDate,
  admissionReason: optionalText(1000),
  referrer: optionalCatalogCode,
  court: optionalText(150),
  departureDate: optionalDate,
  /** departure_reason_person catalog (issue 4: departure closes the file with a date, reason and note). */
  departureReason: optionalCatalogCode,
  departureNote: optionalText(1000),
  externalFileNumber: optionalText(40),
  headquarterId: z.preprocess((v) => (v === '' ? null : v), uuid.nullable().optional()).transform((v) => v ?? null),
};

type PersonShape = { [K in keyof typeof personShape]: z.infer<(typeof personShape)[K]> };

/**
 * Cross-field rules shared by create and update. They run even when a single
 * field already failed (`when`), so the form shows every problem at once;
 * hence the type guards.
 */
function personRules(v: PersonShape, ctx: z.RefinementCtx) {
  if (!v.birthDate && (v.age === null || v.age === undefined))
    // Not 'required': either one will do, so neither field carries the asterisk.
    ctx.addIssue({ code: 'custom', path: ['birthDate'], message: 'birth_date_or_age' });
  if (typeof v.town === 'string' && typeof v.state === 'string' && !v.town.startsWith(v.state))
    ctx.addIssue({ code: 'custom', path: ['town'], message: 'municipality_not_in_department' });
  if (v.town && !v.state) ctx.addIssue({ code: 'custom', path: ['state'], message: 'required' });
  if (v.country === 'GT' && !v.state) ctx.addIssue({ code: 'custom', path: ['state'], message: 'required' });
  if (typeof v.departureDate === 'string' && typeof v.admissionDate === 'string' && v.departureDate < v.admissionDate)
    ctx.addIssue({ code: 'custom', path: ['departureDate'], message: 'date_order' });
  if (v.pregnancy && v.sex !== 'F') ctx.addIssue({ code: 'custom', path: ['pregnancy'], message: 'invalid' });
  if (!v.knowsRead && v.knowsWrite) ctx.addIssue({ code: 'custom', path: ['knowsWrite'], message: 'invalid' });
}

const always = { when: () => true };
export const personCreate = z.object(personShape).superRefine(personRules, always);
export const personUpdate = z.object({ ...personShape, version }).superRefine(personRules, always);
export type PersonInput = z.input<typeof personCreate>;
export type PersonCreate = z.output<typeof personCreate>;

export const person = z.object({
  id: uuid,
  fileCode: z.string(),
  names: z.string(),
  lastNames: z.string(),
  alias: z.string().nullable(),
  birthDate: z.string().nullable(),
  birthDateEstimated: z.boolean(),
  /** Whole years today (America/Guatemala). */
  age: z.number().int().nullable(),
  ageGroup: z.string().nullable(),
  civilStatus: z.string().nullable(),
  sex: z.string(),
  sexualOrientation: z.string().nullable(),
  nationality: z.string().nullable(),
  ethnicGroup: z.string().nullable(),
  linguisticCommunity: z.string().nullable(),
  academicDegree: z.string().nullable(),
  knowsRead: z.boolean().nullable(),
  knowsWrite: z.boolean().nullable(),
  disability: z.string().nullable(),
  pregnancy: z.boolean().nullable(),
  country: z.string(),
  state: z.string().nullable(),
  stateName: z.string().nullable(),
  town: z.string().nullable(),
  townName: z.string().nullable(),
  community: z.string().nullable(),
  weightLbs: z.string().nullable(),
  heightM: z.string().nullable(),
  phones: z.array(z.string()),
  bloodType: z.string().nullable(),
  bond: z.string().nullable(),
  perpetrator: z.string().nullable(),
  thematic: z.array(z.string()),
  admissionDate: z.string(),
  admissionReason: z.string().nullable(),
  referrer: z.string().nullable(),
  court: z.string().nullable(),
  departureDate: z.string().nullable(),
  departureReason: z.string().nullable(),
  departureNote: z.string().nullable(),
  externalFileNumber: z.string().nullable(),
  headquarterId: z.string().nullable(),
  headquarterName: z.string().nullable(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Person = z.infer<typeof person>;

export const personListItem = person.pick({
  id: true,
  fileCode: true,
  names: true,
  lastNames: true,
  alias: true,
  age: true,
  ageGroup: true,
  sex: true,
  state: true,
  stateName: true,
  townName: true,
  thematic: true,
  admissionDate: true,
  departureDate: true,
  externalFileNumber: true,
  headquarterName: true,
});
export type PersonListItem = z.infer<typeof personListItem>;

/** List query (spec section 9: search needs at least 2 characters). */
export const personListQuery = pageQuery.extend({
  q: searchTerm(100),
  sort: z.enum(PERSON_SORTS).default('createdAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
  sex: catalogCode.optional(),
  ageGroup: catalogCode.optional(),
  thematic: catalogCode.optional(),
  state: z
    .string()
    .regex(/^\d{2}$/, 'invalid')
    .optional(),
  headquarterId: uuid.optional(),
  status: z.enum(['all', 'admitted', 'departed']).default('all'),
  /** Age of the record (spec section 9), on `created_at` in America/Guatemala. */
  age: itemAge.optional(),
});
export type PersonListQuery = z.input<typeof personListQuery>;

export const personResponse = envelope(person);
export const personListResponse = envelope(paged(personListItem));

/** `POST /api/population/access/{personId}` (spec sections 3 and 7): Y/N flags. */
export const personAccessResponse = envelope(
  z.object({ administrator: z.enum(['Y', 'N']), can_read: z.enum(['Y', 'N']), can_write: z.enum(['Y', 'N']) }),
);
export const grantInput = z
  .object({
    userId: uuid,
    canRead: z.boolean(),
    canWrite: z.boolean(),
    administrator: z.boolean().default(false),
    reason: text(500, 3),
    /** Last day the grant holds ('YYYY-MM-DD', inclusive, America/Guatemala). */
    expiresOn: optionalDate,
  })
  .refine((v) => v.canRead || v.canWrite || v.administrator, { path: ['canRead'], message: 'select_at_least_one' })
  .refine((v) => !v.expiresOn || v.expiresOn >= new Date().toISOString().slice(0, 10), {
    path: ['expiresOn'],
    message: 'date_order',
  });

export const grant = z.object({
  id: uuid,
  userId: uuid,
  userName: z.string(),
  administrator: z.boolean(),
  canRead: z.boolean(),
  canWrite: z.boolean(),
  reason: z.string().nullable(),
  expiresOn: z.string().nullable(),
  expired: z.boolean(),
  grantedByName: z.string().nullable(),
  grantedAt: z.string(),
});
export const grantsResponse = envelope(z.array(grant));

export const accessRequestInput = z.object({ reason: text(500, 3), canWrite: z.boolean().default(false) });
export const accessDecision = z.object({
  approve: z.boolean(),
  note: optionalText(500),
  expiresOn: optionalDate,
});
export const accessRequest = z.object({
  id: uuid,
  personId: uuid,
  userId: uuid,
  userName: z.string(),
  reason: z.string(),
  canWrite: z.boolean(),
  status: z.enum(['pending', 'approved', 'denied']),
  decidedByName: z.string().nullable(),
  decidedAt: z.string().nullable(),
  note: z.string().nullable(),
  createdAt: z.string(),
});
export const accessRequestResponse = envelope(accessRequest);
export const accessRequestsResponse = envelope(z.array(accessRequest));

export const auditEntry = z.object({
  id: z.string(),
  at: z.string(),
  userName: z.string().nullable(),
  action: z.string(),
  /** Changed fields: `{ field: { before, after } }`; empty for views. */
  changes: z.record(z.string(), z.object({ before: z.unknown(), after: z.unknown() })),
  /** Names for the ids in `changes` (users, persons the caller may read, activities). */
  names: z.record(z.string(), z.string()),
});
export const auditResponse = envelope(paged(auditEntry));

/** Export of the filtered list (same filters as the list; no paging). */
export const personExportQuery = personListQuery
  .omit({ page: true, pageSize: true })
  .extend({ lang: z.enum(['es', 'en']).default('es') });
