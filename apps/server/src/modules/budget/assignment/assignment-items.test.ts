import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, buildTestApp, createUser, login, planningBody, type TestApp } from '../../../../test/helpers.ts';

/**
 * The assignment screens' item picker (`GET /api/budget/assignment-items`): a user with `asignacion` but without
 * the cooperating screen's key lists the items of active cooperating with their current and unassigned amounts,
 * searched by item or cooperating code or name; a deactivated cooperating's items are not offered.
 */
describe('items to assign from', () => {
  let t: TestApp;
  let admin: ReturnType<typeof as>;
  let adminToken: string;
  beforeAll(async () => {
    t = await buildTestApp();
    adminToken = await login(t.app);
    admin = as(t.app, adminToken);
  });
  afterAll(() => t.close());

  /** A cooperating with a unique code and items of the given initial amounts (Q). */
  async function funder(name: string, amounts: string[]) {
    const code = `P-${randomBytes(3).toString('hex').toUpperCase()}`;
    const res = await admin.post('/api/cooperating', {
      name,
      code,
      country: 'GT',
      startDate: '2027-01-01',
      endDate: '2027-12-31',
      currency: 'GTQ',
      ceiling: '100000.00',
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().data.id as string;
    const items: string[] = [];
    for (const [i, initialAmount] of amounts.entries()) {
      const item = await admin.post(`/api/cooperating/${id}/items`, {
        code: `IT${i}`,
        name: `Becas escolares ${i}`,
        initialAmount,
      });
      expect(item.statusCode, item.body).toBe(200);
      items.push(item.json().data.id);
    }
    return { id, code, items };
  }

  it('lists active items with current and unassigned amounts to a user without the cooperating screen', async () => {
    const a = await funder('Fundación Picker Activa', ['500.00', '80.00']);
    const off = await funder('Fundación Picker Inactiva', ['10.00']);
    // Q 25 more on the first item, Q 120.50 of it assigned to a line.
    const sum = await admin.post(`/api/cooperating/${a.id}/items/${a.items[0]}/transactions`, {
      type: 'sum',
      date: '2027-02-01',
      amount: '25',
      reason: 'Adenda',
    });
    expect(sum.statusCode, sum.body).toBe(200);
    const line = await admin.post('/api/budget/planning', await planningBody(admin));
    expect(line.statusCode, line.body).toBe(200);
    const assigned = await admin.post(`/api/budget/assignment/${line.json().data.id}/transaction/${a.items[0]}`, {
      type: 'increase',
      reason: 'Convenio',
      months: [
        { month: 1, amount: '100' },
        { month: 2, amount: '20.50' },
      ],
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const c = (await admin.get(`/api/cooperating/${off.id}`)).json().data;
    const { id: _i, itemsTotal: _t, available: _a, itemCount: _n, ...body } = c;
    expect((await admin.put(`/api/cooperating/${off.id}`, { ...body, active: false })).statusCode).toBe(200);

    const user = as(t.app, (await createUser(t.app, adminToken, ['presupuesto', 'asignacion'], 'picker')).token);
    expect((await user.get(`/api/cooperating/${a.id}/items`)).statusCode).toBe(403);
    const res = await user.get(`/api/budget/assignment-items?q=${encodeURIComponent('picker')}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual([
      {
        itemId: a.items[0],
        itemCode: 'IT0',
        itemName: 'Becas escolares 0',
        cooperatingId: a.id,
        cooperatingCode: a.code,
        cooperatingName: 'Fundación Picker Activa',
        currentAmount: '525.00',
        unassigned: '404.50',
      },
      expect.objectContaining({ itemId: a.items[1], currentAmount: '80.00', unassigned: '80.00' }),
    ]);
    // By the cooperating's code, and by the item's code within it.
    const byCode = (await user.get(`/api/budget/assignment-items?q=${a.code}`)).json().data;
    expect(byCode.map((i: { itemId: string }) => i.itemId)).toEqual(a.items);
    const none = (await user.get(`/api/budget/assignment-items?q=${off.code}`)).json().data;
    expect(none).toEqual([]);
    // One item by id (a page opened on it), not when its cooperating is inactive.
    const one = (await user.get(`/api/budget/assignment-items?itemId=${a.items[1]}`)).json().data;
    expect(one.map((i: { itemId: string }) => i.itemId)).toEqual([a.items[1]]);
    expect((await user.get(`/api/budget/assignment-items?itemId=${off.items[0]}`)).json().data).toEqual([]);
    // A one-letter term is refused like every search; no term lists from the start.
    expect((await user.get('/api/budget/assignment-items?q=x')).statusCode).toBe(400);
    expect((await user.get('/api/budget/assignment-items')).statusCode).toBe(200);
    const outsider = as(t.app, (await createUser(t.app, adminToken, [], 'nopicker')).token);
    expect((await outsider.get('/api/budget/assignment-items')).statusCode).toBe(403);
  });
});
