import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { ARTIFACTS, failOnPageErrors, login, RUN } from './fixtures';
import esCommon from '../apps/web/src/locales/es/common.json' with { type: 'json' };
import esErrors from '../apps/web/src/locales/es/errors.json' with { type: 'json' };
import esProv from '../apps/web/src/locales/es/providers.json' with { type: 'json' };
import geography from '../apps/server/src/db/seed/data/guatemala-geography.json' with { type: 'json' };
import { isValidNit } from '../packages/shared/src/identifiers.ts';

/**
 * Issue 26 section 1, Configuración › Proveedores in the browser: the administrator adds a provider of Sololá with
 * a NIT written with its dash, finds it in the list by a word of its name, changes its trade name, and sees a NIT
 * whose check digit is wrong, and then a NIT already registered, refused beside the NIT field.
 */
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const labelRe = (label: string) => new RegExp(`^${escapeRe(label)}\\s*\\*?$`);
const field = (scope: Page | Locator, label: string) => scope.getByRole('textbox', { name: labelRe(label) });
const combobox = (scope: Page | Locator, label: string) => scope.getByRole('combobox', { name: labelRe(label) });
/** The wrapper (label, input, description, error) of the page's text field `label`, to read the error beside it. */
const wrapperOf = (page: Page, label: string) =>
  page.locator('.mantine-InputWrapper-root').filter({ has: page.getByRole('textbox', { name: labelRe(label) }) });

/** Opens a Mantine Select and clicks one of its options (the list is portalled to the page). */
async function pick(page: Page, label: string, option: string) {
  await combobox(page, label).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** SAT's modulo-11 check digit of a NIT's body (as packages/shared/src/identifiers.ts checks it). */
function nitCheck(body: string): string {
  let sum = 0;
  for (let i = 0; i < body.length; i++) sum += Number(body[i]) * (body.length + 1 - i);
  const c = (11 - (sum % 11)) % 11;
  return c === 10 ? 'K' : String(c);
}

// A NIT of this attempt only (the NIT is unique): eight digits of the clock, and their check digit.
const NIT_BODY = String(Date.now()).slice(-8).replace(/^0/, '1');
const NIT = `${NIT_BODY}${nitCheck(NIT_BODY)}`;
const NAME = `Librería Escolar Panajachel ${RUN}`;
const TRADE_NAME = 'Librería El Estudiante';
const SOLOLA = geography.departments.find((d) => d.code === '07')!;
const SOLOLA_TOWN = geography.municipalities.find((m) => m.code === '0701')!;

test.describe('providers', () => {
  failOnPageErrors();

  test('adds a provider, finds it by a word of its name, edits its trade name and refuses a wrong NIT', async ({
    page,
  }) => {
    test.slow();
    expect(isValidNit(NIT)).toBe(true);
    expect(isValidNit('1234567')).toBe(false);
    await login(page);
    await page.getByRole('link', { name: esProv.title }).click();
    await expect(page).toHaveURL(/\/configuration\/providers\/list$/);
    await page.getByRole('link', { name: esProv.add }).click();
    await expect(page).toHaveURL(/\/configuration\/providers\/add$/);
    const form = page.getByRole('form', { name: esProv.addTitle });

    // A NIT whose check digit is wrong is refused beside the field as soon as it is left.
    const nit = field(form, esProv.fields.nit);
    await nit.fill('1234567');
    await nit.blur();
    await expect(nit).toHaveAttribute('aria-invalid', 'true');
    await expect(wrapperOf(page, esProv.fields.nit)).toContainText(esErrors.field.nit_invalid);

    await field(form, esProv.fields.name).fill(NAME);
    // Written with its dash: the contract keeps it without.
    await nit.fill(`${NIT_BODY}-${NIT.slice(-1)}`);
    await expect(nit).not.toHaveAttribute('aria-invalid', 'true');
    await pick(page, esProv.fields.taxRegime, esProv.taxRegimes.small_taxpayer);
    await pick(page, esProv.fields.state, `${SOLOLA.code} - ${SOLOLA.name}`);
    await pick(page, esProv.fields.town, `${SOLOLA_TOWN.code} - ${SOLOLA_TOWN.name}`);
    await field(form, esProv.fields.address).fill('Calle Santander 3-20, zona 2');
    await field(form, esProv.fields.contactName).fill('Marta Julajuj');
    await form.getByRole('button', { name: esCommon.phones.add }).click();
    await field(form, esCommon.phones.number.replace('{{n}}', '1')).fill('7762 1234');
    await form.getByRole('textbox', { name: esProv.fields.email }).fill(`ventas.${RUN}@libreria.example`);
    await field(form, esProv.fields.bankName).fill('Banrural');
    await field(form, esProv.fields.bankAccount).fill('3445012345');
    await page.screenshot({ path: join(ARTIFACTS, 'providers-add.png'), fullPage: true });
    await form.getByRole('button', { name: esCommon.actions.save }).click();
    await expect(page).toHaveURL(/\/configuration\/providers\/list$/);

    // Found by a word of its name: its NIT without the dash, its regime and its place.
    await page.getByRole('searchbox', { name: esCommon.actions.search }).fill(RUN);
    await expect(page).toHaveURL(new RegExp(`[?&]q=${escapeRe(RUN)}`));
    const table = page.getByRole('table', { name: esProv.title });
    const row = table.getByRole('row', { name: new RegExp(escapeRe(NAME)) });
    await expect(row).toBeVisible();
    await expect(table.locator('tbody tr')).toHaveCount(1);
    await expect(row).toContainText(NIT);
    await expect(row).toContainText(esCommon.status.active);

    // Its trade name changed.
    await row.getByRole('link', { name: NAME, exact: true }).click();
    await expect(page).toHaveURL(/\/configuration\/providers\/edit\/[0-9a-f-]+$/);
    const edit = page.getByRole('form', { name: esProv.editTitle.replace('{{name}}', NAME) });
    await expect(field(edit, esProv.fields.nit)).toHaveValue(NIT);
    await expect(combobox(edit, esProv.fields.state)).toHaveValue(`${SOLOLA.code} - ${SOLOLA.name}`);
    await field(edit, esProv.fields.tradeName).fill(TRADE_NAME);
    await edit.getByRole('button', { name: esCommon.actions.save }).click();
    await expect(page).toHaveURL(/\/configuration\/providers\/list/);
    await page.getByRole('searchbox', { name: esCommon.actions.search }).fill(RUN);
    await expect(table.getByRole('row', { name: new RegExp(escapeRe(NAME)) })).toContainText(TRADE_NAME);
    await page.screenshot({ path: join(ARTIFACTS, 'providers-list.png') });

    // The same NIT again is refused by the server, beside the NIT field.
    await page.goto('/configuration/providers/add');
    const again = page.getByRole('form', { name: esProv.addTitle });
    await field(again, esProv.fields.name).fill(`Otra librería ${RUN}`);
    await field(again, esProv.fields.nit).fill(NIT);
    await pick(page, esProv.fields.taxRegime, esProv.taxRegimes.general);
    await pick(page, esProv.fields.state, `${SOLOLA.code} - ${SOLOLA.name}`);
    await again.getByRole('button', { name: esCommon.actions.save }).click();
    const nitAgain = field(again, esProv.fields.nit);
    await expect(nitAgain).toHaveAttribute('aria-invalid', 'true');
    await expect(wrapperOf(page, esProv.fields.nit)).toContainText(esErrors.field.duplicate);
    await expect(page).toHaveURL(/\/configuration\/providers\/add$/);
  });
});
