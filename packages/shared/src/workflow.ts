import { z } from 'zod';

/**
 * A transition open from a record's state that the caller may not take, and why (issue 24 section 6, item 6),
 * as every workflow's record answer carries it beside `allowed`; the web's `WorkflowActions` shows it disabled
 * with its reason. `because`: `missing_permission` (then `permission` names the key) or the name of the rule the
 * caller fails (`not_the_submitter`, `not_the_requester`, `requester`).
 */
export const refusedTransition = z.object({
  name: z.string(),
  to: z.string(),
  because: z.string(),
  permission: z.string().optional(),
});
export type RefusedTransition = z.infer<typeof refusedTransition>;
