import { z } from 'zod';
import {
  catalogCode,
  envelope,
  localDateTime,
  MAX_INT,
  optionalCatalogCode,
  optionalDate,
  optionalText,
  paged,
  text,
  uuid,
  version,
} from '../validation.ts';
import { phoneField } from './auth.schema.ts';

/**
 * The person's case file beyond the registry (issue 4): linked people,
 * alleged perpetrators and attentions. Every endpoint obeys the person's
 * grants: reading needs can_read, writing needs can_write.
 */

const optionalAge = z
  .preprocess(
    (v) => (v === '' ? null : v),
    z.number().int().min(0, 'too_small:0').max(120, 'too_big::120').nullable().optional(),
  )
  .transform((v) => v ?? null);

// ---------------------------------------------------------------- linked people

/**
 * A link to another registered person (`linkedPersonId`, which the user must
 * be able to read) or a person outside the registry (names and last names).
 * `bond` is what the linked person is to this person (bond catalog: MADRE, ...).
 */
export const linkInput = z
  .object({
    linkedPersonId: z.preprocess((v) => (v === '' ? null : v), uuid.nullable().optional()).transform((v) => v ?? null),
    names: optionalText(100),
    lastNames: optionalText(100),
    sex: optionalCatalogCode,
    age: optionalAge,
    phones: z.array(phoneField).max(5, 'too_big::5').default([]),
    bond: catalogCode,
    livesWith: z.boolean().default(false),
    legalGuardian: z.boolean().default(false),
    notes: optionalText(1000),
  })
  .superRefine(
    (v, ctx) => {
      if (v.linkedPersonId) return;
      if (!v.names) ctx.addIssue({ code: 'custom', path: ['names'], message: 'required' });
      if (!v.lastNames) ctx.addIssue({ code: 'custom', path: ['lastNames'], message: 'required' });
    },
    { when: () => true },
  );
export const linkUpdate = linkInput.and(z.object({ version }));
export type LinkInput = z.input<typeof linkInput>;

export const link = z.object({
  id: uuid,
  /** `outgoing`: recorded on this file; `incoming`: another registered person's file links to this one. */
  direction: z.enum(['outgoing', 'incoming']),
  /** The other registered person, when the link is between two registered persons. */
  otherPersonId: uuid.nullable(),
  /** True when the user holds no read grant on that other person: no name is shown. */
  otherPersonRestricted: z.boolean(),
  names: z.string().nullable(),
  lastNames: z.string().nullable(),
  sex: z.string().nullable(),
  age: z.number().int().nullable(),
  phones: z.array(z.string()),
  bond: z.string(),
  livesWith: z.boolean(),
  legalGuardian: z.boolean(),
  notes: z.string().nullable(),
  version: z.number().int(),
  createdAt: z.string(),
});
export type Link = z.infer<typeof link>;
export const linksResponse = envelope(z.array(link));

// ---------------------------------------------------------------- perpetrators

/**
 * An alleged perpetrator of harm against the person. Never listed or searched
 * outside the person's file; every view is audited.
 */
export const perpetratorInput = z
  .object({
    names: optionalText(150),
    alias: optionalText(60),
    sex: optionalCatalogCode,
    approximateAge: optionalAge,
    bond: optionalCatalogCode,
    /** Types of violence (thematic catalog). */
    thematic: z.array(catalogCode).min(1, 'select_at_least_one').max(13, 'too_big::13'),
    reported: z.boolean().default(false),
    /** Where it was reported (report_institution catalog: MP, PNC, PGN, JUZGADO, ...). */
    reportedTo: z.array(catalogCode).max(6, 'too_big::6').default([]),
    caseNumber: optionalText(60),
    notes: optionalText(2000),
  })
  .superRefine(
    (v, ctx) => {
      if (!v.names && !v.alias) ctx.addIssue({ code: 'custom', path: ['names'], message: 'required' });
      if (v.reported && (!v.reportedTo || v.reportedTo.length === 0))
        ctx.addIssue({ code: 'custom', path: ['reportedTo'], message: 'select_at_least_one' });
    },
    { when: () => true },
  );
export const perpetratorUpdate = perpetratorInput.and(z.object({ version }));
export type PerpetratorInput = z.input<typeof perpetratorInput>;

export const perpetrator = z.object({
  id: uuid,
  names: z.string().nullable(),
  alias: z.string().nullable(),
  sex: z.string().nullable(),
  approximateAge: z.number().int().nullable(),
  bond: z.string().nullable(),
  thematic: z.array(z.string()),
  reported: z.boolean(),
  reportedTo: z.array(z.string()),
  caseNumber: z.string().nullable(),
  notes: z.string().nullable(),
  version: z.number().int(),
  createdAt: z.string(),
});
export type Perpetrator = z.infer<typeof perpetrator>;
export const perpetratorResponse = envelope(perpetrator);
export const perpetratorsResponse = envelope(z.array(perpetrator));

// ---------------------------------------------------------------- attentions

/** 'YYYY-MM-DDTHH:mm', local time in America/Guatemala (the server refuses an attention more than a day ahead: `date_order`). */
/** 'YYYY-MM-DDTHH:mm' in America/Guatemala, a real date (see validation.ts). */
export { localDateTime };

/**
 * A service a professional gave the person (inferred from the attention,
 * professional and case-management reports the spec names).
 */
export const attentionInput = z.object({
  attendedAt: localDateTime,
  professionalId: uuid,
  /** attention_area catalog: PSICOLOGIA, TRABAJO_SOCIAL, LEGAL, SALUD, EDUCACION, OTRA. */
  area: catalogCode,
  /** attention_modality catalog: INDIVIDUAL, FAMILIAR, GRUPAL, VISITA_DOMICILIARIA, TELEFONICA. */
  modality: catalogCode,
  durationMinutes: z.number().int().min(1, 'too_small:1').max(1440, 'too_big::1440'),
  summary: text(4000, 3),
  agreements: optionalText(4000),
  nextFollowUp: optionalDate,
  /** The planning line (POA) of the attention's year it executes (issue 13 section 3, 'Goals achieved'). */
  planningLineId: z.preprocess((v) => (v === '' ? null : v), uuid.nullable().optional()).transform((v) => v ?? null),
});
export const attentionUpdate = attentionInput.extend({ version });
export type AttentionInput = z.input<typeof attentionInput>;

export const attention = z.object({
  id: uuid,
  personId: uuid,
  attendedAt: localDateTime,
  professionalId: uuid,
  professionalName: z.string(),
  area: z.string(),
  modality: z.string(),
  durationMinutes: z.number().int(),
  summary: z.string(),
  agreements: z.string().nullable(),
  nextFollowUp: z.string().nullable(),
  planningLineId: uuid.nullable(),
  version: z.number().int(),
  createdAt: z.string(),
});
export type Attention = z.infer<typeof attention>;
export const attentionResponse = envelope(attention);
export const attentionListQuery = z.object({
  page: z.coerce.number().int().min(1).max(MAX_INT).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export const attentionsResponse = envelope(paged(attention));

/** The professional's own attentions (reachable from the account). Person names only where a read grant holds. */
export const myAttention = attention.extend({ personName: z.string().nullable(), personRestricted: z.boolean() });
export const myAttentionsResponse = envelope(paged(myAttention));
