import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { adminApi, closeToasts, guatemalaMonth, randomNit } from './fixtures';

/**
 * What the execution specs (expense requests and their liquidation, issues 26 and 27) start from, made through
 * the API: a planning line of this year with money assigned this month, a provider, and the chain's people.
 */
export const PASSWORD = 'Impresion-Segura-2026';
const { year: YEAR, month: MONTH } = guatemalaMonth();

type AdminApi = Awaited<ReturnType<typeof adminApi>>;

/**
 * A planning line of this year at a new headquarter (code `tag`'s first 10 characters), under new catalog codes
 * (`EJE_`, `PRG_` and `typePrefix` + tag, default `GTO_`), with Q 5,000.00 planned each month and `assigned` (Q,
 * default 3,000.00) of this month assigned from a new cooperating's item, through the API. Returns the line, its
 * headquarter, the admin's user id and the codes.
 */
export async function fundedLine(
  api: AdminApi,
  tag: string,
  opts: {
    description: string;
    goalUnit: string;
    typePrefix?: string;
    typeName?: string;
    headquarterName?: string;
    state?: string;
    assigned?: string;
  },
) {
  const codes = { axis: `EJE_${tag}`, program: `PRG_${tag}`, expenseType: `${opts.typePrefix ?? 'GTO_'}${tag}` };
  const catalog = (name: string, code: string, es: string, parent?: string) =>
    api('post', '/api/catalogs/items', { catalog: name, code, es, en: `${es} (en)`, parent });
  await catalog('strategic_axis', codes.axis, `Eje ${tag}`);
  await catalog('program', codes.program, `Programa ${tag}`, codes.axis);
  await catalog('expense_type', codes.expenseType, opts.typeName ?? `Gasto ${tag}`);
  const me = ((await api('post', '/api/user-check', {})) as { user: { id: string } }).user;
  const hq = (await api('post', '/api/headquarters', {
    code: tag.slice(0, 10),
    name: opts.headquarterName ?? `Sede ${tag}`,
    country: 'GT',
    state: opts.state ?? '09',
  })) as { id: string };
  const coop = (await api('post', '/api/cooperating', {
    name: `Fundación ${tag}`,
    code: `C-${tag}`,
    country: 'DE',
    startDate: `${YEAR}-01-01`,
    endDate: `${YEAR}-12-31`,
    currency: 'GTQ',
    ceiling: '900000',
  })) as { id: string };
  const item = (await api('post', `/api/cooperating/${coop.id}/items`, {
    code: 'R-1',
    name: 'Rubro',
    initialAmount: '400000',
  })) as { id: string };
  const line = (await api('post', '/api/budget/planning', {
    year: YEAR,
    strategicAxis: codes.axis,
    program: codes.program,
    expenseType: codes.expenseType,
    description: opts.description,
    goalUnit: opts.goalUnit,
    responsibleId: me.id,
    plannerId: me.id,
    headquarterId: hq.id,
    municipality: null,
    months: Array.from({ length: 12 }, (_, i) => ({ month: i + 1, goal: '1', amount: '5000' })),
  })) as { id: string };
  await api('post', `/api/budget/assignment/${line.id}/transaction/${item.id}`, {
    type: 'increase',
    reason: 'Convenio',
    months: [{ month: MONTH, amount: opts.assigned ?? '3000' }],
  });
  return { line, hq, me, codes };
}

/** A line of this year with Q 3,000.00 assigned this month, a provider, a requester, their boss and administration. */
export async function seed(request: APIRequestContext, tag: string) {
  const api = await adminApi(request);
  const { line } = await fundedLine(api, tag, { description: `Materiales impresos ${tag}`, goalUnit: 'talleres' });
  const user = async (who: string, keys: string[]) => {
    const role = (await api('post', '/api/roles', {
      slug: `${who}-${tag.toLowerCase()}`,
      name: `Rol ${who} ${tag}`,
      permissions: ['ejecucion', ...keys],
    })) as { id: string };
    const username = `${who}.${tag.toLowerCase()}`;
    await api('post', '/api/users', {
      username,
      fullName: `${who} ${tag}`,
      email: `${username}@amparo.org.gt`,
      password: PASSWORD,
      roleId: role.id,
      active: true,
      extraPermissions: [],
      workgroup: who === 'administracion' ? null : `Programas ${tag}`,
    });
    return username;
  };
  const providerName = `Imprenta Xela ${tag}`;
  const providerNit = randomNit();
  const provider = (await api('post', '/api/providers', {
    name: providerName,
    nit: providerNit,
    taxRegime: 'general',
    state: '09',
  })) as { id: string };
  return {
    lineId: line.id,
    provider: { id: provider.id, name: providerName, nit: providerNit },
    requester: await user('solicitante', ['ejecucion_solicitudes']),
    boss: await user('jefa', ['ejecucion_aprobacion_jefe']),
    administration: await user('administracion', ['ejecucion_administracion']),
  };
}

/** Signs `username` in on the API context and takes `transition` on the request at its current version. */
export async function moveAs(
  request: APIRequestContext,
  username: string,
  id: string,
  transition: string,
  extra: Record<string, unknown> = {},
) {
  expect((await request.post('/api/login', { data: { username, password: PASSWORD } })).ok()).toBe(true);
  const current = (await (await request.get(`/api/execution/requests/${id}`)).json()) as { data: { version: number } };
  const res = await request.post(`/api/execution/requests/${id}/transition`, {
    data: { transition, version: current.data.version, ...extra },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

/**
 * A reserve of `total` (Q) on the seed's line this month, raised by its requester, approved by the boss and
 * administration and paid by check on `bankAccount`, through the API. Returns its id and number.
 */
export async function paidReserve(
  request: APIRequestContext,
  s: Awaited<ReturnType<typeof seed>>,
  tag: string,
  total: string,
  bankAccount: string,
) {
  return paidRequest(request, s, total, bankAccount, { type: 'reserve', description: `Reserva de talleres ${tag}` });
}

/**
 * Travel expenses of `total` (Q) on the seed's line this month, its requester the one traveller, on a trip from the
 * 10th to the 12th of this month (3 days) to `destination`, and paid as `paidReserve` pays. Returns its id and
 * number.
 */
export async function paidTravel(
  request: APIRequestContext,
  s: Awaited<ReturnType<typeof seed>>,
  tag: string,
  total: string,
  bankAccount: string,
  destination = 'Quetzaltenango',
) {
  expect((await request.post('/api/login', { data: { username: s.requester, password: PASSWORD } })).ok()).toBe(true);
  const me = ((await (await request.post('/api/user-check', {})).json()) as { data: { user: { id: string } } }).data
    .user;
  const day = (d: number) => `${YEAR}-${String(MONTH).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
  return paidRequest(request, s, total, bankAccount, {
    type: 'travel_expenses',
    description: `Viaje a ${destination} ${tag}`,
    travel: {
      destination,
      departureDate: day(10),
      returnDate: day(12),
      directions: ['go', 'return'],
      travellerIds: [me.id],
    },
  });
}

/** A request of `kind` raised by the seed's requester, approved and paid by check, through the API. */
async function paidRequest(
  request: APIRequestContext,
  s: Awaited<ReturnType<typeof seed>>,
  total: string,
  bankAccount: string,
  kind: { type: 'reserve' | 'travel_expenses'; description: string; travel?: Record<string, unknown> },
) {
  expect((await request.post('/api/login', { data: { username: s.requester, password: PASSWORD } })).ok()).toBe(true);
  const created = await request.post('/api/execution/requests', {
    data: {
      type: kind.type,
      year: YEAR,
      month: MONTH,
      description: kind.description,
      justification: 'Talleres del mes con familias',
      executionDate: `${YEAR}-${String(MONTH).padStart(2, '0')}-20`,
      items: [{ lineId: s.lineId, description: 'Refacciones', unit: 'lote', quantity: '1', unitPrice: total }],
      providerIds: [],
      ...(kind.travel ? { travel: kind.travel } : {}),
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const r = ((await created.json()) as { data: { id: string; number: string } }).data;
  await moveAs(request, s.boss, r.id, 'approve_boss');
  await moveAs(request, s.administration, r.id, 'approve_admin');
  await moveAs(request, s.administration, r.id, 'issue_payment', {
    payment: { method: 'check', bankAccount, checkNumber: Date.now() % 100_000, payeeName: 'Pide' },
  });
  return r;
}

/** Takes the transition whose button is `label`, confirming it in the workflow dialog (with `fill` for its fields). */
export async function take(page: Page, label: string, fill?: (dialog: ReturnType<Page['getByRole']>) => Promise<void>) {
  await closeToasts(page);
  await page.getByRole('button', { name: label, exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  if (fill) await fill(dialog);
  await dialog.getByRole('button', { name: label, exact: true }).click();
  await expect(dialog).toBeHidden();
}
