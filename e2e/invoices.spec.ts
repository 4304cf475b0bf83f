import { expect, test, type Page } from '@playwright/test';
import { adminApi, closeToasts, failOnPageErrors, login, guatemalaToday } from './fixtures';
import { paidReserve, PASSWORD, seed } from './execution-seed';
import { dteXml } from '../apps/server/test/dte-fixture.ts';
import esCommon from '../apps/web/src/locales/es/common.json' with { type: 'json' };
import esExec from '../apps/web/src/locales/es/execution.json' with { type: 'json' };

/**
 * Issue 27 section 1 in the browser: the requester of a paid request records its invoices on the request's page,
 * a paper one and a FEL one typed by its authorization UUID (serie and number shown as derived from it); the
 * totals follow, and the same invoice twice is caught before it is sent.
 */
const TAG = `FAC${Date.now() % 1_000_000}`;
const UUID = 'D412A347-9720-44C0-A9CC-FDE068F0A2E7';
/** The institution's NIT (valid by SAT's modulo 11): the buyer every FEL invoice of a liquidation names. */
const INSTITUTION_NIT = '98765434';
const inv = esExec.invoices;

const escapeRe = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A field's accessible name: its label, with the asterisk of a required one. */
const field = (label: string) => new RegExp(`^${escapeRe(label)}\\s*\\*?$`);

/** Chooses `option` in the dialog's select labelled `label`, typing `typed` first (a lookup's search). */
async function choose(page: Page, label: string, option: RegExp | string, typed?: string) {
  const input = page.getByRole('dialog').getByRole('combobox', { name: field(label) });
  await input.click();
  if (typed) await input.fill(typed);
  await page.getByRole('option', { name: option }).first().click();
}

test.describe("a paid request's invoices", () => {
  failOnPageErrors();

  test('the requester records a paper and a FEL invoice; the totals follow; a repeated one is refused', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const s = await seed(request, TAG);
    const r = await paidReserve(request, s, TAG, '1500.00', '3-033-77777-1');

    await login(page, s.requester, PASSWORD);
    await page.goto(`/execution/requests/${r.id}`);
    const section = page.getByRole('region', { name: inv.title });
    await expect(section.getByText(inv.none)).toBeVisible();
    await closeToasts(page);

    // A paper invoice.
    await section.getByRole('button', { name: inv.add }).click();
    const modal = page.getByRole('dialog');
    await choose(page, inv.document, inv.documents.paper_invoice);
    await choose(page, inv.provider, new RegExp(s.provider.name), s.provider.name.slice(0, 8));
    await modal.getByRole('textbox', { name: field(inv.serie) }).fill('A');
    await modal.getByRole('textbox', { name: field(inv.number) }).fill('003411');
    await modal.getByRole('textbox', { name: field(inv.amount) }).fill('1000.00');
    await modal.getByRole('button', { name: esCommon.actions.save }).click();
    await expect(modal).toBeHidden();
    await expect(section.getByRole('cell', { name: 'A-003411', exact: true })).toBeVisible();
    await expect(section.getByTestId('invoice-totals')).toContainText('Q 1,000.00');

    // A FEL invoice by its authorization UUID: its serie and number are shown as they derive from it.
    await section.getByRole('button', { name: inv.add }).click();
    await choose(page, inv.provider, new RegExp(s.provider.name), s.provider.name.slice(0, 8));
    await modal.getByTestId('invoice-authorization').fill(UUID.toLowerCase());
    await expect(modal.getByText('Serie D412A347, número 2535474368')).toBeVisible();
    await modal.getByRole('textbox', { name: field(inv.amount) }).fill('500.00');
    await modal.getByRole('button', { name: esCommon.actions.save }).click();
    await expect(modal).toBeHidden();
    await expect(section.getByRole('cell', { name: 'D412A347-2535474368', exact: true })).toBeVisible();
    await expect(section.getByTestId('invoice-totals')).toContainText('Q 1,500.00');
    await expect(section.getByText('1 factura FEL sin verificar en SAT')).toBeVisible();

    // The paper invoice again (another way of writing its number): caught in the list, nothing sent.
    await section.getByRole('button', { name: inv.add }).click();
    await choose(page, inv.document, inv.documents.paper_invoice);
    await choose(page, inv.provider, new RegExp(s.provider.name), s.provider.name.slice(0, 8));
    await modal.getByRole('textbox', { name: field(inv.serie) }).fill('a');
    await modal.getByRole('textbox', { name: field(inv.number) }).fill('3411');
    await modal.getByRole('textbox', { name: field(inv.amount) }).fill('10.00');
    await modal.getByRole('button', { name: esCommon.actions.save }).click();
    await expect(modal.getByText(inv.inList)).toBeVisible();
    await modal.getByRole('button', { name: esCommon.actions.cancel }).click();
    await expect(section.getByRole('row')).toHaveCount(3);

    // The main path for a FEL invoice: its certified XML, everything read from it (the institution is its buyer).
    await adminApi(request);
    const setting = await request.post('/api/settings/institution_nit/values', {
      data: { validFrom: '2026-01-01', value: INSTITUTION_NIT, source: 'RTU de la institución' },
    });
    expect([200, 409]).toContain(setting.status());
    const hex = (Date.now() % 0xffffffff).toString(16).toUpperCase().padStart(8, '0');
    const xml = dteXml({
      'NITEmisor="1234567-1"': `NITEmisor="${s.provider.nit}"`,
      'IDReceptor="7654321-0"': `IDReceptor="${INSTITUTION_NIT}"`,
      '2027-03-01T23:30:00-06:00': `${guatemalaToday()}T10:00:00-06:00`,
      'Numero="2535474368" Serie="D412A347">d412a347-': `Numero="2535474368" Serie="${hex}">${hex.toLowerCase()}-`,
    });
    await closeToasts(page);
    await section.getByTestId('invoice-xml-input').setInputFiles({
      name: 'factura.xml',
      mimeType: 'text/xml',
      buffer: Buffer.from(xml),
    });
    await expect(section.getByRole('cell', { name: `${hex}-2535474368`, exact: true })).toBeVisible();
    await expect(section.getByTestId('invoice-totals')).toContainText('Q 2,735.00');
    // It is checked at SAT (not voided), and the column says when.
    await section.getByRole('button', { name: `Marcar verificada en SAT la factura ${hex}-2535474368` }).click();
    await expect(section.getByText('1 factura FEL sin verificar en SAT')).toBeVisible();
    await expect(
      section.getByRole('button', { name: `Descargar el XML de la factura ${hex}-2535474368` }),
    ).toBeVisible();
  });
});
