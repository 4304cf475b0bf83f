import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { as, buildTestApp, createUser, login, TEST_ADMIN, type TestApp } from '../../../test/helpers.ts';
import { multipartFile, PNG_FIXTURE } from '../../../test/multipart.ts';

/** Issue 9 item 1: user and role management cannot be used to climb or to take an account over. */
describe('user management: no privilege escalation', () => {
  let t: TestApp;
  let adminToken: string;
  const USER_MANAGER = ['configuracion', 'configuracion_usuarios'];
  const ROLE_MANAGER = ['configuracion', 'configuracion_roles'];

  beforeAll(async () => {
    t = await buildTestApp({ ALLOWED_EMAIL_DOMAINS: 'amparo.test' });
    adminToken = await login(t.app);
  });
  afterAll(() => t.close());

  const getUser = async (token: string, id: string) => {
    const res = await as(t.app, token).get(`/api/users/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as {
      id: string;
      email: string;
      roleId: string | null;
      extraPermissions: string[];
      active: boolean;
      version: number;
      fullName: string;
    };
  };
  const roleBySlug = async (slug: string) =>
    (
      (await as(t.app, adminToken).get('/api/roles')).json().data as {
        id: string;
        slug: string;
        permissions: string[];
        version: number;
        name: string;
      }[]
    ).find((r) => r.slug === slug)!;
  const newRole = async (permissions: string[]) => {
    const slug = `r-${Math.random().toString(36).slice(2, 10)}`;
    const res = await as(t.app, adminToken).post('/api/roles', { slug, name: `Rol ${slug}`, permissions });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { id: string; slug: string; version: number; name: string; permissions: string[] };
  };
  const mailsTo = async (to: string) =>
    (
      await t.database.db.execute<{ subject: string; text: string }>(
        sql`select subject, text from mail_outbox where lower("to") = lower(${to}) order by created_at`,
      )
    ).rows;

  it("refuses a change of one's own role, extra permissions, active flag or e-mail; unchanged values pass", async () => {
    const manager = await createUser(t.app, adminToken, USER_MANAGER, 'selfgrant');
    const me = await getUser(manager.token, manager.id);
    const put = (body: Record<string, unknown>) =>
      as(t.app, manager.token).put(`/api/users/${manager.id}`, { ...me, ...body });

    const grant = await put({ extraPermissions: ['poblacion', 'poblacion_poblacion'] });
    expect(grant.statusCode, grant.body).toBe(403);
    expect(grant.json().code).toBe('own_access_locked');
    expect(grant.json().errors).toContainEqual({ field: 'extraPermissions', code: 'own_access_locked' });

    const adminRole = await roleBySlug('administrador');
    const role = await put({ roleId: adminRole.id });
    expect(role.statusCode).toBe(403);
    expect(role.json().errors).toContainEqual({ field: 'roleId', code: 'own_access_locked' });

    const inactive = await put({ active: false });
    expect(inactive.statusCode).toBe(403);
    expect(inactive.json().errors).toContainEqual({ field: 'active', code: 'own_access_locked' });

    const email = await put({ email: 'otra.direccion@amparo.test' });
    expect(email.statusCode).toBe(403);
    expect(email.json().errors).toContainEqual({ field: 'email', code: 'own_email_in_account' });

    const after = await getUser(adminToken, manager.id);
    expect(after).toMatchObject({
      extraPermissions: [],
      roleId: me.roleId,
      active: true,
      email: me.email,
      version: me.version,
    });
    // The session still holds only what it held.
    expect((await as(t.app, manager.token).get('/api/population/persons')).statusCode).toBe(403);

    // Same role, same keys, same flag: editing one's own name is fine.
    const ok = await put({ fullName: 'Nombre Cambiado' });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('refuses granting a key the editor does not hold, as an extra key, through a role or at creation', async () => {
    const manager = await createUser(
      t.app,
      adminToken,
      [...USER_MANAGER, 'documentacion', 'documentacion_documentacion'],
      'granter',
    );
    const target = await createUser(t.app, adminToken, [], 'grantee');
    const current = await getUser(manager.token, target.id);
    const put = (body: Record<string, unknown>) =>
      as(t.app, manager.token).put(`/api/users/${target.id}`, { ...current, ...body });

    const extra = await put({ extraPermissions: ['poblacion', 'poblacion_poblacion'] });
    expect(extra.statusCode, extra.body).toBe(403);
    expect(extra.json()).toMatchObject({
      code: 'grant_refused',
      errors: [
        {
          field: 'extraPermissions',
          code: 'permission_not_held',
          params: { keys: ['poblacion', 'poblacion_poblacion'] },
        },
      ],
    });

    const population = await newRole(['poblacion', 'poblacion_poblacion']);
    const viaRole = await put({ roleId: population.id });
    expect(viaRole.statusCode).toBe(403);
    expect(viaRole.json().errors).toContainEqual({
      field: 'roleId',
      code: 'role_not_grantable',
      params: { keys: ['poblacion', 'poblacion_poblacion'] },
    });
    expect(await getUser(adminToken, target.id)).toMatchObject({
      extraPermissions: [],
      roleId: current.roleId,
      version: current.version,
    });

    const created = await as(t.app, manager.token).post('/api/users', {
      username: 'creada.con.llaves',
      password: 'Clave-Segura-1',
      fullName: 'Creada Con Llaves',
      email: 'creada.con.llaves@amparo.test',
      roleId: null,
      active: true,
      extraPermissions: ['poblacion', 'poblacion_poblacion'],
    });
    expect(created.statusCode).toBe(403);
    expect(created.json().errors).toContainEqual({
      field: 'extraPermissions',
      code: 'permission_not_held',
      params: { keys: ['poblacion', 'poblacion_poblacion'] },
    });
    const createdWithRole = await as(t.app, manager.token).post('/api/users', {
      username: 'creada.con.rol',
      password: 'Clave-Segura-1',
      fullName: 'Creada Con Rol',
      email: 'creada.con.rol@amparo.test',
      roleId: population.id,
      active: true,
      extraPermissions: [],
    });
    expect(createdWithRole.statusCode).toBe(403);
    const invited = await as(t.app, manager.token).post('/api/users/invitations', {
      email: 'invitada.rol@amparo.test',
      roleId: population.id,
    });
    expect(invited.statusCode).toBe(403);
    expect(invited.json().errors).toContainEqual({
      field: 'roleId',
      code: 'role_not_grantable',
      params: { keys: ['poblacion', 'poblacion_poblacion'] },
    });

    // Keys the manager holds can be handed out.
    const held = await put({ extraPermissions: ['documentacion', 'documentacion_documentacion'] });
    expect(held.statusCode, held.body).toBe(200);
    expect(held.json().data.extraPermissions).toEqual(['documentacion', 'documentacion_documentacion']);
  });

  it('lets only a holder of every key assign the Administrador role', async () => {
    const almostAll = (await roleBySlug('administrador')).permissions.filter((k) => k !== 'administrativo_activos');
    const manager = await createUser(t.app, adminToken, almostAll, 'almostall');
    const target = await createUser(t.app, adminToken, [], 'toadmin');
    const adminRole = await roleBySlug('administrador');
    const current = await getUser(manager.token, target.id);
    const refused = await as(t.app, manager.token).put(`/api/users/${target.id}`, { ...current, roleId: adminRole.id });
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json().errors).toContainEqual({ field: 'roleId', code: 'admin_role_reserved' });

    const byAdmin = await as(t.app, adminToken).put(`/api/users/${target.id}`, { ...current, roleId: adminRole.id });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect(byAdmin.json().data.roleId).toBe(adminRole.id);
  });

  it('keeps role editors from adding keys they lack, and from editing the Administrador role', async () => {
    const editor = await createUser(
      t.app,
      adminToken,
      [...ROLE_MANAGER, 'documentacion', 'documentacion_documentacion'],
      'roleeditor',
    );
    const roles = as(t.app, editor.token);

    const created = await roles.post('/api/roles', {
      slug: 'con-poblacion',
      name: 'Con población',
      permissions: ['poblacion', 'poblacion_poblacion'],
    });
    expect(created.statusCode, created.body).toBe(403);
    expect(created.json()).toMatchObject({
      code: 'grant_refused',
      errors: [
        { field: 'permissions', code: 'permission_not_held', params: { keys: ['poblacion', 'poblacion_poblacion'] } },
      ],
    });

    // A role with a key the editor lacks: they may not add more, and what they lack stays.
    const role = await newRole(['poblacion', 'poblacion_poblacion', 'documentacion', 'documentacion_documentacion']);
    const added = await roles.put(`/api/roles/${role.id}`, {
      ...role,
      permissions: [...role.permissions, 'poblacion_actividades'],
    });
    expect(added.statusCode).toBe(403);
    expect(added.json().errors).toContainEqual({
      field: 'permissions',
      code: 'permission_not_held',
      params: { keys: ['poblacion_actividades'] },
    });
    const dropped = await roles.put(`/api/roles/${role.id}`, { ...role, permissions: [] });
    expect(dropped.statusCode, dropped.body).toBe(200);
    expect(dropped.json().data.permissions).toEqual(['poblacion', 'poblacion_poblacion']);

    const adminRole = await roleBySlug('administrador');
    const renamed = await roles.put(`/api/roles/${adminRole.id}`, {
      slug: adminRole.slug,
      name: 'Jefe',
      permissions: adminRole.permissions,
      version: adminRole.version,
    });
    expect(renamed.statusCode).toBe(403);
    expect(renamed.json().code).toBe('role_outranks_you');
    // Its own role cannot be widened either.
    const own = (await roles.get('/api/roles'))
      .json()
      .data.find((r: { name: string }) => r.name.startsWith('Rol role-roleeditor'));
    const widened = await roles.put(`/api/roles/${own.id}`, {
      ...own,
      permissions: [...own.permissions, 'configuracion_usuarios'],
    });
    expect(widened.statusCode).toBe(403);
  });

  it('refuses editing (data or photo) a user who holds a key the editor lacks', async () => {
    const manager = await createUser(t.app, adminToken, USER_MANAGER, 'junior');
    const senior = await createUser(t.app, adminToken, ['poblacion', 'poblacion_poblacion'], 'senior');
    const current = await getUser(manager.token, senior.id);
    const res = await as(t.app, manager.token).put(`/api/users/${senior.id}`, { ...current, fullName: 'Otro Nombre' });
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().code).toBe('user_outranks_you');
    const { payload, headers } = multipartFile('photo', 'p.png', PNG_FIXTURE(), 'image/png');
    const photo = await as(t.app, manager.token).put(`/api/users/${senior.id}/photo`, payload, { headers });
    expect(photo.statusCode).toBe(403);
    expect(photo.json().code).toBe('user_outranks_you');
    expect(await getUser(adminToken, senior.id)).toMatchObject({
      fullName: current.fullName,
      version: current.version,
    });
  });

  it("an administrator changing a user's e-mail revokes their sessions and reset links, audits it and tells the old address", async () => {
    const target = await createUser(t.app, adminToken, [], 'moved');
    const oldEmail = `${target.username}@amparo.test`;
    expect((await t.app.inject({ method: 'POST', url: '/api/forgot', payload: { email: oldEmail } })).statusCode).toBe(
      200,
    );
    await t.app.background.idle(); // the reset mail is written after the answer
    const resetMail = (await mailsTo(oldEmail)).at(-1)!;
    const resetToken = /password-reset\/([\w-]+)/.exec(resetMail.text)![1]!;

    const current = await getUser(adminToken, target.id);
    const newEmail = `nuevo.${target.username}@amparo.test`;
    const res = await as(t.app, adminToken).put(`/api/users/${target.id}`, {
      ...current,
      email: newEmail,
      emailReason: 'Cambió de buzón institucional',
    });
    expect(res.statusCode, res.body).toBe(200);

    expect((await as(t.app, target.token).post('/api/user-check')).statusCode).toBe(401);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/reset',
      payload: { token: resetToken, password: 'Tomada-Clave-1', confirmation: 'Tomada-Clave-1' },
    });
    expect(reset.statusCode).toBe(400);
    expect(reset.json().code).toBe('invalid_token');

    const notice = (await mailsTo(oldEmail)).at(-1)!;
    expect(notice.text).toContain(newEmail);
    expect(notice.text).toContain('Administrador'); // who did it (the test admin's full name)
    expect(notice.text).not.toMatch(/[\w-]{40,}/); // no token
    const audit = await t.database.db.execute<{
      user_id: string;
      changes: Record<string, { before: unknown; after: unknown }>;
    }>(sql`select user_id, changes from audit_log where action = 'identity_change' and entity_id = ${target.id}`);
    expect(audit.rows).toHaveLength(1);
    const adminId = (await as(t.app, adminToken).post('/api/user-check')).json().data.user.id;
    expect(audit.rows[0]!.user_id).toBe(adminId);
    expect(audit.rows[0]!.changes.email).toEqual({ before: oldEmail, after: newEmail });
    expect(audit.rows[0]!.changes.reason).toEqual({ before: null, after: 'Cambió de buzón institucional' });
  });

  it("the takeover of the issue fails: a user manager cannot move a grantee's e-mail, reset its password and sign in", async () => {
    const manager = await createUser(t.app, adminToken, USER_MANAGER, 'attacker');
    const victim = await createUser(t.app, adminToken, ['poblacion', 'poblacion_poblacion'], 'victim');
    const attackerAddress = `buzon.atacante.${manager.username}@amparo.test`;

    const current = await getUser(manager.token, victim.id);
    const moved = await as(t.app, manager.token).put(`/api/users/${victim.id}`, { ...current, email: attackerAddress });
    expect(moved.statusCode, moved.body).toBe(403);

    await t.app.inject({ method: 'POST', url: '/api/forgot', payload: { email: attackerAddress } });
    await t.app.background.idle(); // the reset mail is written after the answer
    const mails = await mailsTo(attackerAddress);
    expect(mails).toHaveLength(0);
    // Had a link arrived, this is how it would have been used: it must not work.
    const token = mails.map((m) => /password-reset\/([\w-]+)/.exec(m.text)?.[1]).find(Boolean) ?? 'x'.repeat(43);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/reset',
      payload: { token, password: 'Tomada-Clave-1', confirmation: 'Tomada-Clave-1' },
    });
    expect(reset.statusCode).toBe(400);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: attackerAddress, password: 'Tomada-Clave-1' },
    });
    expect(signIn.statusCode).toBe(401);
    // The victim is untouched and still signed in.
    expect(await getUser(adminToken, victim.id)).toMatchObject({ email: current.email, version: current.version });
    expect((await as(t.app, victim.token).post('/api/user-check')).statusCode).toBe(200);
  });

  it('TEST_ADMIN is the all-keys holder these tests rely on', async () => {
    const me = (await as(t.app, adminToken).post('/api/user-check')).json().data.user;
    expect(me.username).toBe(TEST_ADMIN.username);
    expect(me.role.slug).toBe('administrador');
  });
});
