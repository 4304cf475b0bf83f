import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, buildTestApp, login, personBody, planningBody, type TestApp } from '../../../../test/helpers.ts';

/**
 * Issue 13 section 3, 'Goals achieved': a group activity or an attention picks the planning line it executes
 * (a line of its own year), and the line shows its monthly goals against what executed it.
 */
describe('goals achieved', () => {
  let t: TestApp;
  let admin: ReturnType<typeof as>;
  beforeAll(async () => {
    t = await buildTestApp();
    admin = as(t.app, await login(t.app));
  });
  afterAll(() => t.close());

  it('counts the activities and attentions that picked a line, per month, and refuses a line of another year', async () => {
    const line = (await admin.post('/api/budget/planning', await planningBody(admin, { year: 2026 }))).json().data;
    const later = (await admin.post('/api/budget/planning', await planningBody(admin, { year: 2027 }))).json().data;
    const me = (await admin.post('/api/user-check', {})).json().data.user.id;
    const offered = (await admin.get(`/api/population/planning-lines?year=2026&q=${line.program}`)).json().data;
    expect(offered).toEqual([
      { value: line.id, label: `${line.strategicAxis} / ${line.program} – ${line.description}`, year: 2026 },
    ]);
    expect((await admin.get(`/api/population/planning-lines?year=2025&q=${line.program}`)).json().data).toEqual([]);
    const activity = (startsAt: string, planningLineId: string | null) =>
      admin.post('/api/population/activities', {
        name: 'Taller de crianza',
        activityType: 'TALLER',
        startsAt,
        state: '07',
        town: '0701',
        facilitatorIds: [me],
        thematic: [],
        unregistered: [{ sex: 'F', ageGroup: 'NINEZ', count: 3 }],
        planningLineId,
      });
    for (const at of ['2026-03-02T09:00', '2026-03-20T14:00', '2026-04-01T08:00']) {
      const res = await activity(at, line.id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.planningLineId).toBe(line.id);
    }
    expect((await activity('2026-05-01T08:00', later.id)).json().errors).toEqual([
      { field: 'planningLineId', code: 'other_year' },
    ]);
    expect((await activity('2026-05-01T08:00', randomUUID())).json().errors).toEqual([
      { field: 'planningLineId', code: 'invalid' },
    ]);
    const person = (await admin.post('/api/population/persons', personBody())).json().data;
    const attention = await admin.post(`/api/population/persons/${person.id}/attentions`, {
      attendedAt: '2026-03-31T23:30', // still March in Guatemala (April 1st in UTC)
      professionalId: me,
      area: 'PSICOLOGIA',
      modality: 'INDIVIDUAL',
      durationMinutes: 45,
      summary: 'Sesión de seguimiento.',
      planningLineId: line.id,
    });
    expect(attention.statusCode, attention.body).toBe(200);

    const goals = (await admin.get(`/api/budget/planning/${line.id}/goals`)).json().data;
    expect(goals.months[2]).toEqual({
      month: 3,
      goal: '2.00',
      achieved: 3,
      bySource: { activities: 2, attentions: 1 },
    });
    expect(goals.months[3]).toMatchObject({ month: 4, achieved: 1 });
    expect(goals.total).toEqual({ goal: '24.00', achieved: 4 });
    expect(goals.goalUnit).toBe('talleres');
    expect((await admin.delete(`/api/budget/planning/${line.id}`)).json()).toMatchObject({ code: 'in_use' });
  });
});
