import { join } from 'node:path';
import { expect, test, type Page, type Request } from '@playwright/test';
import { ADMIN, ARTIFACTS, failOnPageErrors, login, RUN } from './fixtures';
import { BANNER_URL, MAIN_URL } from './playwright.config';
import { permissionLabel } from '../packages/shared/src/permissions.ts';
import esAuth from '../apps/web/src/locales/es/auth.json' with { type: 'json' };
import enAuth from '../apps/web/src/locales/en/auth.json' with { type: 'json' };
import esCommon from '../apps/web/src/locales/es/common.json' with { type: 'json' };
import enCommon from '../apps/web/src/locales/en/common.json' with { type: 'json' };
import esErrors from '../apps/web/src/locales/es/errors.json' with { type: 'json' };
import esRoles from '../apps/web/src/locales/es/roles.json' with { type: 'json' };
import esUsers from '../apps/web/src/locales/es/users.json' with { type: 'json' };
import esPop from '../apps/web/src/locales/es/population.json' with { type: 'json' };
import geography from '../apps/server/src/db/seed/data/guatemala-geography.json' with { type: 'json' };
import seedCatalogs from '../apps/server/src/db/seed/data/catalogs-gt.json' with { type: 'json' };

/**
 * The path a charity newcomer follows on a fresh database: sign-in mistakes,
 * a role and a user, one person registered, found, edited and audited, a
 * user without the population module kept out, the language switch and the
 * test banner. The tests share data, so they run in order.
 */

// ---------------------------------------------------------------- test data

const ROLE = { name: 'Documentación E2E', slug: `documentacion-e2e-${RUN}` };
const USER = {
  username: `lucia.e2e.${RUN}`,
  fullName: 'Lucía Tuyuc Ajcalón',
  email: `lucia.tuyuc.${RUN}@amparo.org.gt`,
  password: 'Clave-Segura-2026',
};
const PERSON = {
  names: 'María José',
  lastNames: 'Xocop Tzoc',
  alias: 'Majo',
  newAlias: 'Majito',
  birthDate: '2012-05-14',
  admissionDate: '2026-03-02',
};

/** Mantine catalog options read 'code - cname' (the seed files are what the server loads). */
const option = (code: string, cname: string) => `${code} - ${cname}`;
const department = (code: string) => {
  const d = geography.departments.find((x) => x.code === code);
  if (!d) throw new Error(`department ${code} not in the seed`);
  return d;
};
const municipality = (code: string) => {
  const m = geography.municipalities.find((x) => x.code === code);
  if (!m) throw new Error(`municipality ${code} not in the seed`);
  return m;
};
const catalogItem = (catalog: keyof typeof seedCatalogs.catalogs, code: string) => {
  const item = (seedCatalogs.catalogs[catalog] as { code: string; es: string }[]).find((x) => x.code === code);
  if (!item) throw new Error(`${catalog}.${code} not in the seed`);
  return item;
};

const SOLOLA = department('07');
const TOWN = municipality('0702'); // San José Chacayá, Sololá
const OTHER_TOWN = municipality('0901'); // Quetzaltenango: must not be offered under Sololá
const SOLOLA_TOWNS = geography.municipalities.filter((m) => m.department === SOLOLA.code);
const FEMALE = catalogItem('sex', 'F');
const THEMATIC = catalogItem('thematic', 'MALTRATO_FISICO');

/** Set by the registration test, used by the ones after it. */
let personPath = '';

// ---------------------------------------------------------------- helpers

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A text box by its label, exactly, whether or not the label carries the required asterisk. */
const textbox = (page: Page, label: string) =>
  page.getByRole('textbox', { name: new RegExp(`^${escapeRe(label)}\\s*\\*?$`) });
const combobox = (page: Page, label: string) =>
  page.getByRole('combobox', { name: new RegExp(`^${escapeRe(label)}\\s*\\*?$`) });

/** Opens a Mantine Select/MultiSelect and clicks one of its options. */
async function pick(page: Page, label: string, optionName: string) {
  await combobox(page, label).click();
  await page.getByRole('option', { name: optionName, exact: true }).click();
}

/** Types a YYYY-MM-DD date into a Mantine DateInput and closes its calendar. */
async function typeDate(page: Page, label: string, value: string) {
  const input = textbox(page, label);
  await input.fill(value);
  await input.press('Escape');
  await input.blur();
  await expect(input).toHaveValue(value);
}

/** The value shown next to a label on the person's 'General data' tab. */
const detailValue = (page: Page, label: string) =>
  page.getByText(label, { exact: true }).locator('xpath=following-sibling::*[1]');

/**
 * A full-page screenshot of the app shell. The header and side menu are
 * position: fixed, which a plain fullPage capture paints where the page was
 * scrolled to; a viewport as tall as the page for the shot keeps them in place.
 */
async function fullPageShot(page: Page, file: string) {
  const viewport = page.viewportSize();
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.evaluate(() => window.scrollTo(0, 0));
  if (viewport) await page.setViewportSize({ width: viewport.width, height: Math.max(height, viewport.height) });
  await page.screenshot({ path: join(ARTIFACTS, file), fullPage: true });
  if (viewport) await page.setViewportSize(viewport);
}

const sideMenu = (page: Page) => page.getByRole('navigation', { name: esCommon.menu.label });

// ---------------------------------------------------------------- tests

test.describe.serial('Foundation: a newcomer’s first day', () => {
  failOnPageErrors();

  test('1. wrong password, unknown path and signed-out root are handled', async ({ page }) => {
    // A long scenario: three times the timeout, so it holds on a busy CI machine (issue 24 section 5).
    test.slow();
    await page.goto('/sign-in');
    await page.getByLabel(esAuth.signIn.username).fill(ADMIN.username);
    await page.getByLabel(esAuth.signIn.password, { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: esAuth.signIn.submit }).click();
    await expect(page.getByRole('alert').filter({ hasText: esErrors.problem.credentials_wrong })).toBeVisible();
    await expect(page).toHaveURL(/\/sign-in$/);

    await page.goto('/no-such-page');
    await expect(page).toHaveURL(/\/404$/);
    await expect(page.getByRole('heading', { name: esAuth.status.notFound.title })).toBeVisible();

    await page.goto('/');
    await expect(page).toHaveURL(/\/sign-in(\?|$)/);
    await expect(page.getByRole('button', { name: esAuth.signIn.submit })).toBeVisible();
  });

  test('2. the admin creates a role without Población and a user with it', async ({ page }) => {
    // A long scenario: three times the timeout, so it holds on a busy CI machine (issue 24 section 5).
    test.slow();
    await login(page);

    // Role: only Documentación (module and its screen).
    await page.goto('/configuration/roles/add');
    await expect(page.getByRole('heading', { name: esRoles.addTitle })).toBeVisible();
    await textbox(page, esRoles.fields.name).fill(ROLE.name);
    await textbox(page, esRoles.fields.slug).fill(ROLE.slug);
    const documentation = page.getByRole('checkbox', { name: permissionLabel('documentacion', 'es'), exact: true });
    await documentation.check();
    await expect(
      page.getByRole('checkbox', { name: permissionLabel('documentacion_documentacion', 'es'), exact: true }),
    ).toBeChecked();
    await expect(
      page.getByRole('checkbox', { name: permissionLabel('poblacion', 'es'), exact: true }),
    ).not.toBeChecked();
    await page.getByRole('button', { name: esCommon.actions.save }).click();

    await expect(page).toHaveURL(/\/configuration\/roles\/list$/);
    // The spec's list paths end in /list (spec section 2); the bare paths go there.
    await page.goto('/configuration/headquarter');
    await expect(page).toHaveURL(/\/configuration\/headquarter\/list$/);
    await page.goto('/configuration/roles');
    await expect(page).toHaveURL(/\/configuration\/roles\/list$/);
    const roleRow = page.getByRole('row').filter({ hasText: ROLE.slug });
    await expect(roleRow).toHaveCount(1);
    await expect(roleRow).toContainText(ROLE.name);
    // Saved permissions: documentacion + documentacion_documentacion, nothing of poblacion.
    await roleRow.getByRole('link', { name: `${esCommon.actions.edit} ${ROLE.name}` }).click();
    await expect(page).toHaveURL(/\/configuration\/roles\/edit\/[\w-]+$/);
    await expect(
      page.getByRole('checkbox', { name: permissionLabel('documentacion', 'es'), exact: true }),
    ).toBeChecked();
    await expect(
      page.getByRole('checkbox', { name: permissionLabel('poblacion', 'es'), exact: true }),
    ).not.toBeChecked();
    await expect(
      page.getByRole('checkbox', { name: permissionLabel('poblacion_poblacion', 'es'), exact: true }),
    ).not.toBeChecked();

    // User with that role.
    await page.goto('/configuration/users/add');
    await expect(page.getByRole('heading', { name: esUsers.addTitle })).toBeVisible();
    await textbox(page, esUsers.fields.username).fill(USER.username);
    await textbox(page, esUsers.fields.fullName).fill(USER.fullName);
    await textbox(page, esUsers.fields.email).fill(USER.email);
    await page.getByLabel(esUsers.fields.password).fill(USER.password);
    await pick(page, esUsers.fields.role, option(ROLE.slug, ROLE.name));
    await expect(combobox(page, esUsers.fields.role)).toHaveValue(option(ROLE.slug, ROLE.name));
    await page.getByRole('button', { name: esCommon.actions.save }).click();

    await expect(page).toHaveURL(/\/configuration\/users\/list(\?.*)?$/);
    const userRow = page.getByRole('row').filter({ hasText: USER.username });
    await expect(userRow).toHaveCount(1);
    await expect(userRow).toContainText(USER.fullName);
    await expect(userRow).toContainText(USER.email);
    await expect(userRow).toContainText(ROLE.name);
  });

  test('3. the admin registers a person in Sololá', async ({ page }) => {
    // A long scenario: three times the timeout, so it holds on a busy CI machine (issue 24 section 5).
    test.slow();
    await login(page);
    await page.goto('/population/served/add');
    await expect(page.getByRole('heading', { name: esPop.form.title_add })).toBeVisible();

    await textbox(page, esPop.fields.names).fill(PERSON.names);
    await textbox(page, esPop.fields.lastNames).fill(PERSON.lastNames);
    await textbox(page, esPop.fields.alias).fill(PERSON.alias);
    await typeDate(page, esPop.fields.birthDate, PERSON.birthDate);
    await pick(page, esPop.fields.sex, option(FEMALE.code, FEMALE.es));

    // The municipality waits for the department, then offers only that department's.
    const town = combobox(page, esPop.fields.town);
    await expect(town).toBeDisabled();
    await pick(page, esPop.fields.state, option(SOLOLA.code, SOLOLA.name));
    await expect(town).toBeEnabled();
    await town.click();
    await expect(page.getByRole('option')).toHaveCount(SOLOLA_TOWNS.length);
    await expect(page.getByRole('option', { name: option(TOWN.code, TOWN.name), exact: true })).toBeVisible();
    await expect(page.getByRole('option', { name: option(OTHER_TOWN.code, OTHER_TOWN.name), exact: true })).toHaveCount(
      0,
    );
    await town.fill(OTHER_TOWN.name);
    const townList = page.getByRole('listbox', { name: new RegExp(`^${escapeRe(esPop.fields.town)}`) });
    await expect(townList.getByText(esPop.common.nothing_found)).toBeVisible();
    await expect(page.getByRole('option')).toHaveCount(0);
    await town.fill('');
    await page.getByRole('option', { name: option(TOWN.code, TOWN.name), exact: true }).click();
    await expect(town).toHaveValue(option(TOWN.code, TOWN.name));

    await pick(page, esPop.fields.thematic, option(THEMATIC.code, THEMATIC.es));
    await page.keyboard.press('Escape');
    await typeDate(page, esPop.fields.admissionDate, PERSON.admissionDate);

    await fullPageShot(page, 'person-form.png');
    await page.getByRole('button', { name: esPop.actions.save }).click();

    await expect(page).toHaveURL(/\/population\/served\/[0-9a-f-]{36}$/);
    personPath = new URL(page.url()).pathname;
    await expect(page.getByRole('heading', { name: `${PERSON.names} ${PERSON.lastNames}` })).toBeVisible();
    await expect(detailValue(page, esPop.fields.state)).toHaveText(SOLOLA.name);
    await expect(detailValue(page, esPop.fields.town)).toHaveText(TOWN.name);
    await expect(detailValue(page, esPop.fields.alias)).toHaveText(PERSON.alias);
    await expect(detailValue(page, esPop.fields.sex)).toHaveText(FEMALE.es);
    await expect(detailValue(page, esPop.fields.thematic)).toHaveText(THEMATIC.es);
  });

  test('4. she is found by search; a one-letter search only shows a hint', async ({ page }) => {
    // A long scenario: three times the timeout, so it holds on a busy CI machine (issue 24 section 5).
    test.slow();
    await login(page);
    const searches: string[] = [];
    page.on('request', (r: Request) => {
      const url = new URL(r.url());
      if (url.pathname === '/api/population/persons' && url.searchParams.has('q'))
        searches.push(url.searchParams.get('q')!);
    });
    await page.goto('/population/served/list');
    const box = page.getByRole('searchbox', { name: esPop.list.search_label });
    const row = page.getByRole('row').filter({ hasText: PERSON.lastNames });
    const hint = page.getByText(esErrors.field.search_too_short);
    await expect(row).toHaveCount(1); // unfiltered list, newest first: she is on the first page among the demo persons

    // One letter: the hint, and no search is sent to the server.
    await box.fill(PERSON.lastNames.slice(0, 1));
    await expect(hint).toBeVisible();
    await page.waitForTimeout(800); // longer than the 300 ms debounce
    expect(searches).toEqual([]);
    await expect(page).not.toHaveURL(/[?&]q=/);

    // A term nobody matches: empty list.
    await box.fill('Qwzx');
    await expect(hint).toBeHidden();
    await expect(page).toHaveURL(/[?&]q=Qwzx/);
    await expect(page.getByText(esPop.empty.list)).toBeVisible();
    await expect(row).toHaveCount(0);

    // Part of her last name: her row.
    const term = PERSON.lastNames.slice(0, 4);
    await box.fill(term);
    await expect(page).toHaveURL(new RegExp(`[?&]q=${term}`));
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(PERSON.names);
    await expect(row).toContainText(`${SOLOLA.name} / ${TOWN.name}`);
    await expect(page.getByText(esPop.empty.list)).toBeHidden();
    expect(searches).toContain(term);
    await fullPageShot(page, 'person-list.png');
  });

  test('5. the admin edits her alias; the history shows creation, view and update', async ({ page }) => {
    // A long scenario: three times the timeout, so it holds on a busy CI machine (issue 24 section 5).
    test.slow();
    expect(personPath, 'set by test 3').not.toBe('');
    await login(page);
    await page.goto(personPath);
    await expect(detailValue(page, esPop.fields.alias)).toHaveText(PERSON.alias);
    await page.getByRole('link', { name: esPop.actions.edit, exact: true }).click();
    await expect(page).toHaveURL(/\/population\/served\/edit\/[0-9a-f-]{36}$/);

    const alias = textbox(page, esPop.fields.alias);
    await expect(alias).toHaveValue(PERSON.alias);
    await alias.fill(PERSON.newAlias);
    await page.getByRole('button', { name: esPop.actions.save }).click();

    await expect(page).toHaveURL(new RegExp(`${escapeRe(personPath)}$`));
    await expect(detailValue(page, esPop.fields.alias)).toHaveText(PERSON.newAlias);

    await page.getByRole('tab', { name: esPop.detail.tab_history }).click();
    const panel = page.getByRole('tabpanel');
    const actionCell = (action: string) => panel.getByRole('row').filter({ hasText: action });
    await expect(actionCell(esPop.history.actions.create)).not.toHaveCount(0);
    await expect(actionCell(esPop.history.actions.view).first()).toBeVisible();
    const update = actionCell(esPop.history.actions.update);
    await expect(update).toHaveCount(1);
    await expect(update).toContainText(`${esPop.fields.alias}:`);
    await expect(update).toContainText(PERSON.alias);
    await expect(update).toContainText(PERSON.newAlias);
  });

  test('6. a user without Población is kept out of it', async ({ page }) => {
    // A long scenario: three times the timeout, so it holds on a busy CI machine (issue 24 section 5).
    test.slow();
    await login(page);
    // The admin does see the module, so its absence below means something.
    await expect(sideMenu(page).getByText(permissionLabel('poblacion_poblacion', 'es'), { exact: true })).toBeVisible();

    await page.getByRole('button', { name: esCommon.menu.userMenuOf.split('{{name}}')[1]! }).click();
    await page.getByRole('menuitem', { name: esCommon.menu.signOut }).click();
    await expect(page).toHaveURL(/\/sign-in(\?|$)/);

    await login(page, USER.username, USER.password);
    await expect(page.getByTestId('user-name')).toHaveText(USER.fullName);
    await expect(sideMenu(page).getByText(esCommon.menu.dashboard, { exact: true })).toBeVisible();
    await expect(sideMenu(page).getByText(permissionLabel('poblacion', 'es'), { exact: true })).toHaveCount(0);
    await expect(sideMenu(page).getByText(permissionLabel('poblacion_poblacion', 'es'), { exact: true })).toHaveCount(
      0,
    );

    await page.goto('/population/served/list');
    await expect(page).toHaveURL(/\/no-permission$/);
    await expect(page.getByRole('heading', { name: esAuth.status.noPermission.title })).toBeVisible();
  });

  test('7. the language switch turns the labels to English and back', async ({ page }) => {
    await page.goto('/sign-in');
    await expect(page.getByRole('button', { name: esAuth.signIn.submit })).toBeVisible();
    await page
      .getByRole('radiogroup', { name: esCommon.shell.language })
      .getByText(esCommon.languages.en, { exact: true })
      .click();
    await expect(page.getByRole('button', { name: enAuth.signIn.submit })).toBeVisible();
    await expect(page.getByRole('button', { name: esAuth.signIn.submit })).toHaveCount(0);
    await expect(page.getByLabel(enAuth.signIn.username)).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');

    // Signed in, the shell is in English too.
    await page.getByLabel(enAuth.signIn.username).fill(ADMIN.username);
    await page.getByLabel(enAuth.signIn.password, { exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: enAuth.signIn.submit }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    const menuEn = page.getByRole('navigation', { name: enCommon.menu.label });
    await expect(menuEn.getByText(enCommon.menu.dashboard, { exact: true })).toBeVisible();
    await expect(menuEn.getByText(permissionLabel('poblacion', 'en'), { exact: true })).toBeVisible();

    await page
      .getByRole('radiogroup', { name: enCommon.shell.language })
      .getByText(enCommon.languages.es, { exact: true })
      .click();
    await expect(sideMenu(page).getByText(esCommon.menu.dashboard, { exact: true })).toBeVisible();
    await expect(sideMenu(page).getByText(permissionLabel('poblacion', 'es'), { exact: true })).toBeVisible();
    await expect(page.getByText(enCommon.menu.dashboard, { exact: true })).toHaveCount(0);
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  });

  test('8. the test banner shows only on the test server', async ({ page }) => {
    const appInfo = (origin: string) => page.waitForResponse((r) => r.url() === `${origin}/api/app-info` && r.ok());

    let info = appInfo(BANNER_URL);
    await page.goto(`${BANNER_URL}/sign-in`);
    await info;
    await expect(page.getByTestId('test-banner')).toBeVisible();
    await expect(page.getByTestId('test-banner')).toHaveText(esCommon.shell.testBanner);

    // Still there once signed in (the shell has its own header).
    await page.getByLabel(esAuth.signIn.username).fill(ADMIN.username);
    await page.getByLabel(esAuth.signIn.password, { exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: esAuth.signIn.submit }).click();
    await expect(page).toHaveURL(`${BANNER_URL}/dashboard`);
    await expect(page.getByTestId('test-banner')).toHaveText(esCommon.shell.testBanner);

    info = appInfo(MAIN_URL);
    await page.goto(`${MAIN_URL}/sign-in`);
    await info; // the banner depends on this answer: only then is its absence meaningful
    await expect(page.getByRole('button', { name: esAuth.signIn.submit })).toBeVisible();
    await expect(page.getByTestId('test-banner')).toHaveCount(0);
    await expect(page.getByText(esCommon.shell.testBanner)).toHaveCount(0);
  });
});
