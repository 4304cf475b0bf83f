import type { z } from 'zod';
import type { TFunction } from 'i18next';
import { toFieldErrors } from '@amparo/shared/validation';
import { translateFieldError } from './server-errors';

/**
 * A shared zod schema's messages for `values`, translated, by field path: the browser checks exactly what the
 * server checks (architecture rule 3). `useZodForm` (`shared/hooks/use-zod-form.ts`) runs it on blur and change;
 * nothing else builds a form's check.
 */
export function schemaMessages(schema: z.ZodType, values: unknown, t: TFunction): Record<string, string> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const out: Record<string, string> = {};
  for (const e of toFieldErrors(result.error)) out[e.field] = translateFieldError(t, e);
  return out;
}
