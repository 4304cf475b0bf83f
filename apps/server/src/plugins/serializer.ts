import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { z } from 'zod';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';

/** A JSON Schema node as zod writes it (the keywords the normalisation below reads). */
type JsonSchema = { [key: string]: unknown; anyOf?: JsonSchema[]; type?: unknown; nullable?: boolean };

/**
 * The JSON Schema of a response contract for fast-json-stringify, or null when zod cannot express it
 * (a transform, a date, a custom check...). `io: 'output'`: the shape the handler hands over; objects get
 * `additionalProperties: false` (z.object), so only the named fields are written.
 */
export function responseJsonSchema(schema: z.ZodType): JsonSchema | null {
  try {
    const json = z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'throw' });
    return normalise(json as JsonSchema);
  } catch {
    return null;
  }
}

/**
 * `x.nullable()` is `anyOf [x, {type: null}]` in JSON Schema; fast-json-stringify resolves an anyOf by running
 * ajv on every value, so it becomes `x` with `nullable: true` (written as a branch on `=== null`). Same output.
 */
function normalise(node: JsonSchema): JsonSchema {
  if (Array.isArray(node)) return node.map(normalise) as unknown as JsonSchema;
  if (node === null || typeof node !== 'object') return node;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node))
    out[key] = value !== null && typeof value === 'object' ? normalise(value as JsonSchema) : value;
  const options = out.anyOf;
  if (options?.length === 2 && Object.keys(out).every((k) => k === 'anyOf' || k === 'description')) {
    const nullIndex = options.findIndex((o) => o.type === 'null' && Object.keys(o).length === 1);
    const other = options[1 - nullIndex];
    if (nullIndex >= 0 && other && typeof other.type === 'string' && other.type !== 'null' && !('anyOf' in other))
      return { ...other, nullable: true };
  }
  return out;
}

/** The writer of one route's answers of one status, as the serializer compiler made it. */
export interface ResponseWriter {
  method: string;
  url: string;
  /** The status code key of `schema.response` ('200', '2xx'...). */
  status: string;
  /** The zod contract. */
  schema: z.ZodType;
  /** Its JSON Schema as written by the compiled writer; null: the contract kept the zod check. */
  json: JsonSchema | null;
  /** The compiled writer itself (without the contract check that `checkContracts` puts before it). */
  write: (data: unknown) => string;
}

/** An answer that breaks its route's contract, found by the contract check (`RESPONSE_CONTRACT_CHECK`). */
export class ResponseContractError extends Error {
  constructor(route: string, issues: z.core.$ZodIssue[]) {
    // Paths and codes only: never the values, which may be personal data.
    super(`${route}: answer breaks its contract at ${issues.map((i) => `${i.path.join('.')} (${i.code})`).join(', ')}`);
    this.name = 'ResponseContractError';
  }
}

/**
 * Fastify's serializer compiler for every route (issue 24 section 3, decision 0022): each response contract
 * (zod) becomes a compiled writer (fast-json-stringify) of its JSON Schema, which writes only the fields the
 * contract names, at a fraction of the cost of checking every answer with zod. A contract zod cannot express
 * in JSON Schema keeps the zod check. Every writer made is pushed onto `writers` (the tests walk them).
 *
 * The compiled writer coerces a wrong type rather than refusing it (a null where the contract says string is
 * written as ""). With `checkContracts` (config RESPONSE_CONTRACT_CHECK, on in the tests and the browser tests),
 * each answer is also checked with zod first, and one that breaks its contract is a 500 naming the fields, so
 * such a break fails a test instead of reaching a client.
 */
export function compiledSerializerCompiler(
  writers: ResponseWriter[] = [],
  { checkContracts = false }: { checkContracts?: boolean } = {},
): FastifySerializerCompiler<z.ZodType> {
  return (route) => {
    const json = responseJsonSchema(route.schema);
    const compiled = json === null ? zodSerializerCompiler(route) : fastJson(json as Parameters<typeof fastJson>[0]);
    const name = `${route.method} ${route.url ?? ''} ${route.httpStatus ?? ''}`;
    const write =
      checkContracts && json !== null
        ? (data: unknown) => {
            const checked = route.schema.safeParse(data);
            if (!checked.success) throw new ResponseContractError(name, checked.error.issues);
            return compiled(data);
          }
        : compiled;
    writers.push({
      method: route.method,
      url: route.url ?? '',
      status: route.httpStatus ?? '',
      schema: route.schema,
      json,
      write: compiled,
    });
    return write;
  };
}
