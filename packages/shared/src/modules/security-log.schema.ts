import { z } from 'zod';
import { envelope, optionalDate, paged, pageQuery, uuid } from '../validation.ts';

/** What the security log records (issue 9 item 5). */
export const SECURITY_EVENT_KINDS = ['login_failed', 'login_locked', 'forbidden', 'account_locked'] as const;

/** GET /api/security-log: newest first; `from`/`to` are days in America/Guatemala (inclusive). */
export const securityLogQuery = pageQuery.omit({ order: true }).extend({
  kind: z.enum(SECURITY_EVENT_KINDS).optional(),
  from: optionalDate,
  to: optionalDate,
});

export const securityEventItem = z.object({
  id: z.number().int(),
  at: z.string(),
  kind: z.enum(SECURITY_EVENT_KINDS),
  userId: uuid.nullable(),
  userName: z.string().nullable(),
  loginName: z.string().nullable(),
  code: z.string().nullable(),
  ip: z.string().nullable(),
  method: z.string().nullable(),
  route: z.string().nullable(),
  requestId: z.string().nullable(),
});
export type SecurityEventItem = z.infer<typeof securityEventItem>;

export const securityLogResponse = envelope(paged(securityEventItem));

/** A background job whose retries are spent (issue 12): queue name, attempts and the last error, never its data. */
export const failedJobItem = z.object({
  id: z.string(),
  name: z.string(),
  attempts: z.number().int(),
  error: z.string().nullable(),
  createdOn: z.string(),
  completedOn: z.string().nullable(),
});
export type FailedJobItem = z.infer<typeof failedJobItem>;
export const failedJobsResponse = envelope(z.object({ items: z.array(failedJobItem) }));
