import { sql, type SQL } from 'drizzle-orm';
import type { InboxItem } from '@amparo/shared/workflow';
import type { Executor } from '../../db/client.ts';
import type { Actor } from '../actor.ts';
import { extensionPoint } from '../extension-points.ts';
import { delegatesSql, principalsOf } from './delegations.ts';
import { freshAlias, userSql } from './people.ts';
import { workflowStageTimes } from './workflow.table.ts';
import {
  inboxTransitions,
  knownHoldsAll,
  mayTakeSql,
  onlyRequesterOf,
  type WorkflowDef,
  type WorkflowRecord,
} from './workflow.ts';

/**
 * What waits for whom (issue 25 section 1, decision 0026), from the transitions' SQL forms: no record is loaded
 * into JavaScript to decide. A record waits for a user when they may take one of its workflow's inbox transitions
 * now (state, key, rules, approval and its fallback); it waits for a delegate when it waits for a principal whose
 * delegation to them is in force now, whenever the record reached its state (items pending when the delegation
 * starts are in the delegate's inbox).
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDef = WorkflowDef<any, any, any>;

/**
 * The workflows whose records make up the inbox (`GET /api/workflow/inbox`): a module contributes each of its
 * workflow definitions in its manifest (`contribute(workflowsPoint, planWorkflow)`); one name once.
 */
export const workflowsPoint = extensionPoint<AnyDef>('workflows', { key: (d) => d.name });

/**
 * SQL: `userId` may take one of `def`'s inbox transitions on the row (`actorId`: who acts, when for another); with
 * `state`, only the transitions leaving that state (a module's inbox reads one state at a time, so each statement
 * carries only the rules that can pass there). The user's keys are read once here, not per row: a transition
 * whose key and fallback key they lack is left out, so an inbox over tens of thousands of rows asks per row only
 * what depends on the row (state, rules, requester).
 */
async function waitsFor(
  db: Executor,
  def: AnyDef,
  userId: string,
  actorId?: string,
): Promise<{ condition: (state?: string) => SQL; states: string[] }> {
  const ts = inboxTransitions(def);
  const known = await knownHoldsAll(db, def, ts, userId);
  const kept = ts.filter((_, i) => known[i]!.key || known[i]!.fallback);
  return {
    condition: (state) => {
      const at = state === undefined ? kept : kept.filter((t) => (t.from as readonly string[]).includes(state));
      const parts = at.map((t) =>
        mayTakeSql(def, t, userSql(userId), {
          actorId: actorId ? userSql(actorId) : undefined,
          known: known[ts.indexOf(t)],
          atState: state,
        }),
      );
      return parts.length ? sql`(${sql.join(parts, sql` or `)})` : sql`false`;
    },
    states: kept.flatMap((t) => [...(t.from as readonly string[])]),
  };
}

/** The rows of one state waiting for a user: the filter and, per row, for whom they would act (null: their own). */
export interface WaitingAt {
  where: SQL<boolean>;
  actingFor: SQL<string | null>;
}

/**
 * What a module's own inbox view filters and shows (issue 26 section 5, an approver's requests by stage): `states`
 * are the states the transitions the user (or a principal) may take start from; `at(state)` gives, for the rows
 * of `def.table` in that state, `where` (true on those waiting for `userId`, as `inbox` decides: their own, or a
 * principal's whose delegation to them is in force now) and `actingFor` (null on their own rows, the principal's
 * name otherwise). SQL over `def.table`'s columns, for the module's repository to page and order one state at a
 * time through an index on (state, order).
 */
export async function waitingSql(
  db: Executor,
  def: AnyDef,
  userId: string,
): Promise<{ states: string[]; at: (state: string) => WaitingAt }> {
  const mine = await waitsFor(db, def, userId);
  const principals = await principalsOf(db, def.people, userId, def.name);
  const theirs: { p: (typeof principals)[number]; waits: Awaited<ReturnType<typeof waitsFor>> }[] = [];
  for (const p of principals) theirs.push({ p, waits: await waitsFor(db, def, p.id, userId) });
  // Each state's SQL built once: a page and its counts ask for the same state.
  const built = new Map<string, WaitingAt>();
  return {
    states: [...new Set([...mine.states, ...theirs.flatMap((x) => x.waits.states)])],
    at: (state) => {
      const known = built.get(state);
      if (known) return known;
      const own = mine.condition(state);
      const others = theirs.map((x) => ({ name: x.p.name, condition: x.waits.condition(state) }));
      const at = {
        where: sql<boolean>`(${sql.join([own, ...others.map((x) => x.condition)], sql` or `)})`,
        actingFor: others.length
          ? sql<string | null>`(case when ${own} then null ${sql.join(
              others.map((x) => sql`when ${x.condition} then ${x.name}::text`),
              sql` `,
            )} end)`
          : sql<string | null>`null::text`,
      };
      built.set(state, at);
      return at;
    },
  };
}

/**
 * The records of the registered workflows (`defs`, each with its `inbox`) waiting for `actor`, oldest waiting
 * first: their own, then those waiting for each user who delegated to them (by the delegation in force now),
 * with that user's name in `actingForName`; a record waiting for both appears once, as their own. `since` is when
 * the record entered its state (its open stage time; its last change when none). A system actor has no inbox.
 */
export async function inbox(db: Executor, defs: readonly AnyDef[], actor: Actor): Promise<InboxItem[]> {
  if (!actor.userId) return [];
  const out: InboxItem[] = [];
  for (const def of defs) {
    if (!def.inbox) continue;
    const table = def.table;
    const s = freshAlias('wfs');
    const since = sql`coalesce((select max(${s}.entered_at) from ${workflowStageTimes} ${s}
      where ${s}.workflow = ${def.name} and ${s}.record_id = ${table.id} and ${s}.exited_at is null), ${table.updatedAt})`;
    const params = sql`json_build_object(${sql.join(
      Object.entries(def.inbox.title).map(([name, value]) => sql`${name}::text, coalesce(${value}::text, '')`),
      sql`, `,
    )})`;
    const select = (condition: SQL) =>
      db.execute<{ id: string; title: Record<string, string>; state: string; since: Date | string; href: string }>(sql`
        select ${table.id} as id, ${params} as title, ${table.status} as state, ${since} as since,
          ${def.inbox!.href} as href
        from ${table} where ${condition}`);
    const seen = new Set<string>();
    const push = (rows: Awaited<ReturnType<typeof select>>['rows'], actingForName: string | null) => {
      for (const r of rows) {
        if (seen.has(r.id)) continue;
        seen.add(r.id);
        out.push({
          workflow: def.name,
          recordId: r.id,
          titleParams: typeof r.title === 'string' ? (JSON.parse(r.title) as Record<string, string>) : r.title,
          state: r.state,
          since: new Date(r.since).toISOString(),
          href: r.href,
          actingForName,
        });
      }
    };
    push((await select((await waitsFor(db, def, actor.userId)).condition())).rows, null);
    for (const p of await principalsOf(db, def.people, actor.userId, def.name))
      push((await select((await waitsFor(db, def, p.id, actor.userId)).condition())).rows, p.name);
  }
  return out.sort((a, b) => a.since.localeCompare(b.since) || a.recordId.localeCompare(b.recordId));
}

/**
 * The users who could take one of `transitions` (default the workflow's inbox transitions, else every one users
 * take) on `record` now (in the state the table holds), for notifications: active users who may take it themselves, and the delegates in force
 * of those (a delegate who is the requester of an approval excluded). Distinct ids, in no particular order.
 */
export async function nextActors<R extends WorkflowRecord<S>, S extends string>(
  db: Executor,
  def: WorkflowDef<R, S>,
  record: R,
  transitions?: readonly string[],
): Promise<string[]> {
  // Only the transitions open from the state the record is in now (read here: a hook's record is as it was
  // locked, before its move): the others' rules would be planned for nothing, a statement several times larger.
  const [now] = (
    await db.execute<{ status: string }>(
      sql`select ${def.table.status} as status from ${def.table} where ${def.table.id} = ${record.id}::uuid`,
    )
  ).rows;
  if (!now) return [];
  const ts = (transitions ? def.transitions.filter((t) => transitions.includes(t.name)) : inboxTransitions(def)).filter(
    (t) => !t.systemOnly && (t.from as readonly string[]).includes(now.status),
  );
  if (!ts.length) return [];
  // Whether only the requester could take each approval does not depend on the user: asked once, not per user.
  const approvals = ts.filter((t) => t.approval);
  const stuck = new Set((await onlyRequesterOf(db, def, record.id, approvals)).map((t) => t.name));
  const p = freshAlias();
  const d = freshAlias('wfn');
  const rows = await db.execute<{ user_id: string }>(sql`
    with takers as (
      select ${p}.user_id from ${def.people.relation} ${p}
      where ${p}.active and exists (select 1 from ${def.table} where ${def.table.id} = ${record.id}::uuid
        and (${sql.join(
          ts.map((t) => mayTakeSql(def, t, sql`${p}.user_id`, { onlyRequester: stuck.has(t.name) })),
          sql` or `,
        )}))
    )
    select user_id from takers
    union
    select ${d}.user_id from (
      select x.to_user_id as user_id, t.user_id as principal from takers t
        join lateral ${delegatesSql(sql`t.user_id`, def.name)} x on true
    ) ${d}
    where exists (select 1 from ${def.table} where ${def.table.id} = ${record.id}::uuid
      and (${sql.join(
        ts.map((t) =>
          mayTakeSql(def, t, sql`${d}.principal`, { actorId: sql`${d}.user_id`, onlyRequester: stuck.has(t.name) }),
        ),
        sql` or `,
      )}))`);
  return rows.rows.map((r) => r.user_id);
}
