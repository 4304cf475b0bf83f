import fp from 'fastify-plugin';
import type { FastifyError, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { parseMessage, toFieldErrors } from '@amparo/shared/validation';
import type { ErrorCode, FieldError, Problem } from '@amparo/shared/errors';
import { AppError } from '../lib/errors.ts';

const TITLES: Record<number, string> = {
  400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found', 409: 'Conflict',
  413: 'Content Too Large', 415: 'Unsupported Media Type', 429: 'Too Many Requests', 500: 'Internal Server Error',
};

export function sendProblem(reply: FastifyReply, status: number, code: ErrorCode, errors?: FieldError[]) {
  const problem: Problem = {
    type: `https://amparo.local/problems/${code}`,
    title: TITLES[status] ?? 'Error',
    status,
    code,
    instance: reply.request.url.split('?')[0] ?? '',
    ...(errors?.length ? { errors } : {}),
  };
  return reply.status(status).type('application/problem+json; charset=utf-8').send(problem);
}

/**
 * Renders every error as RFC 9457 problem+json: schema validation (400 with
 * field errors), AppError, body/upload limits (413), rate limits (429) and
 * anything else (500, logged, no detail leaked).
 */
export const errorsPlugin = fp(async (app) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((v) => parseMessage(v.instancePath.replace(/^\//, '').replace(/\//g, '.'), v.message ?? 'invalid'));
      return sendProblem(reply, 400, 'validation', dedupe(errors));
    }
    if (error instanceof ZodError) return sendProblem(reply, 400, 'validation', toFieldErrors(error));
    if (error instanceof AppError) return sendProblem(reply, error.status, error.code, error.fieldErrors);
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, cause: error.cause }, 'response does not match its schema');
      return sendProblem(reply, 500, 'internal');
    }
    const status = error.statusCode ?? 500;
    if (status === 413 || error.code === 'FST_REQ_FILE_TOO_LARGE' || error.code === 'FST_PARTS_LIMIT' || error.code === 'FST_FILES_LIMIT') {
      return sendProblem(reply, 413, 'payload_too_large');
    }
    if (status === 415) return sendProblem(reply, 415, 'unsupported_media_type');
    if (status === 429) return sendProblem(reply, 429, 'too_many_attempts');
    if (status >= 400 && status < 500) return sendProblem(reply, status, status === 404 ? 'not_found' : 'validation');
    request.log.error({ err: error }, 'unhandled error');
    return sendProblem(reply, 500, 'internal');
  });
});

function dedupe(errors: FieldError[]): FieldError[] {
  const seen = new Set<string>();
  return errors.filter((e) => (seen.has(e.field) ? false : (seen.add(e.field), true)));
}
