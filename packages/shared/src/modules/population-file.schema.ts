import { z } from 'zod';
import { envelope, isoDate, optionalCatalogCode, optionalText, uuid, version } from '../validation.ts';

/**
 * The person's file beyond the registry fields (issue 4): admission periods,
 * consents and the photo. All under `poblacion_poblacion` plus the person's
 * grant (read to see, write to change).
 */

// ---------------------------------------------------------------- periods

/**
 * Re-admission of a person whose file was closed by a departure: the closed
 * period is kept and a new one opens (400 `admissionDate` invalid while the
 * person is still admitted, `date_order` before the departure; 409 when stale).
 */
export const readmissionInput = z.object({
  admissionDate: isoDate,
  admissionReason: optionalText(1000),
  referrer: optionalCatalogCode,
  version,
});

export const period = z.object({
  admissionDate: z.string(),
  admissionReason: z.string().nullable(),
  referrer: z.string().nullable(),
  departureDate: z.string().nullable(),
  departureReason: z.string().nullable(),
  departureNote: z.string().nullable(),
  /** The period the person's record holds now. */
  current: z.boolean(),
});
export const periodsResponse = envelope(z.array(period));

// ---------------------------------------------------------------- consents

export const CONSENT_KINDS = ['data_processing', 'services', 'image_use'] as const;
export type ConsentKind = (typeof CONSENT_KINDS)[number];

/**
 * A consent and who gave it: the person (`self`) or a guardian recorded among
 * the person's linked people (`guardianLinkId`). `documentId` points at the
 * signed document in Documentation, when there is one.
 */
export const consentInput = z
  .object({
    kind: z.enum(CONSENT_KINDS, { error: 'invalid' }),
    granted: z.boolean(),
    givenOn: isoDate,
    givenBy: z.enum(['self', 'guardian'], { error: 'invalid' }),
    guardianLinkId: z.preprocess((v) => (v === '' ? null : v), uuid.nullable().optional()).transform((v) => v ?? null),
    documentId: z.preprocess((v) => (v === '' ? null : v), uuid.nullable().optional()).transform((v) => v ?? null),
    notes: optionalText(1000),
  })
  .superRefine(
    (v, ctx) => {
      if (v.givenBy === 'guardian' && !v.guardianLinkId)
        ctx.addIssue({ code: 'custom', path: ['guardianLinkId'], message: 'required' });
    },
    { when: () => true },
  );

export const consent = z.object({
  kind: z.enum(CONSENT_KINDS),
  granted: z.boolean(),
  givenOn: z.string(),
  givenBy: z.enum(['self', 'guardian']),
  guardianLinkId: uuid.nullable(),
  /** The guardian's name, when the user may see it. */
  guardianName: z.string().nullable(),
  documentId: uuid.nullable(),
  documentTitle: z.string().nullable(),
  notes: z.string().nullable(),
  updatedAt: z.string(),
});
export type Consent = z.infer<typeof consent>;
export const consentsResponse = envelope(z.array(consent));

// ---------------------------------------------------------------- photo

export const personPhoto = z.object({
  hasPhoto: z.boolean(),
  /** Image-use consent granted: without it the photo is shown inside the file only, and never exported. */
  imageConsent: z.boolean(),
});
export const personPhotoResponse = envelope(personPhoto);
