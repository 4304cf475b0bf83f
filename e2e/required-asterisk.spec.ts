import { expect, test } from '@playwright/test';
import { failOnPageErrors, login } from './fixtures';
import screens from './screens.json' with { type: 'json' };
import esErrors from '../apps/web/src/locales/es/errors.json' with { type: 'json' };

/**
 * Issue 24 section 6 item 11: a required field shows its asterisk. Every add form of the router (e2e/screens.json,
 * kept equal to the router by apps/web/src/app/screens.test.ts) is sent empty; each field the form then marks
 * "required" must carry the asterisk on its label, so nobody learns that a field is required only by failing.
 */
const ADD_FORMS = screens.filter((path) => path.endsWith('/add') && !path.includes('$'));

test.describe('required fields', () => {
  failOnPageErrors();

  test('every add form marks with an asterisk each field it refuses as required', async ({ page }) => {
    test.slow();
    expect(ADD_FORMS.length).toBeGreaterThan(6);
    await login(page);
    const missing: string[] = [];
    for (const path of ADD_FORMS) {
      await page.goto(path);
      const submit = page.locator('main form button[type="submit"]').last();
      await expect(submit, path).toBeVisible({ timeout: 30_000 });
      await submit.click();
      const required = page.locator('.mantine-InputWrapper-error', { hasText: esErrors.field.required });
      await expect(required.first(), `${path} refuses nothing as required`).toBeVisible();
      const unmarked = await required.evaluateAll((errors) =>
        errors
          .map((e) => e.closest('.mantine-InputWrapper-root'))
          .filter((root) => !root?.querySelector('.mantine-InputWrapper-required'))
          .map((root) => root?.querySelector('label')?.textContent ?? '(no label)'),
      );
      for (const label of unmarked) missing.push(`${path}: ${label}`);
    }
    expect(missing).toEqual([]);
  });
});
