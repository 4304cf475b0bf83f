import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, buildTestApp, createUser, login, personBody, type TestApp } from '../../test/helpers.ts';
import { contribute, extensionPoint, Extensions } from './extension-points.ts';
import { defineModule } from './module.ts';
import { optionSourcesPoint } from './option-sources.ts';
import { personBlockersPoint } from './person-blockers.ts';
import { userEventsPoint } from './user-events.ts';

/**
 * The extension points through which modules react to each other's data
 * without importing each other (issue 10 item 3, issue 25 section 4): what the
 * modules' manifests contribute, and that a contributor from outside is
 * consulted (so a new module only contributes, it never edits an old one).
 */
describe('module extension points', () => {
  let t: TestApp;
  let admin: string;
  const blocked = new Set<string>();
  const userChanges: string[] = [];

  beforeAll(async () => {
    // A module from outside, as a new module is: it only contributes, it never edits the modules it reacts to.
    const testModule = defineModule({
      name: 'test-module',
      routes: [],
      contributes: [
        contribute(personBlockersPoint, {
          name: 'test-module',
          check: async (_tx, personId) =>
            blocked.has(personId) ? [{ field: 'test_records', code: 'has_records', params: { count: 1 } }] : [],
        }),
        contribute(userEventsPoint, {
          change: 'deactivated',
          name: 'test-module',
          run: async (_tx, userId) => {
            userChanges.push(`deactivated:${userId}`);
          },
        }),
        contribute(optionSourcesPoint, {
          name: 'test-list',
          readers: ['configuracion_catalogos'],
          source: async () => [
            { code: 'A', cname: 'Opción A', value: 'a', active: true },
            { code: 'B', cname: 'Opción B', value: 'b', active: false },
          ],
        }),
      ],
    });
    t = await buildTestApp({}, { modules: [testModule] });
    admin = await login(t.app);
  });
  afterAll(() => t.close());

  it('holds what the landed modules register', () => {
    expect(t.app.optionSources.names()).toEqual(expect.arrayContaining(['headquarter', 'role', 'test-list']));
    expect(t.app.userEvents.list()).toEqual({
      deactivated: ['auth:sessions', 'test-module'],
      email_changed: ['auth:sessions', 'account:email-changes'],
    });
    expect(t.app.personBlockers.names()).toEqual(['case-file', 'test-module']);
  });

  it('a registered person blocker keeps the person from being deleted (409 in_use with its reason)', async () => {
    const res = await as(t.app, admin).post('/api/population/persons', personBody());
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().data.id as string;
    blocked.add(id);
    const refused = await as(t.app, admin).delete(`/api/population/persons/${id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'in_use', errors: [{ field: 'test_records', code: 'has_records' }] });
    blocked.delete(id);
    expect((await as(t.app, admin).delete(`/api/population/persons/${id}`)).statusCode).toBe(200);
  });

  it('a user event listener runs when an administrator deactivates a user, and the sessions end', async () => {
    const user = await createUser(t.app, admin, ['poblacion_poblacion'], 'evt');
    const current = (await as(t.app, admin).get(`/api/users/${user.id}`)).json().data;
    const res = await as(t.app, admin).put(`/api/users/${user.id}`, { ...current, active: false });
    expect(res.statusCode, res.body).toBe(200);
    expect(userChanges).toContain(`deactivated:${user.id}`);
    expect((await as(t.app, user.token).post('/api/user-check')).statusCode).toBe(401);
  });

  it('a registered option source answers the generic catalog call', async () => {
    const res = await as(t.app, admin).post('/api/catalog/test-list', { lang: 'es' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.map((o: { code: string }) => o.code)).toEqual(['A', 'B']);
  });

  it('refuses at start-up a key contributed twice and a second contribution to a single point, naming both modules', () => {
    const one = defineModule({
      name: 'one',
      routes: [],
      contributes: [contribute(optionSourcesPoint, { name: 'x', readers: ['configuracion'], source: async () => [] })],
    });
    const two = { ...one, name: 'two' };
    expect(() => new Extensions([one, two])).toThrow('extension point option-sources: x contributed by one and two');
    const single = extensionPoint<string>('single-test', { single: true });
    expect(
      () =>
        new Extensions([
          { name: 'a', contributes: [contribute(single, 'a')] },
          { name: 'b', contributes: [contribute(single, 'b')] },
        ]),
    ).toThrow('takes one contribution: a and b');
  });
});
