import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { ERROR_CODES, type ErrorCode } from '@amparo/shared/errors';
import { isPermissionKey } from '@amparo/shared/permissions';
import type { RoutePermission } from './auth.ts';

/**
 * The OpenAPI document's problem answers (issue 24 section 5): every operation declares the RFC 9457
 * problem+json answers it can give, derived here from the route's own options rather than written on each
 * route, so a client generated from `/api/docs/json` knows every error it can meet:
 * - 400 `validation` with field errors, when the route takes a body, a query or path parameters;
 * - 401 `unauthenticated`, when it needs a session; 403 `forbidden`, when it needs a permission key;
 * - 404 `not_found`, when it names a record in its path;
 * - 409 `version_conflict`, when its body carries the record's `version` (an update checked for concurrent edits);
 * - 409 `write_conflict` with Retry-After, when it writes (any method but GET and HEAD): a deadlock or a
 *   serialization failure met twice (`lib/transaction.ts`), retryable;
 * - what the route adds in `config.problems` (status → codes), e.g. a 409 `in_use` or a 503 with Retry-After.
 */

/** RFC 9457 problem details as `plugins/errors.ts` sends them (Problem and FieldError in @amparo/shared/errors). */
const problemSchema = (codes: readonly ErrorCode[] = ERROR_CODES) => ({
  type: 'object',
  required: ['type', 'title', 'status', 'code'],
  properties: {
    type: { type: 'string' },
    title: { type: 'string' },
    status: { type: 'integer' },
    code: { type: 'string', enum: [...codes] },
    detail: { type: 'string' },
    instance: { type: 'string' },
    errors: {
      type: 'array',
      items: {
        type: 'object',
        required: ['field', 'code'],
        properties: {
          field: { type: 'string', description: 'Dotted path of the field, e.g. `names` or `phones.0`' },
          code: { type: 'string' },
          params: { type: 'object', additionalProperties: true },
        },
      },
    },
  },
});

const DESCRIPTIONS: Record<number, string> = {
  400: 'Bad input: the fields that failed, each with its code (`errors`)',
  401: 'No valid session',
  403: 'The session lacks the permission key the operation needs',
  404: 'The record named in the path does not exist or is not visible to the caller',
  409: 'The record changed or is in a state that refuses the operation',
  413: 'The upload is too large',
  422: 'The request cannot be carried out as asked',
  429: 'Too many attempts: try again later',
  503: 'The server is busy: try again after Retry-After seconds',
};

/** Extra problem answers a route can give, by status: the codes it answers with (declared in route options). */
export type RouteProblems = Partial<Record<400 | 404 | 409 | 413 | 422 | 429 | 503, ErrorCode[]>>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Problem answers beyond those derived from the route's options (plugins/openapi.ts), for the API description. */
    problems?: RouteProblems;
  }
}

/** Top-level property names of a JSON schema (through allOf/anyOf), for the `version` check. */
function propertiesOf(schema: unknown): string[] {
  const s = schema as { properties?: object; allOf?: unknown[]; anyOf?: unknown[]; oneOf?: unknown[] } | undefined;
  if (!s || typeof s !== 'object') return [];
  return [
    ...Object.keys(s.properties ?? {}),
    ...[...(s.allOf ?? []), ...(s.anyOf ?? []), ...(s.oneOf ?? [])].flatMap(propertiesOf),
  ];
}

/** The problem answers of a route, by status, with their codes. */
export function problemAnswers(
  schema: { body?: unknown; querystring?: unknown; params?: unknown },
  permission: RoutePermission | undefined,
  extra: RouteProblems = {},
  writes = false,
): Map<number, ErrorCode[]> {
  const out = new Map<number, ErrorCode[]>();
  const add = (status: number, codes: ErrorCode[]) =>
    out.set(status, [...new Set([...(out.get(status) ?? []), ...codes])]);
  if (schema.body || schema.querystring || schema.params) add(400, ['validation']);
  if (permission && permission !== 'public') add(401, ['unauthenticated']);
  if (permission && isPermissionKey(permission)) add(403, ['forbidden']);
  if (schema.params) add(404, ['not_found']);
  if (propertiesOf(schema.body).includes('version')) add(409, ['version_conflict']);
  if (writes) add(409, ['write_conflict']);
  for (const [status, codes] of Object.entries(extra)) add(Number(status), codes ?? []);
  return new Map([...out].sort(([a], [b]) => a - b));
}

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

/**
 * @fastify/swagger's `transform`: the zod type provider's (zod schemas to JSON schemas), then the route's
 * problem answers added to its responses as `application/problem+json` (503 with its Retry-After header), and
 * a binary 200 for the routes that send files without a body schema.
 */
export function openApiTransform(input: TransformInput) {
  const out = jsonSchemaTransform(input);
  const route = (
    input as {
      route?: { method?: string | string[]; config?: { permission?: RoutePermission; problems?: RouteProblems } };
    }
  ).route;
  const writes = [route?.method ?? []].flat().some((m) => !['GET', 'HEAD'].includes(m.toUpperCase()));
  const schema = (out.schema ?? {}) as { body?: unknown; querystring?: unknown; params?: unknown; response?: object };
  const response: Record<string, unknown> = { ...(schema.response ?? {}) };
  // Routes that send a file or a stream declare no body schema; without a 2xx of their own, say what succeeds.
  if (!Object.keys(response).some((status) => status.startsWith('2')))
    response['200'] = {
      description: 'The file or document the summary names',
      content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
    };
  for (const [status, codes] of problemAnswers(schema, route?.config?.permission, route?.config?.problems, writes)) {
    if (String(status) in response) continue;
    response[String(status)] = {
      description: `${DESCRIPTIONS[status] ?? 'Error'} (${codes.map((c) => `\`${c}\``).join(', ')})`,
      ...(status === 503 || codes.includes('write_conflict')
        ? { headers: { 'retry-after': { type: 'integer', description: 'Seconds to wait before trying again' } } }
        : {}),
      content: { 'application/problem+json': { schema: problemSchema(codes) } },
    };
  }
  return { ...out, schema: { ...schema, response } };
}
