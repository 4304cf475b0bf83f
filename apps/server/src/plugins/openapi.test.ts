import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp, type TestApp } from '../../test/helpers.ts';
import { problemAnswers } from './openapi.ts';

type Operation = {
  operationId?: string;
  summary?: string;
  responses?: Record<
    string,
    {
      headers?: Record<string, unknown>;
      content?: Record<string, { schema?: { properties?: { code?: { enum?: string[] } } } }>;
    }
  >;
};

/**
 * The API description clients read (issue 24 section 5): each operation declares the problem+json answers its
 * route can give, derived from the route's options, has a summary and a unique operationId (what Redocly's
 * recommended rules ask; `npm run lint:api` runs them on the same document).
 */
describe('OpenAPI problem answers', () => {
  it('derives 400, 401, 403, 404 and 409 from what the route takes and needs', () => {
    const body = { type: 'object', properties: { name: {}, version: {} } };
    const params = { type: 'object', properties: { id: {} } };
    const codes = (m: Map<number, string[]>) => Object.fromEntries(m);
    expect(codes(problemAnswers({ body, params }, 'configuracion_roles'))).toEqual({
      400: ['validation'],
      401: ['unauthenticated'],
      403: ['forbidden'],
      404: ['not_found'],
      409: ['version_conflict'],
    });
    expect(codes(problemAnswers({ body: { type: 'object', properties: { name: {} } } }, 'session'))).toEqual({
      400: ['validation'],
      401: ['unauthenticated'],
    });
    expect(codes(problemAnswers({}, 'public'))).toEqual({});
    expect(codes(problemAnswers({ params }, 'configuracion_roles', { 409: ['in_use'] }))[409]).toEqual(['in_use']);
    // A write may meet another on the same rows: a deadlock met twice is a retryable 409 (lib/transaction.ts).
    expect(codes(problemAnswers({ body, params }, 'configuracion_roles', {}, true))[409]).toEqual([
      'version_conflict',
      'write_conflict',
    ]);
    expect(codes(problemAnswers({ params }, 'configuracion_roles', {}, false))[409]).toBeUndefined();
  });

  describe("in the app's document", () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp(
        {},
        {
          beforeReady: (app) =>
            app.withTypeProvider().put(
              '/api/openapi-probe/:id',
              {
                config: { permission: 'configuracion_sede', problems: { 409: ['in_use'] } },
                schema: {
                  operationId: 'probeUpdate',
                  summary: 'A versioned update added by this test',
                  params: z.object({ id: z.string() }),
                  body: z.object({ name: z.string(), version: z.number().int() }),
                },
              },
              async () => ({}),
            ),
        },
      );
    });
    afterAll(() => t.close());

    it('gives every operation a summary, a unique operationId, a 2xx and its problem answers', () => {
      const doc = t.app.swagger() as unknown as { paths: Record<string, Record<string, Operation>> };
      const ids = new Set<string>();
      for (const [path, operations] of Object.entries(doc.paths))
        for (const [method, op] of Object.entries(operations)) {
          const name = `${method.toUpperCase()} ${path}`;
          expect(op.summary, name).toBeTruthy();
          expect(ids.has(op.operationId!), `${name}: operationId ${op.operationId} twice`).toBe(false);
          ids.add(op.operationId!);
          const statuses = Object.keys(op.responses ?? {});
          expect(
            statuses.some((s) => s.startsWith('2')),
            name,
          ).toBe(true);
          if (!['GET /api/health', 'GET /api/app-info'].includes(name))
            expect(
              statuses.some((s) => s.startsWith('4')),
              name,
            ).toBe(true);
        }
      const probe = doc.paths['/api/openapi-probe/{id}']!.put!;
      expect(Object.keys(probe.responses!).sort()).toEqual(['200', '400', '401', '403', '404', '409']);
      const conflict = probe.responses!['409']!.content!['application/problem+json']!.schema!;
      expect(conflict.properties!.code!.enum).toEqual(['version_conflict', 'write_conflict', 'in_use']);
      expect(probe.responses!['409']!.headers).toHaveProperty('retry-after');
      // The routes that wait their turn in a queue say so: 503 with its code and Retry-After.
      const busy = (path: string, method: 'get' | 'post') => {
        const answer = doc.paths[path]![method]!.responses!['503'] as { headers?: Record<string, unknown> } | undefined;
        return answer && { headers: Object.keys(answer.headers ?? {}), text: JSON.stringify(answer) };
      };
      for (const [path, method, code] of [
        ['/api/budget/summary/poa', 'get', 'busy_try_later'],
        ['/api/budget/summary/funders', 'get', 'busy_try_later'],
        ['/api/budget/summary/poa/export', 'get', 'documents_busy'],
        ['/api/budget/summary/funders/export', 'get', 'documents_busy'],
        ['/api/budget/planning/import/preview', 'post', 'busy_try_later'],
        ['/api/budget/planning/import', 'post', 'busy_try_later'],
      ] as const) {
        const answer = busy(path, method);
        expect(answer?.headers, path).toEqual(['retry-after']);
        expect(answer?.text, path).toContain(code);
      }
    });
  });
});
