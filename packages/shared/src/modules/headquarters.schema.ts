import { z } from 'zod';
import { envelope, optionalText, text, uuid, version } from '../validation.ts';

/** Spec section 5: code, name, country and state are required. `state` is a department INE code. */
export const headquarterInput = z.object({
  code: z
    .string()
    .trim()
    .toUpperCase()
    .min(1, 'required')
    .max(20, 'length:1:20')
    .regex(/^[A-Z0-9_-]+$/, 'invalid'),
  name: text(120, 2),
  /** ISO 3166-1 alpha-2; departments exist for GT only. */
  country: z.string().trim().toUpperCase().min(1, 'required').length(2, 'invalid'),
  state: z
    .string()
    .trim()
    .min(1, 'required')
    .regex(/^\d{2}$/, 'invalid'),
  address: optionalText(250),
  active: z.boolean().default(true),
});
export const headquarterUpdate = headquarterInput.extend({ version });

export const headquarter = z.object({
  id: uuid,
  code: z.string(),
  name: z.string(),
  country: z.string(),
  state: z.string(),
  stateName: z.string().nullable(),
  address: z.string().nullable(),
  active: z.boolean(),
  version: z.number().int(),
});
export type Headquarter = z.infer<typeof headquarter>;
export const headquarterResponse = envelope(headquarter);
export const headquarterListResponse = envelope(z.array(headquarter));
