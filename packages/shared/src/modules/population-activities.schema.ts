import { z } from 'zod';
import {
  catalogCode,
  envelope,
  isoDate,
  itemAge,
  localDateTime,
  optionalText,
  paged,
  pageQuery,
  searchTerm,
  text,
  uuid,
  version,
} from '../validation.ts';

/**
 * Group activities (issue 4, permission `poblacion_actividades`):
 * registered participants (only persons the user may read can be attached or
 * shown), counts of unregistered participants by sex and age group, photos.
 */

export const unregisteredCount = z.object({
  sex: catalogCode,
  ageGroup: catalogCode,
  count: z.number({ error: 'not_a_number' }).int().min(1, 'too_small:1').max(10000, 'too_big::10000'),
});

export const activityInput = z
  .object({
    name: text(200, 3),
    /** activity_type catalog. */
    activityType: catalogCode,
    /** 'YYYY-MM-DDTHH:mm', America/Guatemala. */
    startsAt: localDateTime,
    headquarterId: z.preprocess((v) => (v === '' ? null : v), uuid.nullable().optional()).transform((v) => v ?? null),
    state: z.string().regex(/^\d{2}$/, 'invalid'),
    town: z.string().regex(/^\d{4}$/, 'invalid'),
    place: optionalText(200),
    facilitatorIds: z.array(uuid).min(1, 'select_at_least_one').max(20, 'too_big::20'),
    thematic: z.array(catalogCode).max(13, 'too_big::13').default([]),
    description: optionalText(4000),
    unregistered: z.array(unregisteredCount).max(40, 'too_big::40').default([]),
    /** The planning line (POA) of the activity's year it executes (issue 13 section 3, 'Goals achieved'). */
    planningLineId: z.preprocess((v) => (v === '' ? null : v), uuid.nullable().optional()).transform((v) => v ?? null),
  })
  .superRefine(
    (v, ctx) => {
      if (typeof v.town === 'string' && typeof v.state === 'string' && !v.town.startsWith(v.state)) {
        ctx.addIssue({ code: 'custom', path: ['town'], message: 'municipality_not_in_department' });
      }
      const seen = new Set<string>();
      (v.unregistered ?? []).forEach((u, i) => {
        const key = `${u?.sex}/${u?.ageGroup}`;
        if (seen.has(key))
          ctx.addIssue({ code: 'custom', path: ['unregistered', i, 'ageGroup'], message: 'duplicate' });
        seen.add(key);
      });
    },
    { when: () => true },
  );
export const activityUpdate = activityInput.and(z.object({ version }));
/**
 * A new activity, with the registered participants picked in the add form (issue 24 section 6 item 11): each must
 * be a person the caller may read (403 `no_person_access`); later ones are added on the activity's page.
 */
export const activityCreate = activityInput.and(
  z.object({ participantIds: z.array(uuid).max(500, 'too_big::500').default([]) }),
);
export type ActivityInput = z.input<typeof activityInput>;
export type ActivityCreate = z.input<typeof activityCreate>;

export const activityParticipant = z.object({
  personId: uuid,
  names: z.string(),
  lastNames: z.string(),
  sex: z.string(),
  ageGroup: z.string().nullable(),
  /** Has a granted image-use consent (without it their face is hidden in photos). */
  imageConsent: z.boolean(),
});

export const activityPhoto = z.object({
  id: uuid,
  mime: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  sizeBytes: z.number().int(),
  uploadedAt: z.string(),
  /**
   * Hidden (a placeholder instead) when someone tagged in it lacks image-use
   * consent, or while nobody has said who appears in it and a participant lacks it.
   */
  hidden: z.boolean(),
  /** The caller may open it even if hidden: its uploader or a facilitator, who were there (to tag it). */
  canView: z.boolean(),
  /** Someone has said who appears in it. */
  reviewed: z.boolean(),
  /** Tagged participants the caller may read. */
  persons: z.array(z.object({ personId: uuid, names: z.string(), lastNames: z.string(), imageConsent: z.boolean() })),
  /** Tagged participants the caller may not read: counted, never named. */
  restrictedPersons: z.number().int(),
});

export const activitySummary = z.object({
  id: uuid,
  name: z.string(),
  activityType: z.string(),
  startsAt: localDateTime,
  headquarterName: z.string().nullable(),
  stateName: z.string().nullable(),
  townName: z.string().nullable(),
  place: z.string().nullable(),
  /** Registered participants (all, including those the user may not see) plus unregistered counts. */
  participantCount: z.number().int(),
  photoCount: z.number().int(),
});
export const activity = activitySummary.extend({
  headquarterId: uuid.nullable(),
  state: z.string(),
  town: z.string(),
  facilitators: z.array(z.object({ id: uuid, fullName: z.string() })),
  thematic: z.array(z.string()),
  description: z.string().nullable(),
  planningLineId: uuid.nullable(),
  unregistered: z.array(unregisteredCount),
  /** Registered participants the user may read. */
  participants: z.array(activityParticipant),
  /** Registered participants the user may not read: counted, never named. */
  restrictedParticipants: z.number().int(),
  photos: z.array(activityPhoto),
  version: z.number().int(),
  /** The caller may change it: its creator, a current facilitator or a holder of `poblacion_actividades_gestion` (issue 9 item 2). */
  canEdit: z.boolean(),
  /** The caller holds `poblacion_actividades_gestion`: may untag a hidden photo, with a reason. */
  canManage: z.boolean(),
});
export type Activity = z.infer<typeof activity>;
export type ActivitySummary = z.infer<typeof activitySummary>;

export const activityListQuery = pageQuery.extend({
  q: searchTerm(100),
  activityType: catalogCode.optional(),
  /** Activities starting on or after / on or before this date (America/Guatemala); 1900–2100 (issue 23 section 4). */
  from: isoDate.optional(),
  to: isoDate.optional(),
  order: z.enum(['asc', 'desc']).default('desc'),
  /** Age of the record (spec section 9), on `created_at` in America/Guatemala (not the start date). */
  age: itemAge.optional(),
});

export const participantInput = z.object({ personId: uuid });
/** Who appears in a photo: registered participants of the activity (replaces the caller's visible tags). */
export const photoPersonsInput = z.object({
  personIds: z.array(uuid).max(500, 'too_big::500'),
  /**
   * Required (400 `required`) when the photo is hidden for lack of image consent and the change
   * untags someone or says nobody is in it; only `poblacion_actividades_gestion` may (issue 9 item 2).
   * Recorded on each affected person's history.
   */
  reason: optionalText(500),
});

export const activityResponse = envelope(activity);
export const activityListResponse = envelope(paged(activitySummary));
/** The activities a person attended (on their file). */
export const personActivitiesResponse = envelope(z.array(activitySummary));

/** Planning lines an activity or attention of `year` may pick (issue 13 section 3, 'Goals achieved'). */
export const planningLineOptionsQuery = z.object({
  year: z.coerce.number().int().min(2000, 'invalid').max(2100, 'invalid'),
  q: z.string().trim().max(100, 'length:0:100').optional(),
});
export const planningLineOptionsResponse = envelope(
  z.array(z.object({ value: uuid, label: z.string(), year: z.number().int() })),
);
