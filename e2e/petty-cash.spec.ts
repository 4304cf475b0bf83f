import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Locator } from '@playwright/test';
import { formatMoney } from '../packages/shared/src/format.ts';
import { adminApi, ARTIFACTS, closeToasts, failOnPageErrors, guatemalaMonth, login } from './fixtures';
import { fundedLine } from './execution-seed';
import esCommon from '../apps/web/src/locales/es/common.json' with { type: 'json' };
import esErrors from '../apps/web/src/locales/es/errors.json' with { type: 'json' };
import esExec from '../apps/web/src/locales/es/execution.json' with { type: 'json' };

/**
 * Issue 26 section 3, petty cash as an imprest fund in the browser: administration sets up a Q 1,000.00 fund of a
 * headquarter for a custodian (through the API); the custodian records two expenses on the fund's page, counts the
 * box with a shortage (a note required), sees the difference as it is typed and in the counts, asks for the
 * replenishment (fund − cash) from the count, fills the petty-cash request with its voucher range and finds the
 * fund, the count and the pending voucher on the request's page.
 */
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const labelRe = (label: string) => new RegExp(`^${escapeRe(label)}\\s*\\*?$`);
const fill = (text: string, params: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)(, money)?\}\}/g, (_, key: string) => String(params[key] ?? ''));
const stamp = `${Date.now() % 1_000_000}`;
const PASSWORD = 'Caja-Chica-Segura-2026';
const pc = esExec.pettyCash;

const { year: YEAR, month: MONTH } = guatemalaMonth();

/** A date `days` from today (UTC is close enough for a range valid for months). */
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * A headquarter with a planning line of this year (Q 3,000.00 assigned this month), a petty-cash voucher range of
 * the headquarter, the custodian (ejecucion_solicitudes) and the headquarter's Q 1,000.00 fund in their care.
 */
async function seed(request: APIRequestContext, which: 'A' | 'B') {
  const TAG = `CC${which}${stamp}`;
  const HEADQUARTER = `Sede de caja chica ${TAG}`;
  const LINE = `Gastos menores de la sede ${TAG}`;
  const SECOND_HEADQUARTER = `Sede nueva de caja chica ${TAG}`;
  const api = await adminApi(request);
  const { hq } = await fundedLine(api, TAG, {
    description: LINE,
    goalUnit: 'reposiciones',
    headquarterName: HEADQUARTER,
  });
  await api('post', '/api/vouchers', {
    kind: 'petty_cash',
    series: TAG,
    description: `Vales de caja chica ${TAG}`,
    start: 1,
    end: 20,
    expiresOn: inDays(200),
    headquarterId: hq.id,
  });
  const role = (await api('post', '/api/roles', {
    slug: `custodio-${TAG.toLowerCase()}`,
    name: `Rol custodio ${TAG}`,
    permissions: ['ejecucion', 'ejecucion_solicitudes'],
  })) as { id: string };
  const username = `custodio.${TAG.toLowerCase()}`;
  const custodian = (await api('post', '/api/users', {
    username,
    fullName: `Custodia ${TAG}`,
    email: `${username}@amparo.org.gt`,
    password: PASSWORD,
    roleId: role.id,
    active: true,
    extraPermissions: [],
    workgroup: `Programas ${TAG}`,
  })) as { id: string };
  const fund = (await api('post', '/api/execution/petty-cash', {
    headquarterId: hq.id,
    custodianId: custodian.id,
    amount: '1000',
    notes: 'Fondo fijo de la sede',
  })) as { id: string };
  // A second headquarter, without a fund yet, for administration's form.
  await api('post', '/api/headquarters', {
    code: `F${TAG}`.slice(0, 10),
    name: SECOND_HEADQUARTER,
    country: 'GT',
    state: '09',
  });
  return {
    tag: TAG,
    headquarter: HEADQUARTER,
    line: LINE,
    secondHeadquarter: SECOND_HEADQUARTER,
    username,
    fundId: fund.id,
    custodianName: `Custodia ${TAG}`,
  };
}

/** The input of the wrapper whose label is `label` (a Select's or a MultiSelect's field). */
const inputOf = (scope: Locator, label: string) =>
  scope
    .locator('.mantine-InputWrapper-root')
    .filter({ has: scope.page().locator('label', { hasText: labelRe(label) }) })
    .locator('input:not([type="hidden"])')
    .first();

test.describe('petty cash', () => {
  failOnPageErrors();

  test('administration sets up a fund for a custodian and changes its amount', async ({ page, request }) => {
    test.setTimeout(120_000);
    const s = await seed(request, 'A');
    await login(page);
    await page.goto('/execution/petty-cash/list');
    await page.getByRole('link', { name: pc.add }).click();
    await expect(page).toHaveURL(/\/execution\/petty-cash\/add$/);
    const form = page.getByRole('form', { name: pc.addTitle });
    await form.getByRole('button', { name: esCommon.actions.save }).click();
    await expect(form.getByText(esErrors.field.required, { exact: true }).first()).toBeVisible();
    const headquarter = inputOf(form, pc.fields.headquarter);
    await headquarter.click();
    await headquarter.fill(s.secondHeadquarter);
    await page.getByRole('option', { name: new RegExp(escapeRe(s.secondHeadquarter)) }).click();
    const custodian = inputOf(form, pc.fields.custodian);
    await custodian.click();
    await custodian.fill(`Custodia ${s.tag}`);
    await page.getByRole('option', { name: new RegExp(escapeRe(s.custodianName)) }).click();
    await form.getByRole('textbox', { name: labelRe(pc.fields.amount) }).fill('1500.50');
    await page.screenshot({ path: join(ARTIFACTS, 'petty-cash-fund-add.png'), fullPage: true });
    await form.getByRole('button', { name: esCommon.actions.save }).click();

    await expect(page).toHaveURL(/\/execution\/petty-cash\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(fill(pc.fundTitle, { name: s.secondHeadquarter }));
    await expect(page.getByTestId('fund-amount')).toHaveText('Q 1,500.50');
    await closeToasts(page);
    await page.getByRole('link', { name: pc.edit }).click();
    const edit = page.getByRole('form', { name: fill(pc.editTitle, { name: s.secondHeadquarter }) });
    await expect(edit.getByRole('textbox', { name: labelRe(pc.fields.amount) })).toHaveValue('1,500.50');
    await edit.getByRole('textbox', { name: labelRe(pc.fields.amount) }).fill('1200');
    await edit.getByRole('button', { name: esCommon.actions.save }).click();
    await expect(page).toHaveURL(/\/execution\/petty-cash\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId('fund-amount')).toHaveText('Q 1,200.00');

    // In the list, with the custodian's.
    await page.getByRole('link', { name: pc.back }).click();
    const row = page.getByRole('row', { name: new RegExp(escapeRe(s.secondHeadquarter)) });
    await expect(row).toContainText(s.custodianName);
    await expect(row).toContainText('Q 1,200.00');
  });

  test('the custodian spends, counts a shortage and asks for the replenishment of fund minus cash', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const s = await seed(request, 'B');
    await login(page, s.username, PASSWORD);

    // The list: the custodian's fund (administration's «Nuevo fondo» is not theirs).
    await page.goto('/execution/petty-cash/list');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(pc.title);
    await expect(page.getByRole('link', { name: pc.add })).toHaveCount(0);
    const row = page.getByRole('row', { name: new RegExp(escapeRe(s.headquarter)) });
    await expect(row).toContainText('Q 1,000.00');
    await row.getByRole('link', { name: fill(pc.open, { name: s.headquarter }) }).click();
    await expect(page).toHaveURL(new RegExp(`/execution/petty-cash/${s.fundId}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(fill(pc.fundTitle, { name: s.headquarter }));

    // Two expenses.
    const expenses = [
      { amount: '150.25', description: 'Agua pura para la sede', receipt: 'FAC-1001' },
      { amount: '80.50', description: 'Fotocopias de fichas de atención', receipt: 'FAC-1002' },
    ];
    for (const e of expenses) {
      await closeToasts(page);
      await page.getByRole('button', { name: pc.expenses.add }).click();
      const dialog = page.getByRole('dialog', { name: pc.expenses.add });
      await dialog.getByRole('textbox', { name: labelRe(pc.expenses.amount) }).fill(e.amount);
      await dialog.getByRole('textbox', { name: labelRe(pc.expenses.description) }).fill(e.description);
      await dialog.getByRole('textbox', { name: labelRe(pc.expenses.receipt) }).fill(e.receipt);
      await dialog.getByRole('button', { name: esCommon.actions.save }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByRole('table', { name: pc.expenses.title })).toContainText(e.description);
    }
    await expect(page.getByTestId('fund-pending')).toHaveText('Q 230.75');
    await expect(page.getByTestId('fund-expected')).toHaveText('Q 769.25');

    // A count with a shortage: 760.00 found where 769.25 should be, the difference shown as it is typed.
    await closeToasts(page);
    await page.getByRole('button', { name: pc.counts.add }).click();
    const dialog = page.getByRole('dialog', { name: pc.counts.add });
    await dialog.getByRole('textbox', { name: labelRe(pc.counts.cash) }).fill('760');
    const shortage = formatMoney('-9.25');
    await expect(dialog.getByTestId('count-difference')).toContainText(`${shortage} · ${pc.counts.shortage}`);
    await dialog.getByRole('button', { name: esCommon.actions.save }).click();
    // A difference needs its note.
    const notes = dialog.getByRole('textbox', { name: labelRe(pc.counts.notes) });
    await expect(dialog.getByText(esErrors.field.required, { exact: true })).toBeVisible();
    await notes.fill('Faltan Q 9.25: un pasaje de bus sin comprobante.');
    await page.screenshot({ path: join(ARTIFACTS, 'petty-cash-count.png') });
    await dialog.getByRole('button', { name: esCommon.actions.save }).click();
    await expect(dialog).toBeHidden();
    const counts = page.getByRole('table', { name: pc.counts.title });
    await expect(counts).toContainText(`${shortage} · ${pc.counts.shortage}`);
    await expect(counts).toContainText('Q 760.00');
    await expect(page.getByText(fill(pc.replenishHint, { amount: 'Q 240.00' }))).toBeVisible();
    await page.screenshot({ path: join(ARTIFACTS, 'petty-cash-fund.png'), fullPage: true });

    // The replenishment: fund − counted cash, Q 240.00, from the count.
    await closeToasts(page);
    await page.getByRole('link', { name: pc.replenish }).click();
    const month = `${YEAR}-${String(MONTH).padStart(2, '0')}`;
    await expect(page).toHaveURL(new RegExp(`/execution/requests/add/petty-cash/${month}\\?.*fund=${s.fundId}`));
    const form = page.getByRole('form', { name: esExec.newPage.title_petty_cash });
    await expect(form.getByTestId('petty-cash-replenishment')).toHaveText('Q 240.00');
    await expect(form).toContainText(fill(pc.request.totalHint, { expected: 'Q 240.00' }));
    await form
      .getByRole('textbox', { name: labelRe(esExec.fields.description) })
      .fill(`Reposición de caja chica ${s.tag}`);
    await form
      .getByRole('textbox', { name: labelRe(esExec.fields.justification) })
      .fill('Reposición de los gastos menores del mes y del faltante del arqueo.');
    const line = form.getByRole('combobox', { name: labelRe(fill(esExec.items.lineOf, { n: 1 })) });
    await line.click();
    await line.fill(s.tag);
    await page.getByRole('option', { name: new RegExp(escapeRe(s.line)) }).click();
    await form
      .getByRole('textbox', { name: labelRe(fill(esExec.items.descriptionOf, { n: 1 })) })
      .fill('Reposición del fondo');
    await form.getByRole('textbox', { name: labelRe(fill(esExec.items.unitOf, { n: 1 })) }).fill('global');
    await form.getByRole('textbox', { name: labelRe(fill(esExec.items.quantityOf, { n: 1 })) }).fill('1');
    await form.getByRole('textbox', { name: labelRe(fill(esExec.items.unitPriceOf, { n: 1 })) }).fill('240');
    await expect(form.getByTestId('items-total')).toHaveText('Q 240.00');
    await inputOf(form, pc.request.voucherRange).click();
    await page.getByRole('option', { name: new RegExp(`^${escapeRe(s.tag)} 1`) }).click();
    await page.screenshot({ path: join(ARTIFACTS, 'petty-cash-request-form.png'), fullPage: true });
    await form.getByRole('button', { name: esCommon.actions.save }).click();

    // The request's page: the petty-cash card.
    await expect(page).toHaveURL(/\/execution\/requests\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId('request-total')).toHaveText('Q 240.00');
    const card = page.getByRole('region', { name: pc.card.title });
    await expect(card).toContainText(s.headquarter);
    await expect(card).toContainText('Q 1,000.00');
    await expect(card).toContainText('Q 760.00');
    await expect(card).toContainText(`${shortage} · ${pc.counts.shortage}`);
    await expect(card).toContainText(pc.card.voucherPending);
    await page.screenshot({ path: join(ARTIFACTS, 'petty-cash-request.png'), fullPage: true });

    // Edited while `solicitado`: the same fund, count and range come back, and it saves as it is.
    await closeToasts(page);
    await page.getByRole('link', { name: esExec.detail.edit }).click();
    const edit = page.getByRole('form', { name: /SOL-\d{4}-\d{5}/ });
    await expect(edit.getByTestId('petty-cash-replenishment')).toHaveText('Q 240.00');
    await expect(inputOf(edit, pc.request.fund)).toHaveValue(new RegExp(escapeRe(s.headquarter)));
    await expect(inputOf(edit, pc.request.voucherRange)).toHaveValue(new RegExp(`^${escapeRe(s.tag)} 1`));
    await edit.getByRole('button', { name: esCommon.actions.save }).click();
    await expect(page).toHaveURL(/\/execution\/requests\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('region', { name: pc.card.title })).toContainText(pc.card.voucherPending);

    // Back on the fund, the count names its request.
    await page.getByRole('region', { name: pc.card.title }).getByRole('link', { name: pc.card.openFund }).click();
    const number = await page.getByRole('table', { name: pc.counts.title }).getByRole('link').first().textContent();
    expect(number).toMatch(/^SOL-\d{4}-\d{5}$/);
    await expect(page.getByRole('link', { name: pc.replenish })).toHaveCount(0);
  });
});
