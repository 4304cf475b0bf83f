import type { SyntheticEvent } from 'react';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { ErrorCode } from '@amparo/shared/errors';
import { ApiError } from '../lib/api';
import { schemaMessages } from '../lib/form';
import { applyServerErrors } from '../lib/server-errors';
import { notifyError } from '../lib/notify';

type FormValues = Record<string, unknown>;

/** Translated messages by field path, as the form shows them. */
export type FieldMessages = Record<string, string>;

export interface ZodFormOptions<V, T> {
  /**
   * The schema's input built from the values, for a form that holds a field otherwise than the contract
   * takes it (e.g. `null` in a select where the contract wants the key absent).
   */
  toInput?: (values: V) => unknown;
  /**
   * Rules the schema cannot say, or says too late (zod skips a cross-field refinement while any field
   * fails): receives the schema's messages and returns the messages to show.
   */
  validate?: (values: V, messages: FieldMessages) => FieldMessages;
  /** What a submit hands over instead of the values, e.g. the schema's parsed output. */
  transformValues?: (values: V) => T;
  /** After every change, e.g. to check again a field whose rule reads the one that changed. */
  onValuesChange?: (values: V, previous: V) => void;
  /** Problem codes whose message goes beside a field too, e.g. `{ current_password_wrong: 'currentPassword' }`. */
  problemFields?: Partial<Record<ErrorCode, keyof V & string>>;
}

export interface SubmitOptions {
  /** Where the problem's message goes: a notification unless said otherwise (e.g. an alert in the form). */
  onError?: (message: string, error: unknown) => void;
}

export interface ZodForm<V, T> {
  form: UseFormReturnType<V, T>;
  /**
   * A form's `onSubmit`: with valid values, runs the handler (which keeps its own success path); a refusal
   * puts the server's field errors beside the fields and its problem in a notification (or `onError`).
   */
  submitWith: (
    handler: (values: T) => unknown,
    options?: SubmitOptions,
  ) => (event?: SyntheticEvent<HTMLFormElement>) => void;
}

/**
 * The one way to build a form (docs/architecture.md, "One form pattern"): a Mantine form checked by a shared
 * zod contract on blur and change (spec section 5).
 *
 * `useZodForm(schema, initialValues)` types the values as the schema's input, `z.input<typeof schema>`:
 * what the user typed, before the schema's transforms. A form whose fields hold something else names its
 * values type, `useZodForm<Values>(schema, initialValues, { toInput })`, and, with `transformValues`, what a
 * submit hands over: `useZodForm<Values, Output>(...)`.
 */
export function useZodForm<S extends z.ZodType<unknown, FormValues>, T = z.input<S>>(
  schema: S,
  initialValues: z.input<S>,
  options?: ZodFormOptions<z.input<S>, T>,
): ZodForm<z.input<S>, T>;
export function useZodForm<V extends FormValues = never, T = V>(
  schema: z.ZodType,
  initialValues: NoInfer<V>,
  options?: ZodFormOptions<NoInfer<V>, T>,
): ZodForm<V, T>;
export function useZodForm<V extends FormValues, T>(
  schema: z.ZodType,
  initialValues: V,
  options: ZodFormOptions<V, T> = {},
): ZodForm<V, T> {
  const { t } = useTranslation();
  const { toInput, validate, transformValues, onValuesChange, problemFields } = options;
  const form = useForm<V, T>({
    initialValues,
    validate: (values) => {
      const messages = schemaMessages(schema, toInput ? toInput(values) : values, t);
      return validate ? validate(values, messages) : messages;
    },
    validateInputOnBlur: true,
    validateInputOnChange: true,
    transformValues,
    onValuesChange,
  });
  const submitWith: ZodForm<V, T>['submitWith'] = (handler, { onError = notifyError } = {}) =>
    form.onSubmit(async (values) => {
      try {
        await handler(values);
      } catch (error) {
        const message = applyServerErrors(error, t, form.setErrors);
        const field = error instanceof ApiError ? problemFields?.[error.code as ErrorCode] : undefined;
        if (field) form.setFieldError(field, message);
        onError(message, error);
      }
    });
  return { form, submitWith };
}
