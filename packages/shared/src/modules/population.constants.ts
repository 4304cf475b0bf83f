/**
 * What the persons list's first load reads of the population contract, without zod (issue 24 section 4);
 * `population.schema.ts` re-exports it beside its schemas.
 */

/** The persons list's sort keys (spec section 9). */
export const PERSON_SORTS = ['names', 'lastNames', 'admissionDate', 'createdAt', 'fileCode'] as const;

/** The client's booleans; a failed call makes all three false (spec section 8). */
export interface PersonAccess {
  administrator: boolean;
  canRead: boolean;
  canWrite: boolean;
}
export const NO_ACCESS: PersonAccess = { administrator: false, canRead: false, canWrite: false };
export function toPersonAccess(
  data: { administrator: string; can_read: string; can_write: string } | null | undefined,
): PersonAccess {
  if (!data) return NO_ACCESS;
  return {
    administrator: data.administrator === 'Y',
    canRead: data.can_read === 'Y',
    canWrite: data.can_write === 'Y',
  };
}
