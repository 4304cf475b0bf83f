import { expect, test } from '@playwright/test';
import { failOnPageErrors, login } from './fixtures';
import esCommon from '../apps/web/src/locales/es/common.json' with { type: 'json' };
import esCal from '../apps/web/src/locales/es/working-calendar.json' with { type: 'json' };
import enCommon from '../apps/web/src/locales/en/common.json' with { type: 'json' };
import enCal from '../apps/web/src/locales/en/working-calendar.json' with { type: 'json' };

/**
 * Issue 12, Configuración › Calendario laboral in the browser: Guatemala's holidays are listed, the charity adds
 * a day of its own and removes it.
 */
test.describe('working calendar', () => {
  failOnPageErrors();

  test('lists the public holidays, adds a day of the charity and removes it', async ({ page }) => {
    await login(page);
    await page.getByRole('link', { name: 'Calendario laboral' }).click();
    await expect(page).toHaveURL(/\/configuration\/working-calendar$/);
    const year = new Date().getFullYear();
    const publicTable = page.getByRole('table', { name: esCal.public.title.replace('{{year}}', String(year)) });
    await expect(publicTable.getByRole('row', { name: /Viernes Santo/ })).toBeVisible();
    // In English, the public holidays have their English names (issue 24 section 6, item 8).
    await page
      .getByRole('radiogroup', { name: esCommon.shell.language })
      .getByText(esCommon.languages.en, { exact: true })
      .click();
    const publicTableEn = page.getByRole('table', { name: enCal.public.title.replace('{{year}}', String(year)) });
    await expect(publicTableEn.getByRole('row', { name: /Good Friday/ })).toBeVisible();
    await expect(publicTableEn.getByRole('row', { name: /Viernes Santo/ })).toHaveCount(0);
    await page
      .getByRole('radiogroup', { name: enCommon.shell.language })
      .getByText(enCommon.languages.es, { exact: true })
      .click();
    await expect(publicTable.getByRole('row', { name: /Viernes Santo/ })).toBeVisible();

    const form = page.getByRole('form', { name: esCal.own.add });
    await form.getByRole('textbox', { name: new RegExp(`^${esCal.fields.date}`) }).fill(`${year}-07-22`);
    await form.getByRole('textbox', { name: new RegExp(`^${esCal.fields.name}`) }).fill('Aniversario E2E');
    await form.getByRole('button', { name: esCal.own.add }).click();
    // The toast sits below the header, never over its controls (issue 24 section 6, item 11).
    const toast = page.getByText(esCal.messages.added);
    await expect(toast).toBeVisible();
    const header = (await page.getByRole('banner').boundingBox())!;
    expect((await toast.boundingBox())!.y).toBeGreaterThanOrEqual(header.y + header.height);
    const own = page.getByRole('table', { name: esCal.own.title });
    const row = own.getByRole('row', { name: /Aniversario E2E/ });
    await expect(row).toContainText(esCal.allHeadquarters);
    await expect(row).toContainText(esCal.wholeDay);

    await row.getByRole('button', { name: new RegExp(`^${esCommon.actions.delete}`) }).click();
    await page.getByRole('dialog').getByRole('button', { name: esCommon.actions.delete }).click();
    await expect(own.getByRole('row', { name: /Aniversario E2E/ })).toHaveCount(0);
  });
});
