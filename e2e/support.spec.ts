import { readFileSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { adminApi, failOnPageErrors, login, RUN } from './fixtures';
import esCommon from '../apps/web/src/locales/es/common.json' with { type: 'json' };
import esSupport from '../apps/web/src/locales/es/support.json' with { type: 'json' };
import amparoCatalogs from '../apps/server/src/db/seed/data/catalogs-amparo.json' with { type: 'json' };

/**
 * Issue 12, support tickets in the browser: a staff member raises a ticket
 * with a screenshot; a support user takes it from the board (dragging the
 * card), comments internally and publicly, puts it on hold with a reason and
 * resolves it; the requester sees the bell's count and the public comment
 * only, and confirms the solution.
 */
const PHOTO = readFileSync(new URL('../apps/server/test/fixtures/photo.png', import.meta.url));
const TYPE = amparoCatalogs.catalogs.ticket_type.find((x) => x.code === 'HARDWARE')!;
const REQUESTER = {
  username: `marta.soporte.e2e.${RUN}`,
  password: 'Soporte-Segura-2026',
  fullName: 'Marta Xinico',
  email: `marta.xinico.${RUN}@amparo.org.gt`,
};
const AGENT = {
  username: `jorge.soporte.e2e.${RUN}`,
  password: 'Soporte-Agente-2026',
  fullName: 'Jorge Ajú',
  email: `jorge.aju.${RUN}@amparo.org.gt`,
};
const DESCRIPTION = 'La impresora de recepción no imprime desde esta mañana (E2E)';
const SUBJECT = `Impresora de recepción ${Date.now().toString(36)}`;
const INTERNAL = 'Revisar el tóner con el proveedor (nota interna E2E)';
const PUBLIC = 'Vamos a cambiar el tóner esta tarde (respuesta E2E)';

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const labelRe = (label: string) => new RegExp(`^${escapeRe(label)}\\s*\\*?$`);

async function pick(page: Page, label: string, option: string | RegExp) {
  await page.getByRole('combobox', { name: labelRe(label) }).click();
  await page.getByRole('option', { name: option }).first().click();
}

/** A locator's box once it stops moving (a smooth scroll or a late layout shift would send the pointer astray). */
async function settledBox(page: Page, locator: Locator) {
  let previous = await locator.boundingBox();
  for (let i = 0; i < 40; i++) {
    await page.waitForTimeout(50);
    const box = await locator.boundingBox();
    if (box && previous && box.x === previous.x && box.y === previous.y) return box;
    previous = box;
  }
  return previous!;
}

/** Drags with the pointer in small steps, as a hand does: dnd-kit starts a drag after 6 px. */
async function drag(page: Page, from: Locator, to: Locator, overAnnouncement: string) {
  await from.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  const a = await settledBox(page, from);
  const b = await settledBox(page, to);
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 10, a.y + a.height / 2 + 10, { steps: 4 });
  // Sideways, at the card's height: every column is as tall as the longest (the card may sit lower than the
  // window shows of a short column's top).
  const y = Math.min(Math.max(a.y + a.height / 2, b.y + 40), b.y + b.height - 20);
  await page.mouse.move(b.x + b.width / 2, y, { steps: 15 });
  // On a busy machine the last pointer moves can outrun React: release only once dnd-kit itself has
  // announced the card over the target column (its live region), as a hand waits for the highlight.
  await expect(page.getByText(overAnnouncement, { exact: true })).toBeAttached();
  await page.mouse.up();
}

test.describe('support tickets', () => {
  failOnPageErrors();

  test('raised with a screenshot, taken on the board, answered, resolved and confirmed', async ({
    page,
    request,
    browser,
  }) => {
    test.setTimeout(180_000);
    const api = await adminApi(request);
    const requesterRole = (await api('post', '/api/roles', {
      slug: `soporte-solicitante-e2e-${RUN}`,
      name: 'Solicitante de soporte E2E',
      permissions: ['soporte', 'soporte_tickets'],
    })) as { id: string };
    const agentRole = (await api('post', '/api/roles', {
      slug: `soporte-agente-e2e-${RUN}`,
      name: 'Agente de soporte E2E',
      permissions: ['soporte', 'soporte_gestion'],
    })) as { id: string };
    for (const [who, role] of [
      [REQUESTER, requesterRole],
      [AGENT, agentRole],
    ] as const)
      await api('post', '/api/users', { ...who, roleId: role.id, active: true, extraPermissions: [] });

    // ---- The requester raises a ticket with a screenshot.
    await login(page, REQUESTER.username, REQUESTER.password);
    await page.getByRole('link', { name: esCommon.menu.supportTickets, exact: true }).click();
    await expect(page).toHaveURL(/\/support\/tickets\/list$/);
    await expect(page.getByRole('heading', { level: 1, name: esSupport.title })).toBeVisible();
    // A requester has no queue.
    await expect(page.getByText(esSupport.scope.queue)).toHaveCount(0);
    await page.getByRole('link', { name: esSupport.actions.new }).click();
    await expect(page).toHaveURL(/\/support\/tickets\/add$/);
    await pick(page, esSupport.fields.type, new RegExp(escapeRe(TYPE.es)));
    await pick(page, esSupport.fields.headquarter, /.+/);
    await pick(page, esSupport.fields.priority, esSupport.level.alta);
    await page.getByRole('textbox', { name: labelRe(esSupport.fields.subject) }).fill(SUBJECT);
    await page.getByRole('textbox', { name: labelRe(esSupport.fields.description) }).fill(DESCRIPTION);
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'captura.png', mimeType: 'image/png', buffer: PHOTO });
    await page.getByRole('button', { name: esSupport.actions.send }).click();
    await expect(page).toHaveURL(/\/support\/tickets\/[0-9a-f-]{36}$/);
    const ticketUrl = page.url();
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toHaveText(/^TK-\d{4}-\d{6}$/);
    const number = (await heading.textContent())!.trim();
    await expect(page.getByTestId('ticket-subject')).toHaveText(SUBJECT);
    // The list shows the subject; a search by words without accents finds it and marks the matched words.
    await page.goto('/support/tickets/list');
    await expect(page.getByRole('row', { name: new RegExp(escapeRe(SUBJECT)) })).toBeVisible();
    await page.getByRole('searchbox', { name: esSupport.list.searchLabel }).fill('recepcion impres');
    const found = page.getByRole('row', { name: new RegExp(escapeRe(SUBJECT)) });
    await expect(found.getByTestId('search-highlight').locator('mark').first()).toBeVisible();
    await page.goto(ticketUrl);
    await expect(page.getByText(esSupport.status.generado, { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('row', { name: /captura\.png/ })).toBeVisible();
    await expect(
      page.getByRole('link', { name: `${esSupport.files.openNamed.replace('{{name}}', 'captura.png')}` }),
    ).toBeVisible();

    // ---- Support takes it from the board: the card dragged from Generado to En curso.
    const agentContext = await browser.newContext();
    const agent = await agentContext.newPage();
    const agentErrors: string[] = [];
    agent.on('pageerror', (e) => agentErrors.push(e.message));
    await login(agent, AGENT.username, AGENT.password);
    await agent.getByRole('link', { name: esCommon.menu.supportBoard, exact: true }).click();
    await expect(agent).toHaveURL(/\/support\/board$/);
    await expect(agent.getByRole('heading', { level: 1, name: esSupport.boardTitle })).toBeVisible();
    await expect(agent.getByRole('heading', { name: esSupport.dashboard.title })).toBeVisible();
    // The summary's figures are in: nothing moves under the pointer once the drag starts.
    await expect(agent.getByText(esSupport.dashboard.openByStatus)).toBeVisible();
    await agent.waitForLoadState('networkidle');
    const card = agent.getByTestId('board-column-generado').locator(`[data-ticket="${number}"]`);
    await expect(card).toBeVisible();
    await expect(card.getByTestId('card-subject')).toHaveText(SUBJECT);
    await drag(
      agent,
      card,
      agent.getByTestId('board-column-curso'),
      esSupport.board.announce.over.replace('{{number}}', number).replace('{{status}}', esSupport.status.curso),
    );
    await expect(agent.getByTestId('board-column-curso').locator(`[data-ticket="${number}"]`)).toBeVisible();
    await expect(agent.getByTestId('board-column-generado').locator(`[data-ticket="${number}"]`)).toHaveCount(0);

    // ---- The ticket page: an internal comment, a public one, on hold with a reason, then resolved.
    await agent
      .getByTestId('board-column-curso')
      .locator(`[data-ticket="${number}"]`)
      .getByRole('link', { name: number })
      .click();
    await expect(agent.getByRole('heading', { level: 1, name: number })).toBeVisible();
    await expect(agent.getByText(esSupport.status.curso, { exact: true }).first()).toBeVisible();
    const comment = agent.getByRole('textbox', { name: labelRe(esSupport.view.newComment) });
    await comment.fill(INTERNAL);
    await agent.getByRole('checkbox', { name: esSupport.view.internalCheckbox }).check();
    await agent.getByRole('button', { name: esSupport.actions.sendComment }).click();
    await expect(agent.getByTestId('comment-internal').filter({ hasText: INTERNAL })).toContainText(
      esSupport.view.internal,
    );
    await expect(comment).toHaveValue('');
    await comment.fill(PUBLIC);
    await agent.getByRole('button', { name: esSupport.actions.sendComment }).click();
    await expect(agent.getByTestId('comment').filter({ hasText: PUBLIC })).toBeVisible();

    await agent.getByRole('button', { name: esSupport.transition.hold }).click();
    const holdDialog = agent.getByRole('dialog');
    // The reason is required: sending without one says so beside the field.
    await holdDialog.getByRole('button', { name: esSupport.transition.hold }).click();
    await expect(holdDialog.getByRole('textbox', { name: labelRe(esCommon.workflow.reason) })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await holdDialog
      .getByRole('textbox', { name: labelRe(esCommon.workflow.reason) })
      .fill('Esperamos el tóner del proveedor');
    await holdDialog.getByRole('button', { name: esSupport.transition.hold }).click();
    await expect(holdDialog).toBeHidden();
    await expect(agent.getByText(esSupport.status.pendiente, { exact: true }).first()).toBeVisible();
    await expect(agent.getByRole('list', { name: esSupport.view.history })).toContainText(
      'Esperamos el tóner del proveedor',
    );

    await agent.getByRole('button', { name: esSupport.transition.resolve }).click();
    const resolveDialog = agent.getByRole('dialog');
    await resolveDialog
      .getByRole('textbox', { name: labelRe(esCommon.workflow.reasonOptional) })
      .fill('Se cambió el tóner');
    await resolveDialog.getByRole('button', { name: esSupport.transition.resolve }).click();
    await expect(resolveDialog).toBeHidden();
    await expect(agent.getByText(esSupport.status.resuelto, { exact: true }).first()).toBeVisible();
    expect(agentErrors, 'uncaught errors in the support user’s page').toEqual([]);
    await agentContext.close();

    // ---- The requester: the bell counts the news, the public comment shows, the internal one does not.
    await page.goto('/support/tickets/list');
    const unread = new RegExp(
      `^${escapeRe(esCommon.notifications.unread_other).replace('\\{\\{count\\}\\}', '\\d+')}$`,
    );
    await expect(page.getByRole('link', { name: unread })).toBeVisible();
    await page.goto(ticketUrl);
    await expect(page.getByText(esSupport.status.resuelto, { exact: true }).first()).toBeVisible();
    await expect(page.getByTestId('comment').filter({ hasText: PUBLIC })).toBeVisible();
    await expect(page.getByText(INTERNAL)).toHaveCount(0);
    await expect(page.getByTestId('comment-internal')).toHaveCount(0);
    await expect(page.getByRole('checkbox', { name: esSupport.view.internalCheckbox })).toHaveCount(0);
    // Only what the server allows the requester now: confirm or reopen.
    await expect(page.getByRole('button', { name: esSupport.transition.hold })).toHaveCount(0);
    await page.getByRole('button', { name: esSupport.transition.confirm }).click();
    await expect(page.getByText(esSupport.status.finalizado, { exact: true }).first()).toBeVisible();
    await expect(page.getByText(esSupport.view.closedNote)).toBeVisible();
    await expect(page.getByRole('textbox', { name: labelRe(esSupport.view.newComment) })).toHaveCount(0);
  });
});
