import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { ARTIFACTS, failOnPageErrors, login, adminApi, RUN } from './fixtures';
import esCommon from '../apps/web/src/locales/es/common.json' with { type: 'json' };
import esAct from '../apps/web/src/locales/es/activities.json' with { type: 'json' };
import geography from '../apps/server/src/db/seed/data/guatemala-geography.json' with { type: 'json' };
import amparoCatalogs from '../apps/server/src/db/seed/data/catalogs-amparo.json' with { type: 'json' };

/**
 * A group activity from start to end: the admin registers a workshop, adds
 * two registered participants and a photo, and says who appears in it. The
 * photo stays hidden from a colleague (a placeholder, and the server refuses
 * its bytes) until everyone in it has image-use consent (issue 4, consent);
 * the colleague only reads the activity, and management untags a hidden
 * photo only with a reason (issue 9 item 2).
 * The tests share data, so they run in order.
 */

const PHOTO = readFileSync(new URL('../apps/server/test/fixtures/photo.png', import.meta.url));
const ACTIVITY = { name: 'Taller de expresión artística E2E', date: '2026-11-20', time: '10:30' };
const TYPE = amparoCatalogs.catalogs.activity_type.find((x) => x.code === 'TALLER')!;
const SOLOLA = geography.departments.find((d) => d.code === '07')!;
const SOLOLA_TOWN = geography.municipalities.find((m) => m.code === '0701')!;
const COLLEAGUE = {
  role: { slug: `actividades-e2e-${RUN}`, name: 'Actividades E2E' },
  username: `luis.actividades.e2e.${RUN}`,
  fullName: 'Luis Fernando Sactic',
  email: `luis.sactic.${RUN}@amparo.org.gt`,
  password: 'Actividad-Segura-2026',
};

type Person = { id: string; names: string; lastNames: string; fileCode: string };
let persons: Person[] = [];
let activityPath = '';

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const labelRe = (label: string) => new RegExp(`^${escapeRe(label)}\\s*\\*?$`);
const fullName = (p: Person) => `${p.names} ${p.lastNames}`;

async function pick(page: Page, label: string, optionName: string | RegExp) {
  await page.getByRole('combobox', { name: labelRe(label) }).click();
  await page.getByRole('option', { name: optionName }).first().click();
}

/** The image really loaded (not a broken icon). */
async function expectLoaded(img: Locator) {
  await expect(img).toBeVisible();
  await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
}

test.describe.serial('Group activity with participants and a photo', () => {
  failOnPageErrors();

  test('1. the admin registers an activity, adds two registered participants and a photo, and tags it', async ({
    page,
    request,
  }) => {
    // A long scenario: three times the timeout, so it holds on a busy CI machine (issue 24 section 5).
    test.slow();
    const api = await adminApi(request);
    // Two demo persons of the seeded registry (all the admin's).
    const list = (await api('get', '/api/population/persons?pageSize=2')) as { items: Person[] };
    persons = list.items;
    expect(persons).toHaveLength(2);

    await login(page);
    await page.goto('/population/activities/list');
    await page.getByRole('link', { name: esAct.actions.new, exact: true }).click();
    const form = page.getByRole('form', { name: esAct.form.title_add });
    await form.getByRole('textbox', { name: labelRe(esAct.fields.name) }).fill(ACTIVITY.name);
    await pick(page, esAct.fields.activityType, `${TYPE.code} - ${TYPE.es}`);
    await form.getByRole('textbox', { name: labelRe(esAct.fields.date) }).fill(ACTIVITY.date);
    await page.getByRole('heading', { name: esAct.form.section_general }).click();
    await form.getByRole('spinbutton', { name: esCommon.time.hours }).click();
    await page.keyboard.type(ACTIVITY.time.replace(':', ''));
    await pick(page, esAct.fields.state, `${SOLOLA.code} - ${SOLOLA.name}`);
    await pick(page, esAct.fields.town, `${SOLOLA_TOWN.code} - ${SOLOLA_TOWN.name}`);
    // The first registered participant is picked in the add form itself (issue 24 section 6 item 11).
    const formPicker = form.getByRole('combobox', { name: labelRe(esAct.participants.add_label) });
    await formPicker.fill(persons[0]!.lastNames);
    await page.getByRole('option', { name: new RegExp(escapeRe(`(${persons[0]!.fileCode})`)) }).click();
    await expect(form.getByTestId('picked-participants')).toContainText(fullName(persons[0]!));
    await form.getByRole('button', { name: esCommon.actions.save }).click();

    await expect(page).toHaveURL(/\/population\/activities\/view\/[0-9a-f-]{36}$/);
    activityPath = new URL(page.url()).pathname;
    await expect(page.getByRole('heading', { name: ACTIVITY.name })).toBeVisible();

    await expect(page.getByRole('row').filter({ hasText: fullName(persons[0]!) })).toHaveCount(1);
    // ---- The second registered participant, through the activity page's person picker.
    for (const p of persons.slice(1)) {
      const picker = page.getByRole('combobox', { name: labelRe(esAct.participants.add_label) });
      await picker.fill(p.lastNames);
      await page.getByRole('option', { name: new RegExp(escapeRe(`(${p.fileCode})`)) }).click();
      await page.getByRole('button', { name: esAct.participants.add, exact: true }).click();
      await expect(page.getByRole('row').filter({ hasText: fullName(p) })).toHaveCount(1);
    }
    await expect(
      page.getByRole('heading', { name: esAct.participants.title_other.replace('{{count}}', '2') }),
    ).toBeVisible();

    // ---- A photo: hidden from others until someone says who appears in it (the demo persons have no image consent).
    await page
      .getByLabel(esAct.photos.choose)
      .setInputFiles({ name: 'taller.png', mimeType: 'image/png', buffer: PHOTO });
    const alt = esAct.photos.alt.replace('{{n}}', '1').replace('{{name}}', ACTIVITY.name);
    await expectLoaded(page.getByRole('img', { name: alt }));
    await expect(page.getByText(esAct.photos.not_reviewed)).toBeVisible();
    await expect(page.getByText(esAct.photos.hidden_for_others)).toBeVisible();

    await page.getByRole('button', { name: esAct.photos.persons_button_n.replace('{{n}}', '1') }).click();
    const dialog = page.getByRole('dialog', { name: esAct.photos.persons_title });
    await expect(dialog.getByText(esAct.photos.no_consent)).toHaveCount(2);
    await dialog.getByRole('checkbox', { name: fullName(persons[0]!) }).check();
    await dialog.getByRole('button', { name: esCommon.actions.save }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByText(esAct.photos.in_photo.replace('{{names}}', persons[0]!.names))).toBeVisible();
    await expect(page.getByText(esAct.photos.not_reviewed)).toHaveCount(0);
    // Still hidden from others: the person in it has no image consent yet.
    await expect(page.getByText(esAct.photos.hidden_for_others)).toBeVisible();

    // The full-size view.
    await page.getByRole('button', { name: esAct.photos.open.replace('{{n}}', '1') }).click();
    await expectLoaded(page.getByRole('dialog').getByRole('img', { name: alt }));
    await page.screenshot({ path: join(ARTIFACTS, 'activity-photo.png') });
    // The dialog's close button has an accessible name.
    await page.getByRole('dialog').getByRole('button', { name: esCommon.actions.close }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('2. a colleague sees a placeholder until the person in the photo gives image consent', async ({
    page,
    request,
  }) => {
    expect(activityPath, 'set by test 1').not.toBe('');
    const api = await adminApi(request);
    const role = (await api('post', '/api/roles', {
      ...COLLEAGUE.role,
      permissions: ['poblacion', 'poblacion_poblacion', 'poblacion_actividades'],
    })) as { id: string };
    const user = (await api('post', '/api/users', {
      username: COLLEAGUE.username,
      fullName: COLLEAGUE.fullName,
      email: COLLEAGUE.email,
      password: COLLEAGUE.password,
      roleId: role.id,
      active: true,
      extraPermissions: [],
    })) as { id: string };
    for (const p of persons) {
      await api('post', `/api/population/persons/${p.id}/grants`, {
        userId: user.id,
        canRead: true,
        canWrite: false,
        administrator: false,
        reason: 'Apoya el taller',
      });
    }

    await login(page, COLLEAGUE.username, COLLEAGUE.password);
    await page.goto(activityPath);
    await expect(page.getByRole('heading', { name: ACTIVITY.name })).toBeVisible();
    // Neither creator nor facilitator: the colleague only reads it (issue 9 item 2).
    await expect(page.getByTestId('activity-read-only')).toHaveText(esAct.view.read_only);
    await expect(page.getByRole('link', { name: esCommon.actions.edit })).toHaveCount(0);
    await expect(page.getByRole('button', { name: esCommon.actions.delete })).toHaveCount(0);
    await expect(page.getByRole('button', { name: esAct.photos.upload })).toHaveCount(0);
    await expect(page.getByRole('button', { name: esAct.photos.persons_button_n.replace('{{n}}', '1') })).toHaveCount(
      0,
    );
    await expect(page.getByRole('combobox', { name: labelRe(esAct.participants.add_label) })).toHaveCount(0);
    await expect(page.getByRole('img', { name: esAct.photos.hidden_placeholder })).toBeVisible();
    await expect(page.getByRole('button', { name: esAct.photos.open.replace('{{n}}', '1') })).toHaveCount(0);
    const activityId = activityPath.split('/').pop()!;
    const detail = (await (await page.request.get(`/api/population/activities/${activityId}`)).json()) as {
      data: { photos: { id: string }[] };
    };
    const photoId = detail.data.photos[0]!.id;
    expect((await page.request.get(`/api/population/activity-photos/${photoId}?size=thumb`)).status()).toBe(403);

    // The person in the photo gives image-use consent: the photo shows.
    await api('put', `/api/population/persons/${persons[0]!.id}/consents`, {
      kind: 'image_use',
      granted: true,
      givenOn: ACTIVITY.date,
      givenBy: 'self',
    });
    await page.reload();
    const alt = esAct.photos.alt.replace('{{n}}', '1').replace('{{name}}', ACTIVITY.name);
    await expectLoaded(page.getByRole('img', { name: alt }));
    await expect(page.getByRole('img', { name: esAct.photos.hidden_placeholder })).toHaveCount(0);
    await expect(page.getByText(esAct.photos.in_photo.replace('{{names}}', persons[0]!.names))).toBeVisible();
  });

  test("3. management untags a hidden photo only with a reason, which the person's history keeps", async ({
    page,
    request,
  }) => {
    expect(activityPath, 'set by test 1').not.toBe('');
    const api = await adminApi(request);
    const activityId = activityPath.split('/').pop()!;
    const [first, second] = persons as [Person, Person];
    // The admin (all keys, so activity management too) tags the second person, who has no image consent: hidden again.
    const { photos } = (await api('get', `/api/population/activities/${activityId}`)) as { photos: { id: string }[] };
    await api('put', `/api/population/activities/${activityId}/photos/${photos[0]!.id}/persons`, {
      personIds: [first.id, second.id],
    });

    await login(page);
    await page.goto(activityPath);
    await expect(page.getByText(esAct.photos.hidden_for_others)).toBeVisible();
    await page.getByRole('button', { name: esAct.photos.persons_button_n.replace('{{n}}', '1') }).click();
    const dialog = page.getByRole('dialog', { name: esAct.photos.persons_title });
    await dialog.getByRole('checkbox', { name: fullName(second) }).uncheck();
    const reason = dialog.getByRole('textbox', { name: labelRe(esAct.photos.reason) });
    await expect(reason).toBeVisible();
    await expect(dialog.getByRole('button', { name: esCommon.actions.save })).toBeDisabled();
    await reason.fill('No aparece en la foto; revisado con el facilitador');
    await dialog.getByRole('button', { name: esCommon.actions.save }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByText(esAct.photos.hidden_for_others)).toHaveCount(0);
    await expect(page.getByText(esAct.photos.in_photo.replace('{{names}}', first.names))).toBeVisible();

    const history = (await api('get', `/api/population/persons/${second.id}/history?pageSize=100`)) as {
      items: { action: string; changes: Record<string, { after: unknown }> }[];
    };
    expect(history.items.find((h) => h.action === 'photo_untag')?.changes.reason?.after).toBe(
      'No aparece en la foto; revisado con el facilitador',
    );
  });
});
