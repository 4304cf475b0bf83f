import { expect, test } from '@playwright/test';
import { adminApi, failOnPageErrors, login } from './fixtures';
import esDashboard from '../apps/web/src/locales/es/dashboard.json' with { type: 'json' };

/**
 * Issue 24 section 6, item 7 in the browser: a user without the population key is told why the dashboard has no
 * figures and how access is given; a user with the key but no grants is told that instead; each user sees the cards
 * of the areas they hold (support, the year's POA) and no card of the others.
 */
const N = Date.now().toString(36);
const user = (name: string) => ({
  username: `${name}.${N}`,
  fullName: `${name} Tablero`,
  email: `${name}.${N}@amparo.org.gt`,
  password: 'Tablero-Segura-2026',
});

test.describe('dashboard by what the user holds', () => {
  failOnPageErrors();

  test('says why figures are empty and shows only the areas held', async ({ page, request }) => {
    const api = await adminApi(request);
    const make = async (name: string, permissions: string[]) => {
      const role = (await api('post', '/api/roles', {
        slug: `tablero-${name}-${N}`,
        name: `Tablero ${name} ${N}`,
        permissions,
      })) as { id: string };
      const u = user(name);
      await api('post', '/api/users', { ...u, roleId: role.id, active: true, extraPermissions: [] });
      return u;
    };
    const support = await make('soporte', ['soporte', 'soporte_gestion']);
    const planner = await make('planificador', [
      'poblacion',
      'poblacion_poblacion',
      'presupuesto',
      'presupuesto_planificacion',
    ]);

    await login(page, support.username, support.password);
    await expect(page.getByTestId('population-empty')).toHaveText(esDashboard.empty.no_key);
    await expect(page.getByTestId('area-support')).toBeVisible();
    await expect(page.getByTestId('stat-support-open')).toBeVisible();
    await expect(page.getByTestId('area-budget')).toHaveCount(0);
    await expect(page.getByTestId('stat-total')).toHaveCount(0);

    await page.context().clearCookies();
    await login(page, planner.username, planner.password);
    await expect(page.getByTestId('population-empty')).toHaveText(esDashboard.empty.no_grants);
    const year = new Date().getFullYear();
    await expect(page.getByTestId('area-budget')).toContainText(
      esDashboard.areas.budget.replace('{{year}}', String(year)),
    );
    await expect(page.getByTestId('stat-budget-planned')).toContainText(/Q [\d,]+\.\d{2}/);
    await expect(page.getByTestId('area-support')).toHaveCount(0);
    await page.getByRole('link', { name: esDashboard.areas.openSummary }).click();
    await expect(page).toHaveURL(/\/budget\/summary\/poa/);
  });
});
