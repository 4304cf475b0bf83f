import { expect, test } from '@playwright/test';
import { adminApi, failOnPageErrors, login, RUN } from './fixtures';
import esCommon from '../apps/web/src/locales/es/common.json' with { type: 'json' };
import esNotifications from '../apps/web/src/locales/es/notifications.json' with { type: 'json' };

/**
 * Issue 12, notifications in the browser: a staff member asks for access to a file the administrator
 * administers; the administrator's bell counts it, the notifications page says so (with the file code, no name),
 * and opening it goes to the file and clears the count.
 */
test.describe('notifications', () => {
  failOnPageErrors();

  test('an access request reaches the administrator: bell, list, open, read', async ({ page, request, playwright }) => {
    const api = await adminApi(request);
    // Earlier specs may have told the administrator of their own moves (a plan approved, a carry-forward decided):
    // the bell counts from none.
    await api('post', '/api/notifications/read-all');
    const persons = (await api('get', '/api/population/persons?pageSize=1')) as {
      items: { id: string; fileCode: string }[];
    };
    const person = persons.items[0]!;
    const role = (await api('post', '/api/roles', {
      slug: `avisos-e2e-${RUN}`,
      name: 'Avisos E2E',
      permissions: ['poblacion', 'poblacion_poblacion'],
    })) as { id: string };
    const asker = { username: `tomas.avisos.e2e.${RUN}`, password: 'Avisos-Segura-2026' };
    await api('post', '/api/users', {
      ...asker,
      fullName: 'Tomás Avisos',
      email: `tomas.avisos.${RUN}@amparo.org.gt`,
      roleId: role.id,
      active: true,
      extraPermissions: [],
    });
    const askerApi = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
    expect((await askerApi.post('/api/login', { data: asker })).ok()).toBe(true);
    const asked = await askerApi.post(`/api/population/persons/${person.id}/access-requests`, {
      data: { reason: 'Seguimiento del caso' },
    });
    expect(asked.ok(), await asked.text()).toBe(true);
    await askerApi.dispose();

    await login(page);
    const bell = page.getByRole('link', { name: esCommon.notifications.unread_one.replace('{{count}}', '1') });
    await expect(bell).toBeVisible();
    await bell.click();
    await expect(page).toHaveURL(/\/notifications$/);
    // The notice names who asked (issue 24 section 6, item 11).
    const sentence = esNotifications.kinds.population.access_requested
      .replace('{{fileCode}}', person.fileCode)
      .replace('{{requester}}', 'Tomás Avisos');
    const row = page.getByRole('button', { name: new RegExp(`^${sentence}`) });
    await expect(row).toBeVisible();
    await row.click();
    await expect(page).toHaveURL(new RegExp(`/population/served/${person.id}$`));
    await expect(page.getByRole('link', { name: esCommon.notifications.none })).toBeVisible();
  });
});
