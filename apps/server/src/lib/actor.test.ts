import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { personCreate } from '@amparo/shared/modules/population.schema';
import { auditLog } from './audit.table.ts';
import { systemActor, type UserActor } from './actor.ts';
import { writeAudit } from './audit.ts';
import { createHeadquarter } from '../modules/headquarters/headquarters.service.ts';
import { getPerson, createPerson } from '../modules/population/persons/persons.service.ts';
import { buildTestApp, createUser, login, personBody, type TestApp } from '../../test/helpers.ts';

/**
 * Services take an Actor, not Fastify's request (issue 10 item 1): a job, a
 * workflow step or a script calls them directly, with no HTTP involved, and
 * the audit trail still says who acted and from where.
 */
describe('services called without HTTP', () => {
  let t: TestApp;
  let actor: UserActor;

  beforeAll(async () => {
    t = await buildTestApp();
    const user = await createUser(t.app, await login(t.app), ['configuracion_sede', 'poblacion_poblacion'], 'actor');
    actor = {
      ...systemActor('test'),
      system: null,
      userId: user.id,
      sessionId: 'none',
      permissions: new Set(['configuracion', 'configuracion_sede', 'poblacion', 'poblacion_poblacion']),
      requestId: 'job-42',
      ip: '10.0.0.9',
    };
  });
  afterAll(() => t.close());

  it("a user's actor creates a headquarter; the audit row names the user, the address and the request id", async () => {
    const hq = await createHeadquarter(t.database.db, actor, {
      code: `ACT-${Date.now() % 100000}`,
      name: 'Sede sin HTTP',
      country: 'GT',
      state: '07',
      address: null,
      active: true,
    });
    const [row] = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, hq.id));
    expect(row).toMatchObject({ userId: actor.userId, action: 'create', ip: '10.0.0.9', requestId: 'job-42' });
  });

  it("a person's record read by a service is audited and still needs the grant", async () => {
    const person = await createPerson(t.database.db, actor, personCreate.parse(personBody()));
    await expect(getPerson(t.database.db, actor, person.id)).resolves.toMatchObject({ id: person.id });
    const views = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, person.id));
    expect(views.map((v) => v.action).sort()).toEqual(['create', 'view']);
    const stranger = { ...actor, userId: (await createUser(t.app, await login(t.app), ['poblacion_poblacion'])).id };
    await expect(getPerson(t.database.db, stranger, person.id)).rejects.toMatchObject({ code: 'no_person_access' });
  });

  it('a system actor (a job) writes audit rows with no user and no address', async () => {
    const job = systemActor('job:test');
    await writeAudit(t.database.db, job, { action: 'sweep', entity: 'files', entityId: 'tmp' });
    const rows = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'sweep'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId: null, ip: null, requestId: null });
  });
});
