import type { FastifyInstance } from 'fastify';

/**
 * Walking the app's OpenAPI document (`app.swagger()`, the JSON schemas the zod type provider derives from the
 * routes' contracts) for the tests generated over every route: poison-input.test.ts, date-range.test.ts.
 */

export type Schema = {
  type?: string | string[];
  format?: string;
  pattern?: string;
  enum?: unknown[];
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  $ref?: string;
};
export type Operation = {
  parameters?: { in: string; name: string; required?: boolean; schema?: Schema }[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
};
export type OpenApiDoc = { paths: Record<string, Record<string, Operation>> };

export const openApiOf = (app: FastifyInstance) => app.swagger() as unknown as OpenApiDoc;

/** Every branch of a schema (nullable fields are anyOf [x, null]). */
export const branches = (s: Schema | undefined): Schema[] =>
  !s
    ? []
    : [
        s,
        ...(s.anyOf ?? []).flatMap(branches),
        ...(s.oneOf ?? []).flatMap(branches),
        ...(s.allOf ?? []).flatMap(branches),
      ];
export const hasType = (s: Schema | undefined, t: string) =>
  branches(s).some((b) => b.type === t || (Array.isArray(b.type) && b.type.includes(t)));

/** A 'YYYY-MM-DD' field (`isoDate`, `optionalDate`, `optionalBirthDate`: JSON schema `format: date`). */
export const isDateSchema = (s: Schema | undefined) => branches(s).some((b) => b.format === 'date');
/** A local 'YYYY-MM-DDTHH:mm' field (`localDateTime`: a pattern with a T), or an instant (`format: date-time`). */
export const isDateTimeSchema = (s: Schema | undefined) =>
  branches(s).some((b) => b.format === 'date-time' || (b.type === 'string' && !!b.pattern?.includes('T')));

/** Paths (arrays of keys) of the string and integer leaves of a body schema, arrays entered at index 0, 4 levels deep. */
export function leaves(
  schema: Schema | undefined,
  path: (string | number)[] = [],
  depth = 0,
): { path: (string | number)[]; schema: Schema }[] {
  if (!schema || depth > 4) return [];
  const out: { path: (string | number)[]; schema: Schema }[] = [];
  for (const b of branches(schema)) {
    for (const [key, child] of Object.entries(b.properties ?? {})) {
      out.push({ path: [...path, key], schema: child });
      out.push(...leaves(child, [...path, key], depth + 1).filter((l) => l.path.length > path.length + 1));
    }
    if (b.items && depth > 0) {
      out.push({ path: [...path, 0], schema: b.items });
      out.push(...leaves(b.items, [...path, 0], depth + 1).filter((l) => l.path.length > path.length + 1));
    }
  }
  // A property reached through several branches once.
  const seen = new Set<string>();
  return out.filter((l) => (seen.has(l.path.join('.')) ? false : (seen.add(l.path.join('.')), true)));
}

/** A copy of `body` with `value` at `path` (objects and arrays made on the way). */
export function withValue(body: Record<string, unknown>, path: (string | number)[], value: unknown) {
  const copy = structuredClone(body) as Record<string | number, unknown>;
  let at = copy;
  path.forEach((key, i) => {
    if (i === path.length - 1) {
      at[key] = value;
      return;
    }
    const next = at[key];
    at[key] = next && typeof next === 'object' ? next : typeof path[i + 1] === 'number' ? [] : {};
    at = at[key] as Record<string | number, unknown>;
  });
  return copy;
}
