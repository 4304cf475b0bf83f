import fp from 'fastify-plugin';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { CONTROL_CHARACTERS, parseMessage, toFieldErrors } from '@amparo/shared/validation';
import type { ErrorCode, FieldError, Problem } from '@amparo/shared/errors';
import { AppError, isRetryableConflict } from '../lib/errors.ts';
import { WRITE_CONFLICT_RETRY_AFTER } from '../lib/transaction.ts';

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/** The problem+json body of an answer to `url` (its path is the `instance`). */
export function problemBody(url: string, status: number, code: ErrorCode, errors?: FieldError[]): Problem {
  return {
    type: `https://amparo.local/problems/${code}`,
    title: TITLES[status] ?? 'Error',
    status,
    code,
    instance: url.split('?')[0] ?? '',
    ...(errors?.length ? { errors } : {}),
  };
}

export function sendProblem(reply: FastifyReply, status: number, code: ErrorCode, errors?: FieldError[]) {
  reply.request.problemCode = code;
  return reply
    .status(status)
    .type('application/problem+json; charset=utf-8')
    .send(problemBody(reply.request.url, status, code, errors));
}

/** What an error is answered with: its status, code, field errors and the headers that go with it. */
export interface ProblemAnswer {
  status: number;
  code: ErrorCode;
  errors?: FieldError[];
  /** Lower-case names (a 503's or a write conflict's Retry-After). */
  headers: Record<string, string>;
}

/**
 * The answer the error handler gives `error` (see `errorsPlugin`); an unexpected error, or an answer that breaks
 * its contract, is logged on `request` here. Also what a stream already begun reports in-band
 * (`plugins/progress-stream.ts`).
 */
export function problemAnswer(error: unknown, request: FastifyRequest): ProblemAnswer {
  const answer = (status: number, code: ErrorCode, errors?: FieldError[], headers: Record<string, string> = {}) => ({
    status,
    code,
    ...(errors ? { errors } : {}),
    headers,
  });
  if (hasZodFastifySchemaValidationErrors(error)) {
    const errors = error.validation.map((v) =>
      parseMessage(v.instancePath.replace(/^\//, '').replace(/\//g, '.'), v.message ?? 'invalid'),
    );
    return answer(400, 'validation', dedupe(errors));
  }
  if (error instanceof ZodError) return answer(400, 'validation', toFieldErrors(error));
  if (error instanceof AppError) return answer(error.status, error.code, error.fieldErrors, error.headers);
  // A deadlock or serialization failure outside `inTransaction` (which retries once): retryable, not a fault.
  if (isRetryableConflict(error))
    return answer(409, 'write_conflict', undefined, { 'retry-after': String(WRITE_CONFLICT_RETRY_AFTER) });
  if (isResponseSerializationError(error)) {
    request.log.error(
      { err: loggableError(error), cause: loggableError(error.cause) },
      'response does not match its schema',
    );
    return answer(500, 'internal');
  }
  const e = error as Partial<FastifyError>;
  const status = e.statusCode ?? 500;
  if (
    status === 413 ||
    e.code === 'FST_REQ_FILE_TOO_LARGE' ||
    e.code === 'FST_PARTS_LIMIT' ||
    e.code === 'FST_FILES_LIMIT'
  )
    return answer(413, 'payload_too_large');
  if (status === 415) return answer(415, 'unsupported_media_type');
  if (status === 429) return answer(429, 'too_many_attempts');
  if (status >= 400 && status < 500) return answer(status, status === 404 ? 'not_found' : 'validation');
  request.log.error({ err: loggableError(error) }, 'unhandled error');
  return answer(500, 'internal');
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The problem code answered, if any (the security log records it with a 403). */
    problemCode: ErrorCode | null;
  }
}

/**
 * Renders every error as RFC 9457 problem+json: schema validation (400 with
 * field errors), AppError (with its headers, such as a 503's Retry-After),
 * body/upload limits (413), rate limits (429) and anything else (500, logged,
 * no detail leaked).
 */
export const errorsPlugin = fp(async (app) => {
  app.decorateRequest('problemCode', null);
  // Safety net under the schemas (issue 9 item 7): no string anywhere in a
  // query or JSON body may carry control characters, whatever its schema says
  // (passwords, tokens, enums...). PostgreSQL refuses NUL in text (500 before).
  app.addHook('preValidation', async (request) => {
    const bad =
      findControlCharacters(request.query) ??
      findControlCharacters(request.body) ??
      findControlCharacters(request.params);
    if (bad !== null) throw new AppError(400, 'validation', [{ field: bad, code: 'invalid_characters' }]);
  });
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const { status, code, errors, headers } = problemAnswer(error, request);
    reply.headers(headers);
    return sendProblem(reply, status, code, errors);
  });
});

function dedupe(errors: FieldError[]): FieldError[] {
  const seen = new Set<string>();
  return errors.filter((e) => (seen.has(e.field) ? false : (seen.add(e.field), true)));
}

/** Dotted path of the first string (key or value) holding a control character, or null. Walks at most 10 levels. */
export function findControlCharacters(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') return CONTROL_CHARACTERS.test(value) ? path : null;
  if (depth > 10 || value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return null;
  for (const [key, item] of Object.entries(value)) {
    const here = path ? `${path}.${key}` : key;
    if (CONTROL_CHARACTERS.test(key)) return here;
    const found = findControlCharacters(item, here, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/**
 * What an unexpected error may put in the log (issue 9 item 7: no personal
 * data in logs). Drizzle's query errors carry the statement's parameters
 * (children's names) in `params` and in their message ("params: ..."), and
 * PostgreSQL's messages and details quote the offending values; we keep the
 * statement (placeholders only), the SQLSTATE and the names of the constraint,
 * table and column, and drop every value. Follows `cause` a few levels.
 */
export function loggableError(err: unknown, depth = 0): Record<string, unknown> | undefined {
  if (!(err instanceof Error) && (typeof err !== 'object' || err === null))
    return err === undefined ? undefined : { value: typeof err };
  const e = err as Error & Record<string, unknown>;
  const out: Record<string, unknown> = { type: e.constructor?.name ?? 'Error' };
  const dbish = 'params' in e || 'severity' in e || 'routine' in e || /^Failed query:/.test(String(e.message));
  out.message = dbish ? scrubMessage(String(e.message ?? '')) : e.message;
  if (typeof e.query === 'string') out.query = e.query;
  for (const k of ['code', 'severity', 'constraint', 'table', 'column', 'routine', 'statusCode'])
    if (e[k] !== undefined) out[k] = e[k];
  // The first line of a stack repeats the message; keep only the frames.
  if (typeof e.stack === 'string')
    out.stack = dbish
      ? e.stack
          .split('\n')
          .filter((l) => /^\s+at /.test(l))
          .join('\n')
      : e.stack;
  if (e.cause !== undefined && depth < 4) out.cause = loggableError(e.cause, depth + 1);
  return out;
}

/** A database message without values: drizzle's "params: ..." part and anything after ': "' or in a Key (...)=(...) detail. */
function scrubMessage(message: string): string {
  return message
    .replace(/\nparams:[\s\S]*$/, '')
    .replace(/: ".*$/s, '')
    .replace(/=\(.*?\)/g, '=(…)');
}
