import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { integer, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { randomUUID } from 'node:crypto';
import { buildTestApp, type TestApp } from '../../../test/helpers.ts';
import { systemActor, type Actor } from '../actor.ts';
import { AppError } from '../errors.ts';
import {
  allowedTransitions,
  applyTransition,
  defineWorkflow,
  historyEntries,
  historyEntriesOf,
  allOf,
  returnTargets,
  columnIn,
  holdersOf,
  sameGroupAs,
  notRequester,
  refusedTransitions,
  userIn,
  workflowHistoryOf,
  workflowSteps,
  type ActorRule,
  type WorkflowRecord,
} from './workflow.ts';
import { workflowHistory, workflowStageTimes } from './workflow.table.ts';
import { createDelegation } from './delegations.ts';
import { inbox, nextActors } from './inbox.ts';
import { stageTimes } from './stage-times.ts';
import { settingValues } from '../settings/settings.table.ts';
import { WorkingTime } from '../working-time.ts';
import { postgresOnly } from '../../../test/postgres-only.ts';
import { updateVersioned } from '../versioned.ts';
import type { Executor } from '../../db/client.ts';

/**
 * The workflow library on its own (issue 12), on a table of its own made for
 * the test: a small request that is raised, assigned, worked, held with a
 * reason, resolved or rejected, with an amount band that skips the review and a
 * delegation. Every refusal leaves nothing written; `allowedTransitions`
 * answers exactly what `applyTransition` accepts.
 */
const items = pgTable('wf_test_items', {
  id: uuid('id').primaryKey(),
  status: text('status').notNull(),
  version: integer('version').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  ownerId: uuid('owner_id').notNull(),
  assigneeId: uuid('assignee_id'),
  amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
});
const notes = pgTable('wf_test_notes', { itemId: uuid('item_id').notNull(), text: text('text').notNull() });

type S = 'raised' | 'review' | 'approved' | 'assigned' | 'working' | 'held' | 'done' | 'rejected';
type Item = WorkflowRecord<S> & { ownerId: string; assigneeId: string | null; amount: string };

const owner: ActorRule<Item> = { name: 'owner', test: ({ record, userId }) => record.ownerId === userId };
const assignee = userIn<Item>(items.assigneeId, 'assignee');
/**
 * An asynchronous rule that reads the database, with its SQL form: the owner's boss (`wf_test_bosses`), "the
 * requester's boss" of issue 25.
 */
const ownersBoss: ActorRule<Item> = {
  name: 'owners_boss',
  test: async ({ tx, record, userId }) =>
    (
      await tx.execute(
        sql`select 1 from wf_test_bosses where boss_id = ${userId}::uuid and employee_id = ${record.ownerId}::uuid`,
      )
    ).rows.length > 0,
  sql: (userId) =>
    sql`exists (select 1 from wf_test_bosses b where b.boss_id = ${userId} and b.employee_id = ${items.ownerId})`,
};
/** The users the test's rules read (`WorkflowPeople`), per scope so each workflow of the file has its own. */
const peopleOf = (scope: string) => ({ relation: sql`(select * from wf_test_people where scope = ${scope})` });
let failAfter = false;
// The race test: how many times `approve`'s before hook ran, and a pause inside it so a second call can arrive.
let approveHookRuns = 0;
let approvePause = 0;

function textOfAmount() {
  return { amount: items.amount };
}

const wf = defineWorkflow<Item, S, typeof items>({
  name: 'wf_test',
  table: items,
  states: ['raised', 'review', 'approved', 'assigned', 'working', 'held', 'done', 'rejected'],
  people: peopleOf('main'),
  path: ['raised', 'review', 'approved', 'assigned', 'working', 'done'],
  inbox: { title: textOfAmount(), href: sql<string>`'/items/' || ${items.id}`, transitions: ['approve', 'escalate'] },
  transitions: [
    {
      name: 'submit',
      from: ['raised'],
      to: 'review',
      who: [owner],
      // Up to Q 1,000.00 needs no review (an amount band): straight to approved, review recorded as skipped.
      route: ({ record: r }) => (Number(r.amount) <= 1000 ? { to: 'approved', skipped: ['review'] } : { to: 'review' }),
    },
    {
      // The band read from dated configuration on the input's date (issue 25: routing that reads input and settings).
      name: 'submit_dated',
      from: ['raised'],
      to: 'review',
      who: [owner],
      route: async ({ record, input, settings }) =>
        Number(record.amount) <= Number(await settings('isr_retention_threshold', input.on as string))
          ? { to: 'approved', skipped: ['review'] }
          : { to: 'review' },
    },
    // The owner's boss may approve above the band without the key: a rule that reads the database.
    { name: 'escalate', from: ['review'], to: 'approved', who: [ownersBoss] },
    {
      // Back to an earlier stage the approver picks; what was written after it goes, and the history says what.
      name: 'send_back',
      from: ['approved', 'assigned'],
      to: 'raised',
      permission: 'poblacion_poblacion',
      returnTo: ['raised', 'review'],
      set: () => ({ assigneeId: null }),
      onReturn: async (ctx) => {
        const removed = await ctx.tx.delete(notes).where(eq(notes.itemId, ctx.record.id)).returning();
        return { removed: removed.map((n) => ({ kind: 'note', label: n.text })) };
      },
    },
    {
      name: 'approve',
      from: ['review'],
      to: 'approved',
      permission: 'poblacion_poblacion',
      approval: { requester: items.ownerId, fallback: { holders: 'configuracion_roles' } },
      before: async () => {
        approveHookRuns += 1;
        if (approvePause) await new Promise((resolve) => setTimeout(resolve, approvePause));
      },
    },
    {
      name: 'assign',
      from: ['approved'],
      to: 'assigned',
      permission: 'poblacion_poblacion',
      set: (ctx) => ({ assigneeId: ctx.input.assigneeId as string }),
      before: async (ctx) => {
        await ctx.tx.insert(notes).values({ itemId: ctx.record.id, text: 'assigned' });
      },
      after: async () => {
        if (failAfter) throw new AppError(409, 'duplicate');
      },
    },
    { name: 'start', from: ['assigned', 'held'], to: 'working', who: [assignee] },
    { name: 'hold', from: ['working'], to: 'held', who: [assignee], reason: 'required' },
    { name: 'resolve', from: ['working'], to: 'done', who: [assignee] },
    // A held item nobody touches is closed by a job, never by a person.
    { name: 'expire', from: ['held'], to: 'done', systemOnly: true },
    {
      name: 'reject',
      from: ['raised', 'review'],
      to: 'rejected',
      permission: 'poblacion_poblacion',
      reason: 'required',
    },
  ],
});

let t: TestApp;
const db = () => t.database.db;
const ownerId = randomUUID();
const workerId = randomUUID();
const bossId = randomUUID();
const substituteId = randomUUID();

function actor(userId: string, keys: string[] = []): Actor {
  return { ...systemActor('test'), system: null, userId, sessionId: randomUUID(), permissions: new Set(keys) };
}
const STAFF_KEYS = ['poblacion', 'poblacion_poblacion'];
const staff = (id: string) => actor(id, STAFF_KEYS);
/** A user the rules' SQL reads (`wf_test_people`), in `scope`, with `keys`. */
async function person(id: string, name: string, keys: string[], scope = 'main', active = true, grp?: string) {
  await db().execute(sql`insert into wf_test_people (user_id, name, active, permissions, scope, grp)
    values (${id}::uuid, ${name}, ${active}, ${`{${keys.join(',')}}`}::text[], ${scope}, ${grp ?? null})`);
}

async function newItem(amount = '5000.00', status: S = 'raised'): Promise<Item> {
  const [row] = await db()
    .insert(items)
    .values({ id: randomUUID(), status, version: 1, updatedAt: new Date(), ownerId, amount })
    .returning();
  return row as Item;
}
const load = async (id: string) => (await db().select().from(items).where(eq(items.id, id)))[0] as Item;
const historyCount = async () =>
  Number((await db().execute<{ n: number }>(sql`select count(*)::int as n from workflow_history`)).rows[0]!.n);

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  const e = error as AppError;
  return { status: e.status, code: e.code, fields: e.fieldErrors };
}

beforeAll(async () => {
  t = await buildTestApp();
  await db().execute(sql`create table wf_test_items (id uuid primary key, status text not null,
    version integer not null, updated_at timestamptz not null, owner_id uuid not null, assignee_id uuid,
    amount numeric(14,2) not null)`);
  await db().execute(sql`create table wf_test_notes (item_id uuid not null, text text not null)`);
  await db().execute(sql`create table wf_test_people (user_id uuid not null, name text not null,
    active boolean not null, permissions text[] not null, scope text not null, grp text)`);
  await db().execute(sql`create table wf_test_bosses (boss_id uuid not null, employee_id uuid not null)`);
  await person(ownerId, 'Olga Owner', []);
  await person(workerId, 'Walter Worker', []);
  await person(bossId, 'Berta Boss', STAFF_KEYS);
  await person(substituteId, 'Samuel Substitute', []);
});
afterAll(() => t?.close());

describe('applyTransition', () => {
  it('moves the record, bumps its version, writes the columns and one history row', async () => {
    const item = await newItem();
    const first = await applyTransition(db(), wf, actor(ownerId), {
      recordId: item.id,
      transition: 'submit',
      version: 1,
    });
    expect(first.record).toMatchObject({ status: 'review', version: 2 });
    const second = await applyTransition(db(), wf, staff(bossId), {
      recordId: item.id,
      transition: 'approve',
      version: 2,
    });
    const third = await applyTransition(db(), wf, staff(bossId), {
      recordId: item.id,
      transition: 'assign',
      version: second.record.version,
      input: { assigneeId: workerId },
    });
    expect(third.record).toMatchObject({ status: 'assigned', version: 4, assigneeId: workerId });
    const history = await workflowHistoryOf(db(), 'wf_test', item.id);
    expect(history.map((h) => [h.transition, h.fromState, h.toState, h.actorId])).toEqual([
      ['submit', 'raised', 'review', ownerId],
      ['approve', 'review', 'approved', bossId],
      ['assign', 'approved', 'assigned', bossId],
    ]);
    expect(history.every((h) => h.actingForId === null && h.skipped.length === 0)).toBe(true);
  });

  it('an amount band skips a stage and records it as skipped', async () => {
    const item = await newItem('1000.00');
    const { record, history } = await applyTransition(db(), wf, actor(ownerId), {
      recordId: item.id,
      transition: 'submit',
      version: 1,
    });
    expect(record.status).toBe('approved');
    expect(history).toMatchObject({ fromState: 'raised', toState: 'approved', skipped: ['review'] });
  });

  it('a stale version answers 409 stale_transition and writes nothing', async () => {
    const item = await newItem();
    await applyTransition(db(), wf, actor(ownerId), { recordId: item.id, transition: 'submit', version: 1 });
    const before = await historyCount();
    const r = await refusal(
      applyTransition(db(), wf, staff(bossId), { recordId: item.id, transition: 'reject', version: 1, reason: 'x' }),
    );
    expect(r).toMatchObject({ status: 409, code: 'stale_transition' });
    expect(await load(item.id)).toMatchObject({ status: 'review', version: 2 });
    expect(await historyCount()).toBe(before);
  });

  it('refuses a transition that does not leave the current state, an unknown one and a missing record', async () => {
    const item = await newItem();
    expect(
      await refusal(applyTransition(db(), wf, staff(bossId), { recordId: item.id, transition: 'approve', version: 1 })),
    ).toEqual({
      status: 403,
      code: 'transition_not_allowed',
      fields: [{ field: 'transition', code: 'transition_from_state', params: { state: 'raised' } }],
    });
    expect(
      await refusal(applyTransition(db(), wf, staff(bossId), { recordId: item.id, transition: 'fly', version: 1 })),
    ).toMatchObject({ status: 400, fields: [{ field: 'transition', code: 'invalid' }] });
    expect(
      await refusal(
        applyTransition(db(), wf, staff(bossId), { recordId: randomUUID(), transition: 'submit', version: 1 }),
      ),
    ).toMatchObject({ status: 404 });
    expect(await load(item.id)).toMatchObject({ status: 'raised', version: 1 });
  });

  it('refuses a user without the key or outside the rules (403 transition_not_yours)', async () => {
    const item = await newItem();
    const notYours = {
      status: 403,
      code: 'transition_not_allowed',
      fields: [{ field: 'transition', code: 'transition_not_yours' }],
    };
    // Only the owner submits, even an administrator of the area is not the owner.
    expect(
      await refusal(applyTransition(db(), wf, staff(bossId), { recordId: item.id, transition: 'submit', version: 1 })),
    ).toEqual(notYours);
    await applyTransition(db(), wf, actor(ownerId), { recordId: item.id, transition: 'submit', version: 1 });
    // Approving needs the key; the owner lacks it.
    expect(
      await refusal(
        applyTransition(db(), wf, actor(ownerId), { recordId: item.id, transition: 'approve', version: 2 }),
      ),
    ).toEqual(notYours);
    // A key without its parent key does not count (hasPermission).
    expect(
      await refusal(
        applyTransition(db(), wf, actor(bossId, ['poblacion_poblacion']), {
          recordId: item.id,
          transition: 'approve',
          version: 2,
        }),
      ),
    ).toEqual(notYours);
    expect(await load(item.id)).toMatchObject({ status: 'review', version: 2 });
  });

  it('a transition that needs a reason refuses none or a blank one, and keeps it trimmed', async () => {
    const item = await newItem();
    for (const reason of [undefined, null, '   ']) {
      expect(
        await refusal(
          applyTransition(db(), wf, staff(bossId), { recordId: item.id, transition: 'reject', version: 1, reason }),
        ),
      ).toMatchObject({ status: 400, code: 'validation', fields: [{ field: 'reason', code: 'required' }] });
    }
    const { history } = await applyTransition(db(), wf, staff(bossId), {
      recordId: item.id,
      transition: 'reject',
      version: 1,
      reason: '  Duplicada  ',
    });
    expect(history.reason).toBe('Duplicada');
  });

  it('a hook that fails undoes the state, the columns, the history row and what the hooks wrote', async () => {
    const item = await newItem('10.00');
    await applyTransition(db(), wf, actor(ownerId), { recordId: item.id, transition: 'submit', version: 1 });
    const before = await historyCount();
    failAfter = true;
    try {
      const r = await refusal(
        applyTransition(db(), wf, staff(bossId), {
          recordId: item.id,
          transition: 'assign',
          version: 2,
          input: { assigneeId: workerId },
        }),
      );
      expect(r).toMatchObject({ status: 409, code: 'duplicate' });
    } finally {
      failAfter = false;
    }
    expect(await load(item.id)).toMatchObject({ status: 'approved', version: 2, assigneeId: null });
    expect(await historyCount()).toBe(before);
    const written = await db().select().from(notes).where(eq(notes.itemId, item.id));
    expect(written).toEqual([]);
  });

  it('acts for another user only through a delegation in force, and records whom for', async () => {
    const item = await newItem('10.00');
    await applyTransition(db(), wf, actor(ownerId), { recordId: item.id, transition: 'submit', version: 1 });
    await applyTransition(db(), wf, staff(bossId), {
      recordId: item.id,
      transition: 'assign',
      version: 2,
      input: { assigneeId: workerId },
    });
    const substitute = randomUUID();
    await person(substitute, 'Sara Stand-in', []);
    const call = { recordId: item.id, transition: 'start', version: 3, actingFor: workerId };
    expect(await refusal(applyTransition(db(), wf, actor(substitute), call))).toMatchObject({
      status: 403,
      fields: [{ field: 'transition', code: 'delegation_not_valid' }],
    });
    // A delegation that starts tomorrow is not in force yet.
    const tomorrow = new Date(Date.now() + 86_400_000);
    await createDelegation(db(), actor(workerId), { fromUserId: workerId, toUserId: substitute, validFrom: tomorrow });
    expect((await refusal(applyTransition(db(), wf, actor(substitute), call))).fields[0]?.code).toBe(
      'delegation_not_valid',
    );
    await createDelegation(db(), actor(workerId), {
      fromUserId: workerId,
      toUserId: substitute,
      validFrom: new Date(Date.now() - 60_000),
      validUntil: tomorrow,
      workflow: 'wf_test',
    });
    const { record, history } = await applyTransition(db(), wf, actor(substitute), call);
    expect(record.status).toBe('working');
    expect(history).toMatchObject({ actorId: substitute, actingForId: workerId });
    const entries = await historyEntries(db(), wf, item.id);
    expect(entries.at(-1)).toMatchObject({ actorName: 'Sara Stand-in', actingForName: 'Walter Worker' });
    // Standing in for someone who has not delegated to them is refused.
    const other = await refusal(
      applyTransition(db(), wf, actor(substitute), {
        recordId: item.id,
        transition: 'resolve',
        version: 4,
        actingFor: ownerId,
      }),
    );
    expect(other.fields[0]?.code).toBe('delegation_not_valid');
  });

  postgresOnly(
    'of two users moving the same version at once, one wins, the other gets 409 and its hooks never run',
    async () => {
      const item = await newItem();
      await applyTransition(db(), wf, actor(ownerId), { recordId: item.id, transition: 'submit', version: 1 });
      approveHookRuns = 0;
      // The first call holds the row for 300 ms inside its hook: the second reaches the row meanwhile (on PostgreSQL;
      // PGlite runs one transaction at a time) and must wait for the lock, then find the version moved.
      approvePause = 300;
      try {
        const results = await Promise.allSettled([
          applyTransition(db(), wf, staff(bossId), { recordId: item.id, transition: 'approve', version: 2 }),
          applyTransition(db(), wf, staff(randomUUID()), { recordId: item.id, transition: 'approve', version: 2 }),
        ]);
        expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
        const lost = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
        expect((lost.reason as AppError).code).toBe('stale_transition');
      } finally {
        approvePause = 0;
      }
      // The row lock (FOR UPDATE) keeps the loser out of the hooks: they act on the state they were written for.
      expect(approveHookRuns).toBe(1);
      expect(await workflowHistoryOf(db(), 'wf_test', item.id)).toHaveLength(2);
    },
  );

  it('the history is append-only', async () => {
    const item = await newItem();
    await applyTransition(db(), wf, actor(ownerId), { recordId: item.id, transition: 'submit', version: 1 });
    await expect(
      db().update(workflowHistory).set({ reason: 'rewritten' }).where(eq(workflowHistory.recordId, item.id)),
    ).rejects.toThrow();
    await expect(db().delete(workflowHistory).where(eq(workflowHistory.recordId, item.id))).rejects.toThrow();
  });

  it("gives many records' histories in one call, each as historyEntries gives it (a list's rows)", async () => {
    const [a, b, none] = [await newItem(), await newItem(), await newItem()];
    await applyTransition(db(), wf, actor(ownerId), { recordId: a.id, transition: 'submit', version: 1 });
    await applyTransition(db(), wf, staff(bossId), { recordId: a.id, transition: 'approve', version: 2 });
    await applyTransition(db(), wf, actor(ownerId), { recordId: b.id, transition: 'submit', version: 1 });
    const all = await historyEntriesOf(db(), wf, [a.id, b.id, none.id]);
    expect([...all.keys()]).toEqual([a.id, b.id, none.id]);
    expect(all.get(a.id)!.map((e) => e.transition)).toEqual(['submit', 'approve']);
    expect(all.get(a.id)).toEqual(await historyEntries(db(), wf, a.id));
    expect(all.get(b.id)).toEqual(await historyEntries(db(), wf, b.id));
    expect(all.get(none.id)).toEqual([]);
    expect((await historyEntriesOf(db(), wf, [])).size).toBe(0);
  });
});

describe('system transitions', () => {
  it('a job takes a systemOnly transition; no user may, whatever keys they hold', async () => {
    const item = await newItem('5000.00', 'held');
    const everyKey = actor(ownerId, ['poblacion', 'poblacion_poblacion']);
    expect(
      await refusal(applyTransition(db(), wf, everyKey, { recordId: item.id, transition: 'expire', version: 1 })),
    ).toMatchObject({ status: 403, fields: [{ field: 'transition', code: 'transition_not_yours' }] });
    expect((await allowedTransitions(db(), wf, item, everyKey)).map((x) => x.name)).not.toContain('expire');
    const { record, history } = await applyTransition(db(), wf, systemActor('job:test-expire'), {
      recordId: item.id,
      transition: 'expire',
      version: 1,
    });
    expect(record.status).toBe('done');
    expect(history).toMatchObject({ actorId: null, system: 'job:test-expire', transition: 'expire' });
  });
});

describe('allowedTransitions', () => {
  it('offers exactly the transitions applyTransition accepts, for every state and user', async () => {
    const users = {
      owner: actor(ownerId),
      worker: actor(workerId),
      boss: staff(bossId),
      stranger: actor(randomUUID()),
    };
    for (const state of wf.states) {
      for (const [who, a] of Object.entries(users)) {
        const item = await newItem('5000.00', state);
        await db().update(items).set({ assigneeId: workerId }).where(eq(items.id, item.id));
        const record = await load(item.id);
        const offered = (await allowedTransitions(db(), wf, record, a)).map((x) => x.name);
        for (const tr of wf.transitions) {
          const fresh = await newItem('5000.00', state);
          await db().update(items).set({ assigneeId: workerId }).where(eq(items.id, fresh.id));
          const accepted = await applyTransition(db(), wf, a, {
            recordId: fresh.id,
            transition: tr.name,
            version: 1,
            reason: 'porque sí',
            returnTo: tr.returnTo ? 'raised' : undefined,
            input: { assigneeId: workerId },
          }).then(
            () => true,
            () => false,
          );
          expect(offered.includes(tr.name), `${who} ${state} ${tr.name}`).toBe(accepted);
        }
      }
    }
  });

  it('says where a routed transition goes, whether it needs a reason and where a return may go', async () => {
    const base = { id: randomUUID(), version: 1, ownerId, assigneeId: workerId } as const;
    expect(
      (await allowedTransitions(db(), wf, { ...base, status: 'raised', amount: '20.00' }, actor(ownerId)))[0],
    ).toEqual({ name: 'submit', to: 'approved', reason: 'none' });
    expect(
      await allowedTransitions(db(), wf, { ...base, status: 'working', amount: '20.00' }, actor(workerId)),
    ).toEqual([
      { name: 'hold', to: 'held', reason: 'required' },
      { name: 'resolve', to: 'done', reason: 'none' },
    ]);
    expect(
      (await allowedTransitions(db(), wf, { ...base, status: 'assigned', amount: '20.00' }, staff(bossId))).find(
        (x) => x.name === 'send_back',
      ),
    ).toEqual({ name: 'send_back', to: 'raised', reason: 'required', returnTo: ['raised', 'review'] });
  });
});

describe('defineWorkflow', () => {
  it('refuses a transition naming an unknown state or a name used twice', () => {
    expect(() =>
      defineWorkflow<Item, S, typeof items>({
        ...wf,
        transitions: [{ name: 'x', from: ['nowhere' as S], to: 'done' }],
      }),
    ).toThrow(/unknown state nowhere/);
    expect(() =>
      defineWorkflow<Item, S, typeof items>({ ...wf, transitions: [wf.transitions[0]!, wf.transitions[0]!] }),
    ).toThrow(/defined twice/);
  });
});

/**
 * Issue 25 section 1, typed writes, checked by the compiler (`npm run typecheck`): a column that does not exist, in a
 * transition's `set` or in `updateVersioned`'s values, does not compile. Were either accepted again, the
 * `@ts-expect-error` lines below would be unused, which is itself a compile error. Never called.
 */
export function typedWritesDoNotCompileMisspelt(tx: Executor) {
  defineWorkflow<Item, S, typeof items>({
    ...wf,
    transitions: [
      {
        name: 'misspelt',
        from: ['raised'],
        to: 'done',
        // @ts-expect-error `asigneeId` is not a column of the table (today's `set({ asigneeId })` was dropped silently)
        set: () => ({ asigneeId: 'x' }),
      },
    ],
  });
  // @ts-expect-error `asigneeId` is not a column of the table
  void updateVersioned(tx, items, 'id', 1, { asigneeId: 'x' });
  // @ts-expect-error the version is updateVersioned's own
  void updateVersioned(tx, items, 'id', 1, { version: 3 });
}

/** Moves a fresh item of `ownerOf` (default the file's owner) to `review` (above the band). */
async function inReview(amount = '5000.00', ownerOf = ownerId): Promise<Item> {
  const [row] = await db()
    .insert(items)
    .values({ id: randomUUID(), status: 'review', version: 1, updatedAt: new Date(), ownerId: ownerOf, amount })
    .returning();
  return row as Item;
}

describe('rules that read the database (issue 25 section 1)', () => {
  it('an asynchronous rule decides in applyTransition and allowedTransitions, and its SQL form in the inbox and nextActors', async () => {
    const employee = randomUUID();
    const boss = randomUUID();
    await person(employee, 'Elena Employee', []);
    await person(boss, 'Bruno Boss', []);
    await db().execute(
      sql`insert into wf_test_bosses (boss_id, employee_id) values (${boss}::uuid, ${employee}::uuid)`,
    );
    const item = await inReview('5000.00', employee);
    // Only the employee's boss passes; the key holders approve by the key, not by this rule.
    expect((await allowedTransitions(db(), wf, item, actor(boss))).map((x) => x.name)).toEqual(['escalate']);
    expect((await allowedTransitions(db(), wf, item, actor(workerId))).map((x) => x.name)).toEqual([]);
    expect(
      (
        await refusal(
          applyTransition(db(), wf, actor(workerId), { recordId: item.id, transition: 'escalate', version: 1 }),
        )
      ).fields[0]?.code,
    ).toBe('transition_not_yours');
    expect((await inbox(db(), [wf], actor(boss))).map((x) => x.recordId)).toEqual([item.id]);
    expect((await inbox(db(), [wf], actor(workerId))).map((x) => x.recordId)).not.toContain(item.id);
    // Who could move it next: the boss (the rule) and Berta (the key of approve).
    expect((await nextActors(db(), wf, item)).sort()).toEqual([boss, bossId].sort());
    const { record } = await applyTransition(db(), wf, actor(boss), {
      recordId: item.id,
      transition: 'escalate',
      version: 1,
    });
    expect(record.status).toBe('approved');
    expect((await inbox(db(), [wf], actor(boss))).map((x) => x.recordId)).not.toContain(item.id);
  });

  it('a holder-of-key rule and notRequester read the users relation and the record', async () => {
    const holder = randomUUID();
    await person(holder, 'Hilda Holder', ['configuracion', 'configuracion_roles']);
    const rules = defineWorkflow<Item, S, typeof items>({
      name: 'wf_rules',
      table: items,
      states: wf.states,
      people: peopleOf('main'),
      transitions: [
        {
          name: 'close',
          from: ['raised'],
          to: 'done',
          who: [holdersOf('configuracion_roles')],
        },
        { name: 'drop', from: ['raised'], to: 'rejected', who: [notRequester(items.ownerId)] },
      ],
    });
    const item = await newItem();
    expect((await allowedTransitions(db(), rules, item, actor(holder))).map((x) => x.name)).toEqual(['close', 'drop']);
    expect((await allowedTransitions(db(), rules, item, actor(ownerId))).map((x) => x.name)).toEqual([]);
    expect(await refusedTransitions(db(), rules, item, actor(ownerId))).toEqual([
      { name: 'close', to: 'done', because: 'holder_of_configuracion_roles' },
      { name: 'drop', to: 'rejected', because: 'not_the_requester' },
    ]);
    expect(await nextActors(db(), rules, item, ['close'])).toEqual([holder]);
  });
});

describe('rules of a chain by workgroup and by what the record carries', () => {
  it('sameGroupAs, columnIn and allOf: the boss of the requester’s workgroup, at the boss’s stage only', async () => {
    const [requester, boss, otherBoss, loose] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    await person(requester, 'Rita Requester', [], 'groups', true, 'Programas');
    await person(boss, 'Bruno Boss', [], 'groups', true, 'Programas');
    await person(otherBoss, 'Otto Other', [], 'groups', true, 'Finanzas');
    await person(loose, 'Lola Loose', [], 'groups', true);
    const chain = defineWorkflow<Item, S, typeof items>({
      name: 'wf_groups',
      table: items,
      states: wf.states,
      people: peopleOf('groups'),
      inbox: { title: textOfAmount(), href: sql<string>`'/items/' || ${items.id}`, transitions: ['approve'] },
      transitions: [
        {
          name: 'approve',
          from: ['raised', 'review'],
          to: 'approved',
          who: [allOf('boss_at_raised', sameGroupAs(items.ownerId), columnIn(items.status, ['raised'], 'at_raised'))],
        },
      ],
    });
    const [row] = await db()
      .insert(items)
      .values({
        id: randomUUID(),
        status: 'raised',
        version: 1,
        updatedAt: new Date(),
        ownerId: requester,
        amount: '1',
      })
      .returning();
    const item = row as Item;
    const names = async (userId: string, record = item) =>
      (await allowedTransitions(db(), chain, record, actor(userId))).map((x) => x.name);
    expect(await names(boss)).toEqual(['approve']);
    expect(await names(otherBoss)).toEqual([]);
    expect(await names(loose)).toEqual([]);
    expect((await nextActors(db(), chain, item)).sort()).toEqual([boss, requester].sort());
    // At another state the stage rule fails, whoever asks.
    await db().update(items).set({ status: 'review' }).where(eq(items.id, item.id));
    expect(await names(boss, { ...item, status: 'review' })).toEqual([]);
    // A requester without a workgroup: the rule leaves it to the key (anyone here).
    const [free] = await db()
      .insert(items)
      .values({ id: randomUUID(), status: 'raised', version: 1, updatedAt: new Date(), ownerId: loose, amount: '1' })
      .returning();
    expect(await names(otherBoss, free as Item)).toEqual(['approve']);
    expect(() => allOf('broken', { name: 'no_sql', test: () => true })).toThrow(/SQL form/);
  });
});

describe('routing that reads input and dated settings', () => {
  it('an amount band from the setting in force on the input date decides the stage; the stage passed over is recorded skipped', async () => {
    // A value of the band in a year of its own, so no seeded value decides.
    const year = 2090 + Math.floor(Math.random() * 9);
    await db()
      .insert(settingValues)
      .values({ key: 'isr_retention_threshold', validFrom: `${year}-03-01`, value: '900000.00', source: 'test' });
    // Far above any seeded value, so the band in force today would send both to review.
    const low = await newItem('899999.00');
    const high = await newItem('900000.01');
    const on = `${year}-06-30`;
    const a = await applyTransition(db(), wf, actor(ownerId), {
      recordId: low.id,
      transition: 'submit_dated',
      version: 1,
      input: { on },
    });
    expect(a.history).toMatchObject({ toState: 'approved', skipped: ['review'] });
    const b = await applyTransition(db(), wf, actor(ownerId), {
      recordId: high.id,
      transition: 'submit_dated',
      version: 1,
      input: { on },
    });
    expect(b.history).toMatchObject({ toState: 'review', skipped: [] });
    expect(workflowSteps(wf, 'approved', await historyEntries(db(), wf, low.id))).toEqual([
      { state: 'raised', status: 'completed' },
      { state: 'review', status: 'skipped' },
      { state: 'approved', status: 'current' },
      { state: 'assigned', status: 'pending' },
      { state: 'working', status: 'pending' },
      { state: 'done', status: 'pending' },
    ]);
  });
});

describe('the steps of a record', () => {
  const def = { states: ['a', 'b', 'c', 'x'], path: ['a', 'b', 'c'] } as unknown as Parameters<typeof workflowSteps>[0];
  it('show a state off the path (a rejection) last and current, with what the record went through completed', () => {
    // Rejected from its first state: the first state was reached although no move went to it.
    expect(workflowSteps(def, 'x', [{ from: 'a', to: 'x', skipped: [] }])).toEqual([
      { state: 'a', status: 'completed' },
      { state: 'b', status: 'pending' },
      { state: 'c', status: 'pending' },
      { state: 'x', status: 'current' },
    ]);
    expect(
      workflowSteps(def, 'x', [
        { from: 'a', to: 'b', skipped: [] },
        { from: 'b', to: 'x', skipped: [] },
      ]),
    ).toEqual([
      { state: 'a', status: 'completed' },
      { state: 'b', status: 'completed' },
      { state: 'c', status: 'pending' },
      { state: 'x', status: 'current' },
    ]);
  });
});

describe('return to an earlier stage', () => {
  async function assigned() {
    const item = await newItem('10.00');
    await applyTransition(db(), wf, actor(ownerId), { recordId: item.id, transition: 'submit', version: 1 });
    await applyTransition(db(), wf, staff(bossId), {
      recordId: item.id,
      transition: 'assign',
      version: 2,
      input: { assigneeId: workerId },
    });
    return item;
  }

  it('a return offers and takes only the stages before the record’s on the path', async () => {
    const back = { ...wf.transitions.find((x) => x.name === 'send_back')!, returnTo: ['raised', 'review', 'approved'] };
    expect(returnTargets(wf, back, 'review')).toEqual(['raised']);
    expect(returnTargets(wf, back, 'assigned')).toEqual(['raised', 'review', 'approved']);
    expect(returnTargets(wf, back, 'raised')).toEqual([]);
    // A state off the path keeps every target.
    expect(returnTargets(wf, back, 'held')).toEqual(['raised', 'review', 'approved']);
    const item = await assigned();
    const early = defineWorkflow<Item, S, typeof items>({
      ...wf,
      name: 'wf_test',
      transitions: wf.transitions.map((x) => (x.name === 'send_back' ? { ...x, from: ['review', 'assigned'] } : x)),
    });
    await db().update(items).set({ status: 'review' }).where(eq(items.id, item.id));
    const refused = await refusal(
      applyTransition(db(), early, staff(bossId), {
        recordId: item.id,
        transition: 'send_back',
        version: 3,
        returnTo: 'review',
        reason: 'No hacia adelante',
      }),
    );
    expect(refused.fields).toEqual([{ field: 'returnTo', code: 'invalid' }]);
  });

  it('refuses a return without its stage, to a stage not offered, without a reason, and returnTo on another move', async () => {
    const item = await assigned();
    const call = { recordId: item.id, transition: 'send_back', version: 3, reason: 'Falta la cotización' };
    expect((await refusal(applyTransition(db(), wf, staff(bossId), call))).fields).toEqual([
      { field: 'returnTo', code: 'required' },
    ]);
    expect((await refusal(applyTransition(db(), wf, staff(bossId), { ...call, returnTo: 'working' }))).fields).toEqual([
      { field: 'returnTo', code: 'invalid' },
    ]);
    expect(
      (await refusal(applyTransition(db(), wf, staff(bossId), { ...call, returnTo: 'review', reason: ' ' }))).fields,
    ).toEqual([{ field: 'reason', code: 'required' }]);
    const other = await newItem();
    expect(
      (
        await refusal(
          applyTransition(db(), wf, actor(ownerId), {
            recordId: other.id,
            transition: 'submit',
            version: 1,
            returnTo: 'raised',
          }),
        )
      ).fields,
    ).toEqual([{ field: 'returnTo', code: 'invalid' }]);
    expect(await load(item.id)).toMatchObject({ status: 'assigned', version: 3 });
  });

  it('goes back to the stage picked, onReturn removes what came after and the history keeps what, in details', async () => {
    const item = await assigned();
    const { record, history } = await applyTransition(db(), wf, staff(bossId), {
      recordId: item.id,
      transition: 'send_back',
      version: 3,
      returnTo: 'review',
      reason: 'Falta la cotización',
    });
    expect(record).toMatchObject({ status: 'review', assigneeId: null });
    expect(history).toMatchObject({
      fromState: 'assigned',
      toState: 'review',
      reason: 'Falta la cotización',
      details: { removed: [{ kind: 'note', label: 'assigned' }] },
    });
    expect(await db().select().from(notes).where(eq(notes.itemId, item.id))).toEqual([]);
    expect((await historyEntries(db(), wf, item.id)).at(-1)).toMatchObject({
      transition: 'send_back',
      details: { removed: [{ kind: 'note', label: 'assigned' }] },
      actorName: 'Berta Boss',
    });
  });
});

/** A two-level approval on the test table, with its own users (`scope`), for the no-self-approval fallbacks. */
function chainOf(scope: string) {
  return defineWorkflow<Item, S, typeof items>({
    name: `wf_chain_${scope}`,
    table: items,
    states: wf.states,
    people: peopleOf(scope),
    inbox: {
      title: textOfAmount(),
      href: sql<string>`'/items/' || ${items.id}`,
      transitions: ['approve1', 'approve2'],
    },
    transitions: [
      { name: 'submit', from: ['raised'], to: 'review', who: [owner] },
      {
        name: 'approve1',
        from: ['review'],
        to: 'approved',
        permission: 'poblacion_poblacion',
        approval: { requester: items.ownerId, fallback: { to: 'approved' } },
      },
      {
        name: 'approve2',
        from: ['approved'],
        to: 'done',
        who: [holdersOf('presupuesto_aprobacion')],
        approval: { requester: items.ownerId, fallback: { holders: 'configuracion_roles' } },
      },
    ],
  });
}
const EVERY_APPROVAL = [...STAFF_KEYS, 'presupuesto', 'presupuesto_aprobacion'];
const ADMIN_KEYS = ['configuracion', 'configuracion_roles'];

describe('no self-approval', () => {
  it('when only the requester could approve, the record goes on to the next level or to administration, never stuck', async () => {
    const chain = chainOf('alone');
    const raiser = randomUUID();
    const admin = randomUUID();
    await person(raiser, 'Rita Raiser', EVERY_APPROVAL, 'alone');
    await person(admin, 'Ana Admin', ADMIN_KEYS, 'alone');
    // An inactive approver does not count.
    await person(randomUUID(), 'Iván Inactive', EVERY_APPROVAL, 'alone', false);
    const [row] = await db()
      .insert(items)
      .values({
        id: randomUUID(),
        status: 'raised',
        version: 1,
        updatedAt: new Date(),
        ownerId: raiser,
        amount: '9.00',
      })
      .returning();
    const { record, history } = await applyTransition(db(), chain, actor(raiser, EVERY_APPROVAL), {
      recordId: row!.id,
      transition: 'submit',
      version: 1,
    });
    expect(record.status).toBe('approved');
    expect(history).toMatchObject({
      toState: 'approved',
      skipped: ['review'],
      details: {
        fallback: [
          { transition: 'approve1', state: 'review', to: 'approved' },
          { transition: 'approve2', state: 'approved', holders: 'configuracion_roles' },
        ],
      },
    });
    // The raiser may not approve their own; administration may, and has it in its inbox.
    expect(await allowedTransitions(db(), chain, record, actor(raiser, EVERY_APPROVAL))).toEqual([]);
    expect(await refusedTransitions(db(), chain, record, actor(raiser, EVERY_APPROVAL))).toEqual([
      { name: 'approve2', to: 'done', because: 'not_the_requester' },
    ]);
    expect((await allowedTransitions(db(), chain, record, actor(admin, ADMIN_KEYS))).map((x) => x.name)).toEqual([
      'approve2',
    ]);
    expect((await inbox(db(), [chain], actor(admin, ADMIN_KEYS))).map((x) => x.recordId)).toEqual([record.id]);
    // (Other tests' items in the shared table wait for the raiser, an approver of theirs; not this one.)
    expect((await inbox(db(), [chain], actor(raiser, EVERY_APPROVAL))).map((x) => x.recordId)).not.toContain(record.id);
    expect(await nextActors(db(), chain, record)).toEqual([admin]);
    expect(
      (
        await refusal(
          applyTransition(db(), chain, actor(raiser, EVERY_APPROVAL), {
            recordId: record.id,
            transition: 'approve2',
            version: 2,
          }),
        )
      ).fields[0]?.code,
    ).toBe('transition_not_yours');
    const done = await applyTransition(db(), chain, actor(admin, ADMIN_KEYS), {
      recordId: record.id,
      transition: 'approve2',
      version: 2,
    });
    expect(done.record.status).toBe('done');
  });

  it('with another approver there is no fallback, and neither the requester nor anyone acting for them approves', async () => {
    const chain = chainOf('pair');
    const raiser = randomUUID();
    const other = randomUUID();
    const raisersDelegate = randomUUID();
    const admin = randomUUID();
    await person(raiser, 'Rita Raiser', EVERY_APPROVAL, 'pair');
    await person(other, 'Omar Other', EVERY_APPROVAL, 'pair');
    await person(raisersDelegate, 'Delia Delegate', [], 'pair');
    await person(admin, 'Ana Admin', ADMIN_KEYS, 'pair');
    const since = new Date(Date.now() - 60_000);
    await createDelegation(db(), actor(raiser), { fromUserId: raiser, toUserId: raisersDelegate, validFrom: since });
    // The approver delegates to the raiser: the raiser still may not approve their own record for them.
    await createDelegation(db(), actor(other), { fromUserId: other, toUserId: raiser, validFrom: since });
    const [row] = await db()
      .insert(items)
      .values({
        id: randomUUID(),
        status: 'raised',
        version: 1,
        updatedAt: new Date(),
        ownerId: raiser,
        amount: '9.00',
      })
      .returning();
    const { record, history } = await applyTransition(db(), chain, actor(raiser, EVERY_APPROVAL), {
      recordId: row!.id,
      transition: 'submit',
      version: 1,
    });
    expect(history).toMatchObject({ toState: 'review', details: null });
    for (const [who, actingFor] of [
      [raiser, null],
      [raiser, other],
      [raisersDelegate, raiser],
    ] as const) {
      const r = await refusal(
        applyTransition(db(), chain, actor(who, EVERY_APPROVAL), {
          recordId: record.id,
          transition: 'approve1',
          version: 2,
          actingFor,
        }),
      );
      expect(r.fields[0]?.code, `${who} for ${actingFor}`).toBe('transition_not_yours');
    }
    expect(await allowedTransitions(db(), chain, record, actor(raiser, EVERY_APPROVAL))).toEqual([]);
    expect(await allowedTransitions(db(), chain, record, actor(raisersDelegate))).toEqual([]);
    expect(await allowedTransitions(db(), chain, record, actor(admin, ADMIN_KEYS))).toEqual([]);
    expect(await nextActors(db(), chain, record)).toEqual([other]);
    const ok = await applyTransition(db(), chain, actor(other, EVERY_APPROVAL), {
      recordId: record.id,
      transition: 'approve1',
      version: 2,
    });
    expect(ok.record.status).toBe('approved');
  });
});

describe('no self-approval of an approval with a key', () => {
  /** One approval by key (`presupuesto_aprobacion`), falling back to role administrators, in `scope`. */
  const keyedOf = (scope: string) =>
    defineWorkflow<Item, S, typeof items>({
      name: `wf_keyed_${scope}`,
      table: items,
      states: wf.states,
      people: peopleOf(scope),
      inbox: { title: textOfAmount(), href: sql<string>`'/items/' || ${items.id}`, transitions: ['approve'] },
      transitions: [
        {
          name: 'approve',
          from: ['approved'],
          to: 'done',
          permission: 'presupuesto_aprobacion',
          approval: { requester: items.ownerId, fallback: { holders: 'configuracion_roles' } },
        },
      ],
    });

  it('opens the fallback to its holders, in the inbox too, only while the requester is the only holder of the key', async () => {
    const keyed = keyedOf('keyed');
    const raiser = randomUUID();
    const admin = randomUUID();
    const other = randomUUID();
    await person(raiser, 'Rita Raiser', EVERY_APPROVAL, 'keyed');
    await person(admin, 'Ana Admin', ADMIN_KEYS, 'keyed');
    const [row] = await db()
      .insert(items)
      .values({
        id: randomUUID(),
        status: 'approved',
        version: 1,
        updatedAt: new Date(),
        ownerId: raiser,
        amount: '3.00',
      })
      .returning();
    const waitingFor = async (who: string, keys: string[]) =>
      (await inbox(db(), [keyed], actor(who, keys))).map((x) => x.recordId);
    // Only the raiser holds the key: administration takes it, and sees it waiting.
    expect(await waitingFor(admin, ADMIN_KEYS)).toContain(row!.id);
    expect(await waitingFor(raiser, EVERY_APPROVAL)).not.toContain(row!.id);
    expect(await nextActors(db(), keyed, row as Item)).toEqual([admin]);
    // Another holder of the key: it waits for them, and no longer for administration.
    await person(other, 'Omar Other', EVERY_APPROVAL, 'keyed');
    expect(await waitingFor(admin, ADMIN_KEYS)).not.toContain(row!.id);
    expect(await waitingFor(other, EVERY_APPROVAL)).toContain(row!.id);
    expect(await nextActors(db(), keyed, row as Item)).toEqual([other]);
    expect(await allowedTransitions(db(), keyed, row as Item, actor(admin, ADMIN_KEYS))).toEqual([]);
  });
});

describe('acting for another', () => {
  it('refuses self-delegation, a cycle over an overlapping range and an empty range; a later reverse one is fine', async () => {
    const a = randomUUID();
    const b = randomUUID();
    const t0 = new Date('2031-01-01T06:00:00Z');
    const t1 = new Date('2031-02-01T06:00:00Z');
    const t2 = new Date('2031-03-01T06:00:00Z');
    expect(
      (await refusal(createDelegation(db(), actor(a), { fromUserId: a, toUserId: a, validFrom: t0 }))).fields,
    ).toEqual([{ field: 'toUserId', code: 'delegation_self' }]);
    expect(
      (await refusal(createDelegation(db(), actor(a), { fromUserId: a, toUserId: b, validFrom: t1, validUntil: t0 })))
        .fields,
    ).toEqual([{ field: 'validUntil', code: 'invalid' }]);
    await createDelegation(db(), actor(a), { fromUserId: a, toUserId: b, validFrom: t0, validUntil: t1 });
    expect(
      (
        await refusal(
          createDelegation(db(), actor(b), { fromUserId: b, toUserId: a, validFrom: t0, workflow: 'wf_test' }),
        )
      ).fields,
    ).toEqual([{ field: 'toUserId', code: 'delegation_cycle' }]);
    // [t1, t2) does not overlap [t0, t1).
    await createDelegation(db(), actor(b), { fromUserId: b, toUserId: a, validFrom: t1, validUntil: t2 });
  });

  it('offers what a principal may do with actingFor, lists pending items in the delegate inbox, and goes one level deep only', async () => {
    const principal = randomUUID();
    const delegate = randomUUID();
    const second = randomUUID();
    await person(principal, 'Paula Principal', STAFF_KEYS);
    await person(delegate, 'Diego Delegate', []);
    await person(second, 'Sonia Second', []);
    // Waiting for the principal (approve needs the key) before any delegation exists.
    const item = await inReview();
    expect((await inbox(db(), [wf], actor(delegate))).map((x) => x.recordId)).not.toContain(item.id);
    await createDelegation(db(), actor(principal), {
      fromUserId: principal,
      toUserId: delegate,
      validFrom: new Date(Date.now() - 1000),
    });
    // The delegate re-delegates to a second: depth 1, the second never acts for the principal.
    await createDelegation(db(), actor(delegate), {
      fromUserId: delegate,
      toUserId: second,
      validFrom: new Date(Date.now() - 1000),
    });
    const mine = (await inbox(db(), [wf], actor(delegate))).find((x) => x.recordId === item.id);
    expect(mine).toMatchObject({
      workflow: 'wf_test',
      state: 'review',
      actingForName: 'Paula Principal',
      titleParams: { amount: '5000.00' },
    });
    expect((await allowedTransitions(db(), wf, item, actor(delegate))).find((x) => x.name === 'approve')).toEqual({
      name: 'approve',
      to: 'approved',
      reason: 'none',
      actingFor: { id: principal, name: 'Paula Principal' },
    });
    expect((await inbox(db(), [wf], actor(second))).map((x) => x.recordId)).not.toContain(item.id);
    expect((await allowedTransitions(db(), wf, item, actor(second))).map((x) => x.name)).toEqual([]);
    expect(
      (
        await refusal(
          applyTransition(db(), wf, actor(second), {
            recordId: item.id,
            transition: 'approve',
            version: 1,
            actingFor: principal,
          }),
        )
      ).fields[0]?.code,
    ).toBe('delegation_not_valid');
    expect(await nextActors(db(), wf, item)).toEqual(expect.arrayContaining([principal, delegate]));
    expect(await nextActors(db(), wf, item)).not.toContain(second);
    const { history } = await applyTransition(db(), wf, actor(delegate), {
      recordId: item.id,
      transition: 'approve',
      version: 1,
      actingFor: principal,
    });
    expect(history).toMatchObject({ actorId: delegate, actingForId: principal });
  });
});

describe('stage times', () => {
  it('applyTransition closes the open stay and opens the next, with working minutes when the workflow has a calendar', async () => {
    const timed = defineWorkflow<Item, S, typeof items>({
      ...wf,
      name: 'wf_timed',
      workingTime: async () => new WorkingTime(),
    });
    for (const [def, counts] of [
      [wf, false],
      [timed, true],
    ] as const) {
      const item = await newItem();
      await applyTransition(db(), def, actor(ownerId), { recordId: item.id, transition: 'submit', version: 1 });
      await applyTransition(db(), def, staff(bossId), { recordId: item.id, transition: 'approve', version: 2 });
      const rows = await db()
        .select()
        .from(workflowStageTimes)
        .where(eq(workflowStageTimes.recordId, item.id))
        .orderBy(workflowStageTimes.id);
      expect(rows.map((r) => [r.workflow, r.state, r.enteredBy, r.exitedBy, r.exitedAt !== null])).toEqual([
        [def.name, 'review', 'submit', 'approve', true],
        [def.name, 'approved', 'approve', null, false],
      ]);
      expect(rows[0]!.workingMinutes === null).toBe(!counts);
    }
  });

  it('stageTimes gives per state the count, median and 90th percentile of the stays ended in the period', async () => {
    const workflow = `wf_stats_${randomUUID()}`;
    const base = Date.parse('2030-05-06T15:00:00Z');
    const stay = (state: string, minutes: number, working: number | null, endOffset = 0) => ({
      workflow,
      recordId: randomUUID(),
      state,
      enteredAt: new Date(base + endOffset - minutes * 60_000),
      exitedAt: new Date(base + endOffset),
      workingMinutes: working,
    });
    await db()
      .insert(workflowStageTimes)
      .values([
        stay('review', 10, 5),
        stay('review', 20, 5),
        stay('review', 30, 5),
        stay('review', 40, null),
        stay('approved', 60, 60),
        // Ended after the period, and still open: not counted.
        stay('review', 1000, 1000, 86_400_000 * 10),
        { workflow, recordId: randomUUID(), state: 'review', enteredAt: new Date(base) },
      ]);
    const range = { from: new Date(base - 86_400_000), to: new Date(base + 86_400_000) };
    expect(await stageTimes(db(), workflow, range)).toEqual([
      {
        state: 'approved',
        count: 1,
        medianMinutes: 60,
        p90Minutes: 60,
        medianWorkingMinutes: 60,
        p90WorkingMinutes: 60,
      },
      // 10, 20, 30, 40: median 25, p90 37 (interpolated); working 5, 5, 5 (the null is left out).
      { state: 'review', count: 4, medianMinutes: 25, p90Minutes: 37, medianWorkingMinutes: 5, p90WorkingMinutes: 5 },
    ]);
  });
});
