import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { adminApi, failOnPageErrors, login, RUN } from './fixtures';
import esCommon from '../apps/web/src/locales/es/common.json' with { type: 'json' };
import esErrors from '../apps/web/src/locales/es/errors.json' with { type: 'json' };
import es from '../apps/web/src/locales/es/settings.json' with { type: 'json' };

/**
 * Issue 25 section 3, Configuración › Parámetros legales in the browser: every setting with its value in force,
 * a key without one marked; a scheduled value of an amount added from a date next year, corrected and removed;
 * a bad value refused beside its field (a rate over 100 %, a band not starting where the one before ends, a date
 * the key already has a value from).
 */
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A field by its label, with or without the required asterisk. */
const labelRe = (label: string) => new RegExp(`^${escape(label)}\\s*\\*?$`);
const fill = (template: string, params: Record<string, string | number>) =>
  Object.entries(params).reduce((s, [k, v]) => s.replace(`{{${k}}}`, String(v)), template);

/** A date next year of this run's own (a retry, a new run, never meets an earlier run's value); `shift` days on. */
function dateNextYear(shift = 0) {
  const n = parseInt(RUN, 36) + shift * 12;
  const month = String((n % 12) + 1).padStart(2, '0');
  const day = String((Math.floor(n / 12) % 28) + 1).padStart(2, '0');
  return `${new Date().getFullYear() + 1}-${month}-${day}`;
}

/** The open setting's dialog, by the key's label. */
const dialogOf = (page: Page, key: keyof typeof es.keys) => page.getByRole('dialog', { name: es.keys[key] });
const valueField = (form: Locator) => form.getByRole('textbox', { name: labelRe(es.form.value) });

/**
 * Presses a row's icon button once its tooltip is drawn. The shared LazyTooltip draws the button again inside
 * Mantine's Tooltip on the first pointing; a row drawn before the Tooltip's code came (the history, before the
 * edit button was pointed at) swaps its button between Playwright's pointing and its press, and the press is lost.
 */
async function pressRowAction(page: Page, button: Locator, tooltip: string) {
  await button.hover();
  await expect(page.getByRole('tooltip', { name: tooltip })).toBeVisible();
  await button.click();
}

/** The critical and serious axe violations (WCAG 2.1 A/AA, best practices), as accessibility.spec.ts counts them. */
async function violations(page: Page) {
  await page.waitForLoadState('networkidle');
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return result.violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious' || v.id === 'color-contrast')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.html.slice(0, 160)).join(' | ')}`);
}

test.describe('legal parameters', () => {
  failOnPageErrors();

  test('lists every setting, adds a scheduled amount, corrects it and deletes it', async ({ page }) => {
    test.slow();
    await login(page);
    await page.getByRole('link', { name: 'Parámetros legales' }).click();
    await expect(page).toHaveURL(/\/configuration\/settings$/);

    const taxes = page.getByRole('table', { name: es.groups.tax });
    await expect(taxes.getByRole('row', { name: new RegExp(es.keys.iva_rate) })).toContainText('12 %');
    // The minimum wage is entered by the administrator each year: none is in force until then.
    const labour = page.getByRole('table', { name: es.groups.labour });
    await expect(labour.getByRole('row', { name: new RegExp(es.keys.minimum_wage_non_agricultural) })).toContainText(
      es.noCurrent,
    );

    const key = 'bonificacion_incentivo_minimum';
    const date = dateNextYear();
    const row = () => labour.getByRole('row', { name: new RegExp(escape(es.keys[key])) });
    await row().getByRole('link', { name: es.keys[key] }).click();
    await expect(page).toHaveURL(new RegExp(`key=${key}`));
    const dialog = dialogOf(page, key);
    const history = dialog.getByRole('table', { name: fill(es.history.label, { name: es.keys[key] }) });
    await expect(history.getByRole('row').filter({ hasText: es.states.current })).toContainText('Q 250.00');
    await expect(dialog.getByText(es.form.immutable)).toBeVisible();
    // A value in force or past has no edit or delete.
    await expect(history.getByRole('button', { name: new RegExp(`^${esCommon.actions.edit}`) })).toHaveCount(0);

    const add = dialog.getByRole('form', { name: es.form.addTitle });
    await expect(add.getByRole('textbox', { name: labelRe(es.form.source) })).toHaveValue(/Decreto 78-89/);
    await add.getByRole('textbox', { name: labelRe(es.form.validFrom) }).fill(date);
    await valueField(add).fill('300');
    await add.getByRole('textbox', { name: labelRe(es.form.note) }).fill(`Prueba E2E ${RUN}`);
    await add.getByRole('button', { name: es.form.add }).click();
    await expect(page.getByText(es.form.added)).toBeVisible();
    const scheduled = history.getByRole('row').filter({ hasText: date });
    await expect(scheduled).toContainText(es.states.scheduled);
    await expect(scheduled).toContainText('Q 300.00');
    await expect(scheduled).toContainText(`Prueba E2E ${RUN}`);

    // Corrected while not yet in force: the same date, a new amount.
    const name = fill(es.history.valueName, { name: es.keys[key], date });
    await pressRowAction(
      page,
      scheduled.getByRole('button', { name: `${esCommon.actions.edit} ${name}` }),
      esCommon.actions.edit,
    );
    const edit = dialog.getByRole('form', { name: fill(es.form.editTitle, { date }) });
    await expect(edit.getByRole('textbox', { name: labelRe(es.form.validFrom) })).toBeDisabled();
    await expect(valueField(edit)).toHaveValue('300.00');
    await valueField(edit).fill('325.50');
    await edit.getByRole('button', { name: es.form.saveEdit }).click();
    await expect(page.getByText(es.form.updated)).toBeVisible();
    await expect(scheduled).toContainText('Q 325.50');
    await expect(dialog.getByRole('form', { name: es.form.addTitle })).toBeVisible();

    // The list shows it as the next value, from its date, beside the one in force.
    await dialog.getByRole('button', { name: esCommon.actions.close }).click();
    await expect(page).toHaveURL(/\/configuration\/settings$/);
    await expect(row()).toContainText('Q 250.00');
    await expect(row()).toContainText('Q 325.50');
    await expect(row()).toContainText(fill(es.scheduledFrom, { date }));

    await row().click();
    await pressRowAction(
      page,
      scheduled.getByRole('button', { name: `${esCommon.actions.delete} ${name}` }),
      esCommon.actions.delete,
    );
    await page
      .getByRole('dialog', { name: esCommon.confirm.deleteTitle })
      .getByRole('button', { name: esCommon.actions.delete })
      .click();
    await expect(history.getByRole('row').filter({ hasText: date })).toHaveCount(0);
    await dialog.getByRole('button', { name: esCommon.actions.close }).click();
    await expect(row()).not.toContainText('Q 325.50');
  });

  test('says beside the field what is wrong with a value', async ({ page }) => {
    await login(page);
    await page.goto('/configuration/settings?key=iva_rate');
    const dialog = dialogOf(page, 'iva_rate');
    const add = dialog.getByRole('form', { name: es.form.addTitle });
    // A rate is typed as a percentage: the value in force reads 12.
    await expect(valueField(add)).toHaveValue('12');
    await valueField(add).fill('150');
    await expect(valueField(add)).toHaveAttribute('aria-invalid', 'true');
    await expect(valueField(add)).toHaveAccessibleDescription(
      new RegExp(escape(esErrors.field.too_big.replace('{{max}}', '100'))),
    );

    // A date the key already has a value from: the server refuses it, said beside the date.
    const history = dialog.getByRole('table', { name: fill(es.history.label, { name: es.keys.iva_rate }) });
    const since = (await history
      .getByRole('row')
      .filter({ hasText: es.states.current })
      .getByRole('cell')
      .first()
      .textContent())!;
    await valueField(add).fill('13');
    const validFrom = add.getByRole('textbox', { name: labelRe(es.form.validFrom) });
    await validFrom.fill(since.trim());
    await add.getByRole('button', { name: es.form.add }).click();
    await expect(validFrom).toHaveAttribute('aria-invalid', 'true');
    await expect(validFrom).toHaveAccessibleDescription(new RegExp(escape(es.errors.duplicateDate)));
    await expect(add.getByTestId('save-error')).toContainText(es.errors.duplicateDate);
    await expect(history.getByRole('row').filter({ hasText: es.states.scheduled })).toHaveCount(0);

    // A band that does not start where the one before ends.
    await page.goto('/configuration/settings?key=isr_retention_brackets');
    const bands = dialogOf(page, 'isr_retention_brackets').getByRole('form', { name: es.form.addTitle });
    const over = bands.getByRole('textbox', { name: fill(es.bands.overOf, { n: 2 }) });
    await expect(over).toHaveValue('30,000.00');
    await over.fill('29999');
    await over.blur();
    await expect(over).toHaveAttribute('aria-invalid', 'true');
    await expect(over).toHaveAccessibleDescription(
      new RegExp(escape(es.errors.bandStart.replace('{{amount, money}}', 'Q 30,000.00'))),
    );
    // The last band has no ceiling.
    await expect(bands.getByRole('textbox', { name: fill(es.bands.upToOf, { n: 2 }) })).toHaveValue('');
  });

  test('the list and a scale being edited pass axe', async ({ page }) => {
    await login(page);
    await page.goto('/configuration/settings');
    await expect(page.getByRole('table', { name: es.groups.tax }).getByRole('row').nth(1)).toBeVisible();
    await expect(page.locator('h1')).toHaveCount(1);
    expect.soft(await violations(page), 'list').toEqual([]);
    await page.goto('/configuration/settings?key=isr_employment_brackets');
    const form = dialogOf(page, 'isr_employment_brackets').getByRole('form', { name: es.form.addTitle });
    await form.getByRole('button', { name: es.bands.add }).click();
    await form.getByRole('button', { name: es.form.add }).click();
    await expect(form.locator('[aria-invalid="true"]').first()).toBeVisible();
    // Escape closes the calendar of the date field the refusal focused, not the dialog.
    await page.keyboard.press('Escape');
    await expect(form).toBeVisible();
    expect.soft(await violations(page), 'history and form').toEqual([]);
  });

  test('a correction someone else saved first offers to reload it', async ({ page, request }) => {
    const key = 'isr_retention_threshold';
    const date = dateNextYear(1);
    const api = await adminApi(request);
    const created = (
      (await api('post', `/api/settings/${key}/values`, {
        validFrom: date,
        value: '2600',
        source: 'Decreto 10-2012, art. 47',
        note: `Conflicto E2E ${RUN}`,
      })) as { scheduled: { id: string; version: number } }
    ).scheduled;

    await login(page);
    await page.goto(`/configuration/settings?key=${key}`);
    const dialog = dialogOf(page, key);
    const history = dialog.getByRole('table', { name: fill(es.history.label, { name: es.keys[key] }) });
    const name = fill(es.history.valueName, { name: es.keys[key], date });
    await pressRowAction(
      page,
      history.getByRole('button', { name: `${esCommon.actions.edit} ${name}` }),
      esCommon.actions.edit,
    );
    const edit = dialog.getByRole('form', { name: fill(es.form.editTitle, { date }) });
    await expect(valueField(edit)).toHaveValue('2,600.00');
    // Meanwhile someone else corrects it.
    await api('put', `/api/settings/${key}/values/${created.id}`, {
      value: '2700',
      source: 'Decreto 10-2012, art. 47',
      note: null,
      version: created.version,
    });
    await valueField(edit).fill('2800');
    await edit.getByRole('button', { name: es.form.saveEdit }).click();
    const refused = edit.getByTestId('save-error');
    await expect(refused).toContainText(es.form.conflictTitle);
    await expect(refused).toContainText(esErrors.problem.version_conflict);
    await refused.getByRole('button', { name: es.form.reload }).click();
    await expect(valueField(edit)).toHaveValue('2,700.00');
    await expect(edit.getByTestId('save-error')).toHaveCount(0);
    await valueField(edit).fill('2800');
    await edit.getByRole('button', { name: es.form.saveEdit }).click();
    await expect(page.getByText(es.form.updated)).toBeVisible();
    const row = history.getByRole('row').filter({ hasText: date });
    await expect(row).toContainText('Q 2,800.00');

    await pressRowAction(
      page,
      row.getByRole('button', { name: `${esCommon.actions.delete} ${name}` }),
      esCommon.actions.delete,
    );
    await page
      .getByRole('dialog', { name: esCommon.confirm.deleteTitle })
      .getByRole('button', { name: esCommon.actions.delete })
      .click();
    await expect(history.getByRole('row').filter({ hasText: date })).toHaveCount(0);
  });
});
