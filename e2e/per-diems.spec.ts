import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { ARTIFACTS, closeToasts, failOnPageErrors, guatemalaMonth, guatemalaToday, login } from './fixtures';
import { paidTravel, PASSWORD, seed, take } from './execution-seed';
import esCommon from '../apps/web/src/locales/es/common.json' with { type: 'json' };
import esExec from '../apps/web/src/locales/es/execution.json' with { type: 'json' };

/**
 * Issue 27 section 1 in the browser ("travel expenses liquidate per-diem lines by destination and days against the
 * advance", decision 0033): the traveller of a paid trip (Q 1,500.00, three days) records a per diem of 2 days at
 * Q 300.00 on its page (the form refuses first more days than the trip's and a rate above the daily maximum) beside
 * an invoice of Q 700.00; the sums show the per diems and the Q 200.00 left; they send the liquidation confirming
 * that refund; administration approves it, and Q 1,300.00 (invoice and per diems) is executed on the line.
 */
const TAG = `VIA${Date.now() % 1_000_000}`;
const { year: YEAR } = guatemalaMonth();
const P = esExec.perDiems;
const L = esExec.liquidation;

const escapeRe = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A field's accessible name: its label, with the asterisk of a required one. */
const field = (label: string) => new RegExp(`^${escapeRe(label)}\\s*\\*?$`);

/** Serious or critical axe-core violations (WCAG 2.1 AA), and any of contrast, names and headings (as accessibility.spec.ts). */
async function axeViolations(page: Page) {
  await page.waitForLoadState('networkidle');
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations
    .filter(
      (v) =>
        v.impact === 'critical' ||
        v.impact === 'serious' ||
        ['color-contrast', 'label-content-name-mismatch', 'heading-order'].includes(v.id),
    )
    .map((v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.failureSummary ?? ''}`).join(' | ')}`);
}

test.describe("a travel's per diems in its liquidation", () => {
  failOnPageErrors();

  test('a per diem beside an invoice, sent with its refund, approved and executed', async ({ page, request }) => {
    // Seeding a paid trip, two server refusals, two transitions, two axe passes and the budget view: about 30 s
    // alone, so four times that on a busy machine.
    test.setTimeout(150_000);
    const s = await seed(request, TAG);
    const r = await paidTravel(request, s, TAG, '1500.00', '3-033-77777-1');
    // The invoice through the API (the invoice form has its own scenario in invoices.spec), by the requester.
    expect((await request.post('/api/login', { data: { username: s.requester, password: PASSWORD } })).ok()).toBe(true);
    const invoice = await request.post(`/api/execution/requests/${r.id}/invoices`, {
      data: {
        document: 'paper_invoice',
        providerId: s.provider.id,
        serie: TAG,
        number: '201',
        emittedOn: guatemalaToday(),
        amount: '700.00',
      },
    });
    expect(invoice.ok(), await invoice.text()).toBe(true);

    await login(page, s.requester, PASSWORD);
    await page.goto(`/execution/requests/${r.id}`);
    const invoices = page.getByRole('region', { name: esExec.invoices.title });
    const totals = invoices.getByTestId('invoice-totals');
    await expect(totals).toContainText(`${esExec.invoices.perDiems}: Q 0.00`);
    await expect(totals).toContainText('Faltan Q 800.00 por justificar o reintegrar');
    const section = page.getByRole('region', { name: P.title });
    await expect(section.getByText(P.none)).toBeVisible();
    await expect(section.getByText('Máximo diario por persona: Q 350.00')).toBeVisible();

    // The form proposes the one traveller, the trip's destination and the daily maximum.
    await section.getByRole('button', { name: P.add }).click();
    const modal = page.getByRole('dialog', { name: P.add });
    await expect(modal.getByRole('textbox', { name: field(P.destination) })).toHaveValue('Quetzaltenango');
    await expect(modal.getByRole('textbox', { name: field(P.dailyRate) })).toHaveValue('350.00');
    await expect(modal.getByText('Hasta Q 350.00 por día')).toBeVisible();
    await expect(modal.getByText('En medios días (1, 1.5, 2…), hasta 3: los días del viaje')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    // Four days of a three-day trip, then a rate above the maximum: the server's refusals beside their fields.
    const days = modal.getByRole('textbox', { name: field(P.days) });
    const rate = modal.getByRole('textbox', { name: field(P.dailyRate) });
    await days.fill('4');
    await rate.fill('400');
    await modal.getByRole('button', { name: esCommon.actions.save }).click();
    await expect(modal.getByText('El viaje dura 3 días: no puede haber más días de viáticos')).toBeVisible();
    await days.fill('2');
    await modal.getByRole('button', { name: esCommon.actions.save }).click();
    await expect(modal.getByText('Supera el máximo diario de viáticos (Q 350.00)')).toBeVisible();
    await rate.fill('300');
    await expect(modal.getByTestId('per-diem-amount')).toHaveText('Monto del viático: Q 600.00');
    await modal.getByRole('button', { name: esCommon.actions.save }).click();
    await expect(modal).toBeHidden();

    // The list and its total, and the invoices' sums refreshed: the per diems count against what was given.
    const table = section.getByRole('table', { name: P.tableLabel });
    const row = table.getByRole('row', { name: /Quetzaltenango/ });
    await expect(row).toContainText(`solicitante ${TAG}`);
    await expect(row).toContainText('Q 300.00');
    await expect(row).toContainText('Q 600.00');
    await expect(table.locator('tfoot')).toContainText('Q 600.00');
    await expect(totals).toContainText(`${esExec.invoices.perDiems}: Q 600.00`);
    await expect(totals).toContainText('Faltan Q 200.00 por justificar o reintegrar');
    await closeToasts(page);
    expect(await axeViolations(page)).toEqual([]);

    // Sent: the dialog names the per diems beside the invoices and the refund they leave, which must be confirmed.
    await take(page, esExec.transitions.submit_liquidation, async (dialog) => {
      await expect(dialog.getByTestId('liquidation-sums')).toHaveText(
        'Entregado Q 1,500.00 · facturado Q 700.00 · viáticos Q 600.00',
      );
      await expect(dialog.getByText('Si continúa, debe realizar un reintegro de 200.00 quetzal(es)')).toBeVisible();
      await dialog.getByRole('checkbox', { name: L.confirmRefund }).check();
    });
    const refund = invoices.getByTestId('refund');
    await expect(refund).toContainText('Q 200.00');
    await expect(refund).toContainText(L.refundStatuses.pending);
    // Sent, the per diems are closed to changes.
    await expect(section.getByRole('button', { name: P.add })).toHaveCount(0);
    await expect(row.getByRole('button')).toHaveCount(0);

    // Administration approves it: the invoice and the per diems are liquidated.
    await page.context().clearCookies();
    await login(page, s.administration, PASSWORD);
    await page.goto(`/execution/requests/${r.id}`);
    await take(page, esExec.transitions.approve_liquidation, async (dialog) => {
      await expect(dialog.getByTestId('liquidation-sums')).toHaveText(
        'Entregado Q 1,500.00 · facturado Q 700.00 · viáticos Q 600.00',
      );
    });
    await expect(page.getByTestId('workflow-stepper')).toBeVisible();
    await expect(invoices.getByText(`${L.liquidated}: Q 1,300.00`)).toBeVisible();
    await expect(row).toContainText('Q 600.00');
    await page.screenshot({ path: join(ARTIFACTS, 'per-diems-approved.png'), fullPage: true });

    // The execution view of the year: the line's axis executed Q 1,300.00, the request behind the figure.
    await page.context().clearCookies();
    await login(page);
    await page.goto(`/execution/budget?year=${YEAR}`);
    const view = page.getByRole('table', { name: esExec.budgetView.table });
    const axisRow = view.getByRole('row', { name: new RegExp(`EJE_${TAG}`) });
    await expect(axisRow).toContainText('Q 1,300.00');
    await axisRow.click();
    await expect(page).toHaveURL(new RegExp(`axis=EJE_${TAG}`));
    const behind = page.getByRole('table', { name: esExec.budgetView.requests });
    await expect(behind.getByRole('row', { name: new RegExp(r.number) })).toContainText('Q 1,300.00');
  });
});
