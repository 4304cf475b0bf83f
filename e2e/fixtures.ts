import { isValidNit } from '../packages/shared/src/identifiers.ts';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import esAuth from '../apps/web/src/locales/es/auth.json' with { type: 'json' };
import esCommon from '../apps/web/src/locales/es/common.json' with { type: 'json' };

/**
 * This attempt's mark, for the users and roles a spec creates (unique slugs, usernames and e-mails):
 * a retry runs in a new worker with a new mark, so it never meets the first attempt's rows.
 */
export const RUN = Date.now().toString(36);

export const ADMIN = { username: 'admin', password: process.env.E2E_ADMIN_PASSWORD ?? 'Admin-E2E-2026!' };

/** Signs the admin in on an API context (its own cookie jar); the calls answer their data and fail the test otherwise. */
export async function adminApi(request: APIRequestContext) {
  const signIn = await request.post('/api/login', { data: { username: ADMIN.username, password: ADMIN.password } });
  expect(signIn.ok(), await signIn.text()).toBe(true);
  return async (method: 'post' | 'put' | 'get', path: string, data?: unknown) => {
    const res = await request[method](path, data === undefined ? {} : { data });
    expect(res.ok(), `${path}: ${res.status()} ${await res.text()}`).toBe(true);
    return ((await res.json()) as { data: unknown }).data;
  };
}

/** Signs in through the sign-in page and waits for the dashboard. */
export async function login(page: Page, username = ADMIN.username, password = ADMIN.password) {
  await page.goto('/sign-in');
  await page.getByLabel(esAuth.signIn.username).fill(username);
  await page.getByLabel(esAuth.signIn.password, { exact: true }).fill(password);
  await page.getByRole('button', { name: esAuth.signIn.submit }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/**
 * Closes the toasts on screen. A toast over the button a test is about to press stays open while the pointer rests
 * on it (Mantine pauses its timer on hover), so a click aimed under it retries until the test's time is out (seen in
 * assignment.spec after a toast of the page before).
 */
export async function closeToasts(page: Page) {
  const close = page.locator('.mantine-Notification-root').getByRole('button', { name: esCommon.actions.close });
  // A toast may close on its own meanwhile: a click that finds nothing is not an error.
  for (let i = 0; i < 5 && (await close.count()) > 0; i++)
    await close
      .first()
      .click({ timeout: 2_000 })
      .catch(() => {});
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

/** This month in America/Guatemala (`{ year, month }`), as the app proposes a request's planned month. */
export function guatemalaMonth() {
  const [year, month] = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Guatemala',
    year: 'numeric',
    month: '2-digit',
  })
    .format(new Date())
    .split('-')
    .map(Number) as [number, number];
  return { year, month };
}

/** A NIT of this call only (unique): nine random digits and the check digit that makes them valid (SAT modulo 11). */
/** Today's date in Guatemala ('YYYY-MM-DD'): what the server takes as today. */
export const guatemalaToday = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Guatemala' }).format(new Date());

export function randomNit() {
  const body = String(100_000_000 + Math.floor(Math.random() * 900_000_000));
  return body + [...'0123456789K'].find((check) => isValidNit(body + check))!;
}
