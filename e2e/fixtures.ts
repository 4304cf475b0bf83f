import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import esAuth from '../apps/web/src/locales/es/auth.json' with { type: 'json' };

export const ADMIN = { username: 'admin', password: process.env.E2E_ADMIN_PASSWORD ?? 'Admin-E2E-2026!' };

/** Signs in through the sign-in page and waits for the dashboard. */
export async function login(page: Page, username = ADMIN.username, password = ADMIN.password) {
  await page.goto('/sign-in');
  await page.getByLabel(esAuth.signIn.username).fill(username);
  await page.getByLabel(esAuth.signIn.password, { exact: true }).fill(password);
  await page.getByRole('button', { name: esAuth.signIn.submit }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/**
 * Where screenshots kept as test artefacts go: `e2e/artifacts`, resolved from
 * this file so it does not depend on the working directory, and created if missing.
 */
export const ARTIFACTS = fileURLToPath(new URL('./artifacts/', import.meta.url));
mkdirSync(ARTIFACTS, { recursive: true });

/** Inside a describe: an uncaught error in the page fails the test even when the screen looks right. */
export function failOnPageErrors() {
  const pageErrors: string[] = [];
  test.beforeEach(({ page }) => {
    pageErrors.length = 0;
    page.on('pageerror', (error) => pageErrors.push(error.message));
  });
  test.afterEach(() => {
    expect(pageErrors, 'uncaught errors in the page').toEqual([]);
  });
}
