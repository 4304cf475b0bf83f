import { expect, type APIRequestContext } from '@playwright/test';
import { adminApi, guatemalaMonth, randomNit } from './fixtures';

/**
 * What the execution specs (expense requests and their liquidation, issues 26 and 27) start from, made through
 * the API: a planning line of this year with money assigned this month, a provider, and the chain's people.
 */
export const PASSWORD = 'Impresion-Segura-2026';
const { year: YEAR, month: MONTH } = guatemalaMonth();

/** A line of this year with Q 3,000.00 assigned this month, a provider, a requester, their boss and administration. */
export async function seed(request: APIRequestContext, tag: string) {
  const api = await adminApi(request);
  const catalog = (name: string, code: string, es: string, parent?: string) =>
    api('post', '/api/catalogs/items', { catalog: name, code, es, en: `${es} (en)`, parent });
  await catalog('strategic_axis', `EJE_${tag}`, `Eje ${tag}`);
  await catalog('program', `PRG_${tag}`, `Programa ${tag}`, `EJE_${tag}`);
  await catalog('expense_type', `GTO_${tag}`, `Gasto ${tag}`);
  const me = ((await api('post', '/api/user-check', {})) as { user: { id: string } }).user;
  const hq = (await api('post', '/api/headquarters', {
    code: tag.slice(0, 10),
    name: `Sede ${tag}`,
    country: 'GT',
    state: '09',
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
    strategicAxis: `EJE_${tag}`,
    program: `PRG_${tag}`,
    expenseType: `GTO_${tag}`,
    description: `Materiales impresos ${tag}`,
    goalUnit: 'talleres',
    responsibleId: me.id,
    plannerId: me.id,
    headquarterId: hq.id,
    municipality: null,
    months: Array.from({ length: 12 }, (_, i) => ({ month: i + 1, goal: '1', amount: '5000' })),
  })) as { id: string };
  await api('post', `/api/budget/assignment/${line.id}/transaction/${item.id}`, {
    type: 'increase',
    reason: 'Convenio',
    months: [{ month: MONTH, amount: '3000' }],
  });
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
  const provider = (await api('post', '/api/providers', {
    name: providerName,
    nit: randomNit(),
    taxRegime: 'general',
    state: '09',
  })) as { id: string };
  return {
    lineId: line.id,
    provider: { id: provider.id, name: providerName },
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
