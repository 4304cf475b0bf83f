import { z } from 'zod';
import { isValidDpi, normalizeDpi } from '../identifiers.ts';
import { moneyAmount } from '../money.ts';
import { envelope, isoDate, paged, pageQuery, searchTerm, text, uuid, version } from '../validation.ts';

/**
 * Talent's collaborator registry (issue 27 section 4, module `talent`, `/api/talent/collaborators`, key
 * `talento_colaboradores`): who the charity employs, as the payroll spreadsheet names them (by DPI or by code) to
 * put personnel execution on the plan's lines. Issue 28 grows it into the full talent file; this is its minimum:
 * code, DPI, names, headquarter, active.
 */

/** A collaborator's code: upper case, letters, digits, `_` and `-`, 1–20 characters; unique. */
export const COLLABORATOR_CODE = /^[A-Z0-9_-]+$/;
export const COLLABORATOR_CODE_MAX = 20;

/** Upper-cases a collaborator's code as it is stored and matched (' col-001 ' → 'COL-001'). */
export const normalizeCollaboratorCode = (value: string) => value.trim().toUpperCase();

/**
 * A collaborator as written (create; update adds `active` and `version`):
 * - `code`: upper-cased, `COLLABORATOR_CODE`, 1–20 (`required`, `length:1:20`, `invalid`); unique (409 `duplicate`).
 * - `dpi`: the CUI of the Documento Personal de Identificación (RENAP, Decreto 90-2005): spaces and hyphens are
 *   dropped, then 13 digits with the check digit and a department 01–22 (`isValidDpi`; `dpi_invalid`); unique
 *   (409 `duplicate`).
 * - `firstNames`, `lastNames`: text up to 120 characters.
 * - `headquarterId`: an active headquarter (`unknown_code`, `inactive`; one the collaborator already had may since
 *   have been deactivated).
 */
const collaboratorShape = {
  code: z
    .string({ error: 'required' })
    .trim()
    .toUpperCase()
    .min(1, 'required')
    .max(COLLABORATOR_CODE_MAX, `length:1:${COLLABORATOR_CODE_MAX}`)
    .regex(COLLABORATOR_CODE, 'invalid'),
  dpi: z
    .string({ error: 'required' })
    .trim()
    .min(1, 'required')
    .max(20, 'dpi_invalid')
    .transform(normalizeDpi)
    .refine((v) => isValidDpi(v), 'dpi_invalid'),
  firstNames: text(120),
  lastNames: text(120),
  headquarterId: uuid,
};

export const collaboratorInput = z.object(collaboratorShape);
export type CollaboratorInput = z.input<typeof collaboratorInput>;
/** An edit at the version the editor saw (409 `version_conflict` when stale); `active` false deactivates. */
export const collaboratorUpdate = z.object({ ...collaboratorShape, active: z.boolean({ error: 'required' }), version });
export type CollaboratorUpdate = z.input<typeof collaboratorUpdate>;

/** A collaborator as answered: `fullName` is first names then last names; `headquarterName` the headquarter's. */
export const collaborator = z.object({
  id: uuid,
  code: z.string(),
  dpi: z.string(),
  firstNames: z.string(),
  lastNames: z.string(),
  fullName: z.string(),
  headquarterId: uuid,
  headquarterName: z.string(),
  active: z.boolean(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Collaborator = z.infer<typeof collaborator>;
export const collaboratorResponse = envelope(collaborator);

/**
 * The list (`GET /api/talent/collaborators`): `q` (from 2 characters, `search_too_short`) finds the names by words
 * (every word a prefix, accents and case ignored), or the beginning of a code (any case) or of a DPI (spaces and
 * hyphens ignored); `active` filters; by last names then first names (`order` desc reverses), server paging.
 */
export const collaboratorListQuery = pageQuery.extend({
  q: searchTerm(100),
  active: z.enum(['all', 'active', 'inactive']).default('all'),
});
export const collaboratorListResponse = envelope(paged(collaborator));

/**
 * `GET /api/talent/payroll-cost` (issue 28 section 4, decision 0034): a contract's monthly cost from its salary and
 * bonificación (Q a month) and the IVA the employee declares (Q a year), by the payroll rates in force on `date`
 * ('YYYY-MM-DD', default today in Guatemala). The bonificación is at least the dated minimum (`bonus_below_minimum`,
 * params min).
 */
export const payrollCostQuery = z.object({
  salary: moneyAmount(),
  bonus: moneyAmount(),
  declaredIva: moneyAmount().optional(),
  date: isoDate.optional(),
});
/** The month's breakdown (Q): employer fees, the employee's withholdings, the provisions, and the totals. */
export const payrollCost = z.object({
  date: z.string(),
  salary: z.string(),
  bonus: z.string(),
  igssBase: z.string(),
  igssEmployer: z.string(),
  irtra: z.string(),
  intecap: z.string(),
  employerFees: z.string(),
  igssEmployee: z.string(),
  aguinaldo: z.string(),
  bono14: z.string(),
  vacation: z.string(),
  indemnizacion: z.string(),
  provisions: z.string(),
  isrWithheld: z.string(),
  monthlyCost: z.string(),
  netPay: z.string(),
});
export type PayrollCost = z.infer<typeof payrollCost>;
export const payrollCostResponse = envelope(payrollCost);
