import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { zodValidate } from '../lib/form';
import { applyServerErrors } from '../lib/server-errors';
import { notifyError } from '../lib/notify';

/**
 * A Mantine form checked by a shared zod contract on blur, change and input
 * (spec section 5). `submitWith(handler)` runs the handler with valid values;
 * a server error puts its field errors beside the fields and its problem in a
 * notification (the handler's own success path stays with the caller).
 */
export function useZodForm<V extends Record<string, unknown>>(schema: z.ZodType, initialValues: V) {
  const { t } = useTranslation();
  const form = useForm<V>({
    initialValues,
    validate: zodValidate(schema, t),
    validateInputOnBlur: true,
    validateInputOnChange: true,
  });
  const submitWith = (handler: (values: V) => Promise<unknown>) =>
    form.onSubmit(async (values) => {
      try {
        await handler(values);
      } catch (error) {
        notifyError(applyServerErrors(error, t, form.setErrors));
      }
    });
  return { form, submitWith };
}
