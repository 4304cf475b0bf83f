import { asc, and, eq, sql, type InferInsertModel } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { hasPermission, type PermissionKey } from '@amparo/shared/permissions';
import type { Executor, Tx } from '../../db/client.ts';
import type { Actor } from '../actor.ts';
import { AppError, invalidField, notFound } from '../errors.ts';
import { workflowHistory, type WorkflowHistoryRow } from './workflow.table.ts';

/**
 * Workflows as data (issue 12, decision 0010). A workflow is its states and its
 * transitions; each transition says from which states it leaves, where it goes,
 * who may take it (a permission key and/or rules on the record), whether it
 * needs a reason, and what it writes besides the state (hooks, in the same
 * transaction). `applyTransition` is the only way a record changes state;
 * `allowedTransitions` answers, from the same table, which buttons a user gets.
 */

/** The columns a workflow's table must have: id, status, version (optimistic lock) and updated_at. */
export type WorkflowTable = PgTable & { id: PgColumn; status: PgColumn; version: PgColumn; updatedAt: PgColumn };

/** A record as its workflow sees it: at least its id, state and version. */
export interface WorkflowRecord<S extends string = string> {
  id: string;
  status: S;
  version: number;
}

/**
 * Who may take a transition besides holding its key: a named rule on the record
 * and a user id (`the requester`, `the assignee`, `the requester's boss`). The
 * name is what a refusal reports and what the docs list.
 */
export interface ActorRule<R> {
  name: string;
  test: (record: R, userId: string) => boolean;
}

/** What a hook sees: the transaction, the record as locked (before the change), and the call. */
export interface TransitionContext<R, S extends string> {
  tx: Tx;
  record: R;
  actor: Actor;
  /** The user the actor stands in for (a delegation checked by the workflow), or null. */
  actingFor: string | null;
  transition: string;
  from: S;
  to: S;
  skipped: S[];
  reason: string | null;
  /** The transition's own input (an assignee, a resolution), checked by the caller's contract. */
  input: Record<string, unknown>;
}

/**
 * The columns a transition's `set` may write besides the state (issue 25 section 1: typed by the table, so a
 * misspelt column fails to compile instead of being dropped); the state, version and updated_at are the workflow's.
 */
export type TransitionSet<T extends WorkflowTable> = Omit<
  Partial<InferInsertModel<T>>,
  'id' | 'status' | 'version' | 'updatedAt'
>;

export interface TransitionDef<R, S extends string, T extends WorkflowTable = WorkflowTable> {
  /** Stable name (`assign`, `resolve`): the API takes it, the history keeps it, the locales label it. */
  name: string;
  from: readonly S[];
  to: S;
  /** A key the actor must hold (with its parents, `hasPermission`). */
  permission?: PermissionKey;
  /** Rules of which one must pass for the acting user (or the user they stand in for); none: the key decides. */
  who?: readonly ActorRule<R>[];
  /** Taken only by a job or a script (a system actor, `systemActor`): never offered to users, refused to them. */
  systemOnly?: boolean;
  /** `required`: a transition refused without a non-blank reason (400, field `reason`). */
  reason?: 'required' | 'optional';
  /**
   * The actual target and the states passed over, when it depends on the record
   * (an amount band that needs no approval at a stage). Defaults to `to`.
   */
  route?: (record: R) => { to: S; skipped?: S[] };
  /** More columns of the record to write with the state (an assignee, a resolution date). */
  set?: (ctx: TransitionContext<R, S>) => TransitionSet<T>;
  /** Runs before the state changes, in the transaction: checks that need the database; throw an AppError to refuse. */
  before?: (ctx: TransitionContext<R, S>) => Promise<void>;
  /**
   * Runs after the state and the history row are written, in the transaction:
   * side records, notifications queued, the records of later stages removed
   * when a rejection sends the record back. A throw undoes everything.
   */
  after?: (ctx: TransitionContext<R, S>, history: WorkflowHistoryRow) => Promise<void>;
}

export interface WorkflowDef<R extends WorkflowRecord<S>, S extends string, T extends WorkflowTable = WorkflowTable> {
  /** The history's `workflow` value (`support_ticket`). */
  name: string;
  table: T;
  states: readonly S[];
  transitions: readonly TransitionDef<R, S, T>[];
  /**
   * Whether `actorId` may stand in for `principalId` at `at` (a delegation in a
   * date range). Without it nobody acts for anybody.
   */
  delegation?: (tx: Tx, principalId: string, actorId: string, at: Date) => Promise<boolean>;
  /**
   * Whether `refusedTransitions` also reports the transitions a user lacks the key for (issue 24 section 6,
   * item 6). Yes where everyone who opens the record takes part in its workflow (a year's plan: planners and
   * approvers); no where most readers are outsiders to some moves (a ticket's requester is not support staff),
   * so they are not shown a row of buttons they will never have. Rule refusals are always reported.
   */
  explainMissingKey?: boolean;
}

/** One transition a user may take now (what the web draws as a button or a drop target). */
export interface AllowedTransition<S extends string> {
  name: string;
  to: S;
  reason: 'required' | 'optional' | 'none';
}

/**
 * A transition open from the record's state that the user may not take, and why (issue 24 section 6, item 6):
 * the web shows it disabled with its reason. `because` is `missing_permission` (with `permission`, the key it
 * needs) or the name of the rule the user fails (`not_the_submitter`, `requester`).
 */
export interface RefusedTransition<S extends string> {
  name: string;
  to: S;
  because: string;
  permission?: PermissionKey;
}

/** A workflow's table, from its transitions (for documentation and the board's columns). */
export function defineWorkflow<R extends WorkflowRecord<S>, S extends string, T extends WorkflowTable>(
  def: WorkflowDef<R, S, T>,
): WorkflowDef<R, S, T> {
  for (const t of def.transitions) {
    for (const s of [...t.from, t.to]) {
      if (!def.states.includes(s))
        throw new Error(`workflow ${def.name}: transition ${t.name} names unknown state ${s}`);
    }
  }
  const names = def.transitions.map((t) => t.name);
  const repeated = names.find((n, i) => names.indexOf(n) !== i);
  if (repeated) throw new Error(`workflow ${def.name}: transition ${repeated} defined twice`);
  return def;
}

/** Whether `userId` passes the transition's rules on `record` (no rules: yes). */
function passesRules<R, S extends string>(t: TransitionDef<R, S>, record: R, userId: string | null): boolean {
  if (!t.who || t.who.length === 0) return true;
  return userId !== null && t.who.some((rule) => rule.test(record, userId));
}

function holdsKey<R, S extends string>(t: TransitionDef<R, S>, actor: Actor): boolean {
  return !t.permission || hasPermission(actor.permissions, t.permission);
}

/**
 * The transitions `actor` may take on `record` now, by the same table
 * `applyTransition` checks (state, key, rules). Transitions taken for another
 * user (a delegation) are not offered here: the module offers them where it
 * shows the delegated work.
 */
export function allowedTransitions<R extends WorkflowRecord<S>, S extends string>(
  def: WorkflowDef<R, S>,
  record: R,
  actor: Actor,
): AllowedTransition<S>[] {
  return def.transitions
    .filter(
      (t) =>
        !t.systemOnly && t.from.includes(record.status) && holdsKey(t, actor) && passesRules(t, record, actor.userId),
    )
    .map((t) => ({ name: t.name, to: t.route ? t.route(record).to : t.to, reason: t.reason ?? 'none' }));
}

/**
 * The transitions open from `record`'s state that `actor` may not take, with the reason, by the same checks
 * `allowedTransitions` makes: a missing key first (reported only when the workflow says `explainMissingKey`),
 * then the first failed rule. Job-only transitions are never reported.
 */
export function refusedTransitions<R extends WorkflowRecord<S>, S extends string>(
  def: WorkflowDef<R, S>,
  record: R,
  actor: Actor,
): RefusedTransition<S>[] {
  const out: RefusedTransition<S>[] = [];
  for (const t of def.transitions) {
    if (t.systemOnly || !t.from.includes(record.status)) continue;
    const to = t.route ? t.route(record).to : t.to;
    if (!holdsKey(t, actor)) {
      if (def.explainMissingKey)
        out.push({ name: t.name, to, because: 'missing_permission', permission: t.permission });
      continue;
    }
    if (!passesRules(t, record, actor.userId)) out.push({ name: t.name, to, because: t.who![0]!.name });
  }
  return out;
}

export interface ApplyTransition {
  recordId: string;
  /** The transition's name. */
  transition: string;
  /** The version the user saw; another change since answers 409 `stale_transition`. */
  version: number;
  reason?: string | null;
  /** Acting for this user (a delegation the workflow's `delegation` must confirm). */
  actingFor?: string | null;
  input?: Record<string, unknown>;
}

const refused = (code: 'transition_from_state' | 'transition_not_yours' | 'delegation_not_valid', params?: object) =>
  new AppError(403, 'transition_not_allowed', [
    params ? { field: 'transition', code, params: params as Record<string, unknown> } : { field: 'transition', code },
  ]);

/**
 * Moves one record along its workflow, in one transaction: locks the row
 * (`FOR UPDATE`), checks the version (409 `stale_transition` when someone
 * moved or edited it first), the transition (400 `validation` on `transition`
 * for an unknown name), the state (403 `transition_not_allowed`,
 * `transition_from_state` with `params.state`), the delegation (403,
 * `delegation_not_valid`), the key and the rules (403,
 * `transition_not_yours`; a `systemOnly` one for anyone but a system actor) and the reason (400 `validation`, `reason`
 * required); then runs `before`, writes the state, `set`'s columns, the new
 * version and a history row, and runs `after`. Any throw leaves nothing
 * written. Returns the record as written and its history row.
 */
export async function applyTransition<R extends WorkflowRecord<S>, S extends string>(
  db: Executor,
  def: WorkflowDef<R, S>,
  actor: Actor,
  call: ApplyTransition,
): Promise<{ record: R; history: WorkflowHistoryRow }> {
  return db.transaction(async (tx) => {
    const table = def.table;
    const [record] = (await tx
      .select()
      .from(table as PgTable)
      .where(eq(table.id, call.recordId))
      .for('update')) as R[];
    if (!record) throw notFound();
    if (record.version !== call.version) throw new AppError(409, 'stale_transition');
    const t = def.transitions.find((x) => x.name === call.transition);
    if (!t) throw invalidField('transition', 'invalid');
    if (!t.from.includes(record.status)) throw refused('transition_from_state', { state: record.status });

    const actingFor = call.actingFor ?? null;
    if (actingFor) {
      const allowed =
        actor.userId !== null && !!def.delegation && (await def.delegation(tx, actingFor, actor.userId, new Date()));
      if (!allowed) throw refused('delegation_not_valid');
    }
    const mayTake = t.systemOnly
      ? actor.system !== null && actor.userId === null
      : holdsKey(t, actor) && passesRules(t, record, actingFor ?? actor.userId);
    if (!mayTake) throw refused('transition_not_yours');

    const reason = call.reason?.trim() ? call.reason.trim() : null;
    if (t.reason === 'required' && !reason) throw invalidField('reason', 'required');

    const routed = t.route ? t.route(record) : { to: t.to };
    const ctx: TransitionContext<R, S> = {
      tx,
      record,
      actor,
      actingFor,
      transition: t.name,
      from: record.status,
      to: routed.to,
      skipped: routed.skipped ?? [],
      reason,
      input: call.input ?? {},
    };
    await t.before?.(ctx);
    const [written] = (await tx
      .update(table)
      .set({
        ...(t.set?.(ctx) ?? {}),
        status: ctx.to,
        version: sql`${table.version} + 1`,
        updatedAt: sql`now()`,
      } as never)
      // The version again: the row lock already keeps others out, this keeps a lost lock from writing over them.
      .where(and(eq(table.id, record.id), eq(table.version, record.version)))
      .returning()) as R[];
    if (!written) throw new AppError(409, 'stale_transition');
    const [history] = await tx
      .insert(workflowHistory)
      .values({
        workflow: def.name,
        recordId: record.id,
        transition: t.name,
        fromState: ctx.from,
        toState: ctx.to,
        skipped: ctx.skipped,
        actorId: actor.userId,
        actingForId: actingFor,
        system: actor.system,
        reason,
      })
      .returning();
    await t.after?.(ctx, history!);
    return { record: written, history: history! };
  });
}

/** A record's history, oldest first. */
export function workflowHistoryOf(db: Executor, workflow: string, recordId: string): Promise<WorkflowHistoryRow[]> {
  return db
    .select()
    .from(workflowHistory)
    .where(and(eq(workflowHistory.workflow, workflow), eq(workflowHistory.recordId, recordId)))
    .orderBy(asc(workflowHistory.id));
}
