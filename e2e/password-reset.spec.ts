import { expect, test } from '@playwright/test';
import { failOnPageErrors } from './fixtures';
import esAuth from '../apps/web/src/locales/es/auth.json' with { type: 'json' };
import esErrors from '../apps/web/src/locales/es/errors.json' with { type: 'json' };

/**
 * Issue 24 section 6 item 2: a bad or expired reset link says "the link is invalid or expired" as soon as its page
 * opens (a well-formed unknown token, one cut short by a mail program, garbage), offers to ask for a new one, and
 * shows no form; never "complete the required fields".
 */
test.describe('a bad reset link', () => {
  failOnPageErrors();

  for (const [what, token] of [
    ['unknown (or expired)', 'x'.repeat(43)],
    ['cut short', 'Ab3dE'],
    ['garbage', '%20%3Cscript%3E'],
  ] as const) {
    test(`says the link is invalid when its page opens: ${what}`, async ({ page }) => {
      await page.goto(`/password-reset/${token}`);
      const alert = page.getByRole('alert');
      await expect(alert).toContainText(esErrors.problem.invalid_token);
      await expect(alert).not.toContainText(esErrors.problem.validation);
      await expect(alert.getByRole('link', { name: esAuth.reset.askAgain })).toHaveAttribute(
        'href',
        '/forgot-password',
      );
      await expect(page.getByRole('button', { name: esAuth.reset.submit })).toHaveCount(0);
    });
  }
});
