import type { z } from 'zod';
import type { TFunction } from 'i18next';
import { toFieldErrors } from '@amparo/shared/validation';
import { translateFieldError } from './server-errors';

/**
 * A Mantine `useForm({ validate })` function from a shared zod schema, so the
 * browser checks exactly what the server checks (architecture rule 3).
 * Use with `validateInputOnBlur` and `validateInputOnChange` (spec section 5).
 */
export function zodValidate<S extends z.ZodType>(schema: S, t: TFunction) {
  return (values: unknown): Record<string, string> => {
    const result = schema.safeParse(values);
    if (result.success) return {};
    const out: Record<string, string> = {};
    for (const e of toFieldErrors(result.error)) out[e.field] = translateFieldError(t, e);
    return out;
  };
}
