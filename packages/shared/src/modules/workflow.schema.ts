import { z } from 'zod';
import { envelope, isoDate, optionalDate, uuid } from '../validation.ts';

/**
 * Delegations (issue 25 section 1, decision 0026): a user lets another act in their name in the workflows'
 * approvals over a range of days (leave, travel), in one workflow or all. The delegate may take only what the
 * delegating user may take, never more; the history names both. Dates are America/Guatemala calendar days.
 */

/** Where a delegation stands today: not started yet, in force, or over (ended early or past its last day). */
export const DELEGATION_STATES = ['scheduled', 'in_force', 'ended'] as const;
export type DelegationState = (typeof DELEGATION_STATES)[number];

/** A user as a delegation shows them. */
const person = z.object({ id: z.string(), name: z.string() });

/**
 * One delegation (`GET /api/workflow/delegations`): who delegates (`from`) to whom (`to`), from `validFrom` to
 * `lastDay` (both 'YYYY-MM-DD', inclusive; `lastDay` null: until ended), the workflow's name or null for every
 * workflow, its state today, who recorded it and when (ISO instant), and `endedAt` (ISO) when ended early.
 */
export const delegation = z.object({
  id: z.string(),
  from: person,
  to: person,
  validFrom: z.string(),
  lastDay: z.string().nullable(),
  workflow: z.string().nullable(),
  state: z.enum(DELEGATION_STATES),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
  endedAt: z.string().nullable(),
});
export type Delegation = z.infer<typeof delegation>;

/**
 * The caller's delegations, given and received, newest first, with the names of the workflows a delegation may
 * be limited to (for the form's choice; the web translates them).
 */
export const delegationListResponse = envelope(
  z.object({ given: z.array(delegation), received: z.array(delegation), workflows: z.array(z.string()) }),
);
export const delegationResponse = envelope(delegation);

/**
 * A new delegation from the caller (`POST /api/workflow/delegations`): the delegate, the first day (today or
 * later), the last day (inclusive; none: until ended) and the workflow (none: every workflow).
 */
export const delegationInput = z
  .object({
    toUserId: uuid,
    validFrom: isoDate,
    lastDay: optionalDate,
    workflow: z.string().trim().max(64, 'length:0:64').nullable().optional(),
  })
  .refine((v) => !v.lastDay || v.lastDay >= v.validFrom, { path: ['lastDay'], message: 'date_order' });
export type DelegationInput = z.input<typeof delegationInput>;
