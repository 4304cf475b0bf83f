import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { ARTIFACTS, closeToasts, failOnPageErrors, guatemalaMonth, login, guatemalaToday } from './fixtures';
import { paidReserve, PASSWORD, seed, take } from './execution-seed';
import esBudget from '../apps/web/src/locales/es/budget.json' with { type: 'json' };
import esExec from '../apps/web/src/locales/es/execution.json' with { type: 'json' };

/**
 * Issue 27 sections 1 and 3 in the browser: the requester of a paid request (Q 1,500.00) sends its liquidation
 * with two invoices (Q 600.00 and Q 700.00): the dialog warns of the Q 200.00 refund, which they confirm and later
 * record as deposited; administration approves it and confirms the refund received; the POA summary then shows
 * the Q 1,300.00 executed on the line's axis.
 */
const TAG = `LIQ${Date.now() % 1_000_000}`;
const { year: YEAR } = guatemalaMonth();
const L = esExec.liquidation;
const E = esExec.budgetView;

test.describe("a paid request's liquidation", () => {
  failOnPageErrors();

  test('sent with two invoices and a refund, approved, and executed in the POA', async ({ page, request }) => {
    test.setTimeout(150_000);
    const s = await seed(request, TAG);
    const r = await paidReserve(request, s, TAG, '1500.00', '3-033-88888-1');
    // The two invoices through the API (the invoice form has its own scenario in invoices.spec).
    expect((await request.post('/api/login', { data: { username: s.requester, password: PASSWORD } })).ok()).toBe(true);
    const today = guatemalaToday();
    for (const [number, amount] of [
      ['101', '600.00'],
      ['102', '700.00'],
    ]) {
      const res = await request.post(`/api/execution/requests/${r.id}/invoices`, {
        data: { document: 'paper_invoice', providerId: s.provider.id, serie: TAG, number, emittedOn: today, amount },
      });
      expect(res.ok(), await res.text()).toBe(true);
    }

    // The requester sends it: the dialog names the refund, which must be confirmed.
    await login(page, s.requester, PASSWORD);
    await page.goto(`/execution/requests/${r.id}`);
    const section = page.getByRole('region', { name: esExec.invoices.title });
    await expect(section.getByTestId('invoice-totals')).toContainText('Q 1,300.00');
    // A scan of the first invoice (a PDF, checked by content on the server).
    const chooser = page.waitForEvent('filechooser');
    await section.getByRole('button', { name: `Adjuntar el escaneo de ${TAG}-101` }).click();
    await (
      await chooser
    ).setFiles({
      name: 'factura-101.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n'),
    });
    await expect(section.getByRole('link', { name: `Ver el escaneo de ${TAG}-101` })).toBeVisible();
    await take(page, esExec.transitions.submit_liquidation, async (dialog) => {
      await expect(dialog.getByText('Si continúa, debe realizar un reintegro de 200.00 quetzal(es)')).toBeVisible();
      await dialog.getByRole('checkbox', { name: L.confirmRefund }).check();
    });
    const refund = section.getByTestId('refund');
    await expect(refund).toContainText('Q 200.00');
    await expect(refund).toContainText(L.refundStatuses.pending);
    // Sent, the invoices are closed to changes.
    await expect(section.getByRole('button', { name: esExec.invoices.add })).toHaveCount(0);
    await refund.getByRole('textbox', { name: new RegExp(`^${L.depositNumber}`) }).fill('BI-445566');
    await refund.getByRole('button', { name: L.recordDeposit }).click();
    await expect(refund).toContainText(L.refundStatuses.deposited);
    await expect(refund).toContainText('BI-445566');

    // Administration approves it whole and confirms the refund received.
    await page.context().clearCookies();
    await login(page, s.administration, PASSWORD);
    await page.goto(`/execution/requests/${r.id}`);
    await take(page, esExec.transitions.approve_liquidation, async (dialog) => {
      await expect(dialog.getByRole('table', { name: L.sanctions }).getByRole('row')).toHaveCount(3);
      await page.screenshot({ path: join(ARTIFACTS, 'liquidation-approval.png') });
    });
    await expect(page.getByTestId('workflow-stepper')).toBeVisible();
    await expect(section.getByText(`${L.liquidated}: Q 1,300.00`)).toBeVisible();
    await closeToasts(page);
    await refund.getByRole('button', { name: L.receive }).click();
    await expect(refund).toContainText(L.refundStatuses.received);
    await page.screenshot({ path: join(ARTIFACTS, 'liquidation-approved.png'), fullPage: true });

    // The POA summary of the year: the line's axis executed Q 1,300.00, nothing left committed.
    await page.context().clearCookies();
    await login(page);
    await page.goto(`/budget/summary/poa?year=${YEAR}`);
    const byAxis = page.getByRole('table', { name: esBudget.summary.poa.byAxis });
    const axis = byAxis.locator('tbody tr[data-kind="axis"]', { hasText: `EJE_${TAG}` });
    await expect(axis.locator('td').nth(4)).toHaveText('Q 1,300.00');
    await expect(axis.locator('td').nth(3)).toHaveText('Q 0.00');

    // The execution view: the axis's row, a click into its program, and the request behind the figure.
    await page.goto(`/execution/budget?year=${YEAR}`);
    const table = page.getByRole('table', { name: E.table });
    const axisRow = table.getByRole('row', { name: new RegExp(`EJE_${TAG}`) });
    await expect(axisRow).toContainText('Q 1,300.00');
    await axisRow.click();
    await expect(page).toHaveURL(new RegExp(`axis=EJE_${TAG}`));
    await expect(table.getByRole('row', { name: new RegExp(`PRG_${TAG}`) })).toContainText('Q 1,300.00');
    const behind = page.getByRole('table', { name: E.requests });
    await expect(behind.getByRole('row', { name: new RegExp(r.number) })).toContainText('Q 1,300.00');
    await page.screenshot({ path: join(ARTIFACTS, 'execution-budget.png'), fullPage: true });

    // Administration's register of refunds: received, with its slip's number.
    await page.goto('/execution/refunds?status=received');
    const refunds = page.getByRole('table', { name: esExec.refunds.title });
    await expect(refunds.getByRole('row', { name: new RegExp(r.number) })).toContainText('BI-445566');
  });
});
