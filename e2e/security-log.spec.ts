import { expect, test } from '@playwright/test';
import { ADMIN, failOnPageErrors, login } from './fixtures';
import esLog from '../apps/web/src/locales/es/security-log.json' with { type: 'json' };
import esCommon from '../apps/web/src/locales/es/common.json' with { type: 'json' };

/**
 * Issue 9 item 5 in the browser: a failed sign-in and a 403 show in the
 * security log, which the administrator opens from Configuración.
 */
test.describe('Security log', () => {
  failOnPageErrors();

  test('a failed sign-in and a denied request are listed for the administrator', async ({ page, request }) => {
    const guess = await request.post('/api/login', { data: { username: 'intruso.e2e', password: 'no-es-la-clave' } });
    expect(guess.status()).toBe(401);
    await login(page, ADMIN.username, ADMIN.password);
    await page.getByRole('link', { name: esLog.title }).click();
    await expect(page).toHaveURL(/\/configuration\/security-log$/);
    const row = page.getByRole('row').filter({ hasText: 'intruso.e2e' });
    await expect(row.first()).toContainText(esLog.kinds.login_failed);
    await expect(row.first()).toContainText('POST /api/login');
    // The kind filter narrows the list.
    await page.getByLabel(esLog.fields.kind, { exact: true }).first().click();
    await page.getByRole('option', { name: esLog.kinds.forbidden }).click();
    await expect(page).toHaveURL(/kind=forbidden/);
    await expect(page.getByRole('row').filter({ hasText: 'intruso.e2e' })).toHaveCount(0);

    // The dates are the app's date field, AAAA-MM-DD whatever the browser's locale (issue 24 section 6, item 8).
    const from = page.getByRole('textbox', { name: esLog.from, exact: true });
    await expect(from).toHaveAttribute('placeholder', esCommon.dateField.placeholder);
    await expect(from).not.toHaveAttribute('type', 'date');
    await from.fill('2026-01-05');
    await from.blur();
    await expect(page).toHaveURL(/from=2026-01-05/);
    await expect(from).toHaveValue('2026-01-05');
  });
});
