import { expect, type Page } from '@playwright/test';
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

/** Where screenshots kept as test artefacts go. */
export const ARTIFACTS = 'e2e/artifacts';
