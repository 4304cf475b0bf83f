import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInGuatemala } from '@amparo/shared/format';
import { as, buildTestApp, createUser, login, personBody, planningBody, type TestApp } from '../../../test/helpers.ts';

/**
 * Issue 24 section 6, item 7: the dashboard says why the population figures are empty (no key, no grants) and
 * shows each user the cards of the areas they hold (support, budget), and nothing of the others.
 */
describe('the dashboard by what the user holds', () => {
  let t: TestApp;
  let adminToken: string;
  beforeAll(async () => {
    t = await buildTestApp();
    adminToken = await login(t.app);
  });
  afterAll(() => t.close());

  const dashboardOf = async (token: string) => {
    const res = await as(t.app, token).get('/api/dashboard');
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };

  it('says the figures are empty for lack of the key, or of grants, and shows no area the user lacks', async () => {
    const none = await createUser(t.app, adminToken, [], 'nokeys');
    expect(await dashboardOf(none.token)).toMatchObject({
      canSeePopulation: false,
      populationEmpty: 'no_key',
      total: 0,
      support: null,
      budget: null,
    });
    const population = await createUser(t.app, adminToken, ['poblacion', 'poblacion_poblacion'], 'nogrants');
    expect(await dashboardOf(population.token)).toMatchObject({
      canSeePopulation: true,
      populationEmpty: 'no_grants',
      support: null,
      budget: null,
    });
    // Registering a person gives its author a grant: the figures are then what they see.
    const person = await as(t.app, population.token).post('/api/population/persons', personBody());
    expect(person.statusCode, person.body).toBe(200);
    expect(await dashboardOf(population.token)).toMatchObject({ populationEmpty: null, total: 1 });
  });

  it('shows support staff the open and breached tickets, as the support board counts them', async () => {
    const staff = await createUser(t.app, adminToken, ['soporte', 'soporte_gestion'], 'staff');
    const mine = await dashboardOf(staff.token);
    const board = (await as(t.app, staff.token).get('/api/support/dashboard')).json().data;
    const open = board.open
      .filter((o: { status: string }) => o.status !== 'resuelto')
      .reduce((n: number, o: { count: number }) => n + o.count, 0);
    expect(mine.support).toEqual({ open, breached: board.breached });
    expect(mine.budget).toBeNull();
    expect(mine.populationEmpty).toBe('no_key');
  });

  it("shows planners the current year's POA: lines, planned and executed", async () => {
    const planner = await createUser(t.app, adminToken, ['presupuesto', 'presupuesto_planificacion'], 'planner');
    const year = Number(todayInGuatemala().slice(0, 4));
    const before = (await dashboardOf(planner.token)).budget;
    expect(before).toEqual({ year, lineCount: 0, planned: '0.00', executed: '0.00' });
    const admin = as(t.app, adminToken);
    const line = await admin.post('/api/budget/planning', await planningBody(admin, { year }));
    expect(line.statusCode, line.body).toBe(200);
    const after = (await dashboardOf(planner.token)).budget;
    expect(after).toEqual({ year, lineCount: 1, planned: '1200.00', executed: '0.00' });
    expect((await dashboardOf(planner.token)).support).toBeNull();
  });
});
