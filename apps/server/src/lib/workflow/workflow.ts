import { asc, and, eq, getTableColumns, inArray, sql, type InferInsertModel, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { hasPermission, type PermissionKey } from '@amparo/shared/permissions';
import type { SettingKey, SettingValue } from '@amparo/shared/modules/settings.schema';
import type { WorkflowHistoryEntry, WorkflowStep } from '@amparo/shared/workflow';
import type { Executor, Tx } from '../../db/client.ts';
import type { Actor } from '../actor.ts';
import { AppError, invalidField, notFound } from '../errors.ts';
import { valueAt } from '../settings/settings.ts';
import type { WorkingTime } from '../working-time.ts';
import { delegationInForce, principalsOf, type Principal } from './delegations.ts';

export { principalsOf, type Principal } from './delegations.ts';
import { freshAlias, holdsSql, keysArray, keysAndHolders, nameSql, userSql, type WorkflowPeople } from './people.ts';
import { recordStageMove } from './stage-times.ts';
import { workflowHistory, type WorkflowHistoryRow } from './workflow.table.ts';

export type { WorkflowPeople } from './people.ts';

/**
 * Workflows as data (issue 12, decision 0010; second version issue 25 section 1, decision 0026). A workflow is
 * its states and its transitions; each transition says from which states it leaves, where it goes (or, for a
 * return, which earlier states it may go back to), who may take it (a permission key and/or rules that may read
 * the database, each with an optional SQL form), whether it needs a reason, whether it is an approval (no one
 * approves what they raised; a fallback when only the requester could), and what it writes besides the state
 * (hooks, in the same transaction). `applyTransition` is the only way a record changes state; it keeps the
 * history and the stage times. `allowedTransitions` answers, from the same table, which buttons a user gets,
 * including what they may do for whoever delegated to them; `inbox` and `nextActors` (inbox.ts) answer from the
 * rules' SQL forms, without loading records.
 */

/** The columns a workflow's table must have: id, status, version (optimistic lock) and updated_at. */
export type WorkflowTable = PgTable & { id: PgColumn; status: PgColumn; version: PgColumn; updatedAt: PgColumn };

/** A record as its workflow sees it: at least its id, state and version. */
export interface WorkflowRecord<S extends string = string> {
  id: string;
  status: S;
  version: number;
}

/** What a rule's `test` sees: the transaction, the record (as locked, in a transition), the user tested, the caller. */
export interface RuleContext<R> {
  tx: Executor;
  record: R;
  /** The user the rule is about: the caller, or the principal the caller acts for. */
  userId: string;
  actor: Actor;
}

/** What a rule's SQL form may use besides the user: the module's users relation (`WorkflowPeople`). */
export interface SqlRuleContext {
  people: WorkflowPeople;
}

/**
 * Who may take a transition besides holding its key: a named rule (`the requester`, `the requester's boss`, `a
 * holder of key X`). The name is what a refusal reports (`refused[].because`) and what the docs list. `test` may
 * be synchronous or not and may read the database; `sql(userId)` is the same rule as a boolean SQL condition over
 * the workflow table's columns (the inbox and `nextActors` use it). A rule with only `sql` is tested by running it
 * on the record's row; one of the two is required, and a rule of a transition the inbox or an approval's fallback
 * reads needs `sql` (defineWorkflow checks).
 */
export interface ActorRule<R> {
  name: string;
  test?: (ctx: RuleContext<R>) => boolean | Promise<boolean>;
  sql?: (userId: SQL, ctx: SqlRuleContext) => SQL;
}

/** A dated setting's value on a date ('YYYY-MM-DD', America/Guatemala; default today), `valueAt` in the transaction. */
export type SettingsReader = <K extends SettingKey>(key: K, date?: string) => Promise<SettingValue<K>>;

/** What `route` sees: the transaction, the record as locked, the transition's input, the caller and the settings. */
export interface RouteContext<R> {
  tx: Executor;
  record: R;
  input: Record<string, unknown>;
  actor: Actor;
  settings: SettingsReader;
}

/** What a hook sees: the transaction, the record as locked (before the change), and the call. */
export interface TransitionContext<R, S extends string> {
  tx: Tx;
  record: R;
  actor: Actor;
  /** The user the actor stands in for (a delegation in force), or null. */
  actingFor: string | null;
  transition: string;
  from: S;
  to: S;
  skipped: S[];
  reason: string | null;
  /** The earlier state a return goes back to (the caller's pick among `returnTo`), or null. */
  returnTo: S | null;
  /** The transition's own input (an assignee, a resolution), checked by the caller's contract. */
  input: Record<string, unknown>;
  settings: SettingsReader;
}

/**
 * The columns a transition's `set` may write besides the state (issue 25 section 1: typed by the table, so a
 * misspelt column fails to compile instead of being dropped); the state, version and updated_at are the workflow's.
 */
export type TransitionSet<T extends WorkflowTable> = Omit<
  Partial<InferInsertModel<T>>,
  'id' | 'status' | 'version' | 'updatedAt'
>;

/**
 * An approval (issue 25 section 1, no self-approval): the column naming who raised the record; the caller may
 * not take the transition when they are that user or act for them. `fallback` says where the record goes when
 * the only eligible approvers (key and rules, by their SQL) are the requester: `{ to }`, on to the next level
 * (the state is recorded as skipped), or `{ holders }`, the transition is also open to the holders of that key
 * (administration) while no one else is eligible. `because`: the name a refusal reports (default
 * `not_the_requester`).
 */
export interface ApprovalDef<S extends string> {
  requester: PgColumn;
  fallback: { to: S } | { holders: PermissionKey };
  because?: string;
}

export interface TransitionDef<R, S extends string, T extends WorkflowTable = WorkflowTable> {
  /** Stable name (`assign`, `resolve`): the API takes it, the history keeps it, the locales label it. */
  name: string;
  from: readonly S[];
  /** Where it goes; for a return, the default the answers show (the caller's `returnTo` decides). */
  to: S;
  /** A key the actor must hold (with its parents, `hasPermission`). */
  permission?: PermissionKey;
  /** Rules of which one must pass for the acting user (or the user they stand in for); none: the key decides. */
  who?: readonly ActorRule<R>[];
  /** No self-approval, with its fallback (see ApprovalDef). */
  approval?: ApprovalDef<S>;
  /** Taken only by a job or a script (a system actor, `systemActor`): never offered to users, refused to them. */
  systemOnly?: boolean;
  /** `required`: a transition refused without a non-blank reason (400, field `reason`). A return always needs one. */
  reason?: 'required' | 'optional';
  /**
   * The actual target and the states passed over, when it depends on the record, the input or dated
   * configuration (an amount band from `settings`). Defaults to `to`. `allowedTransitions` calls it with an empty
   * input to say where the button leads.
   */
  route?: (ctx: RouteContext<R>) => { to: S; skipped?: S[] } | Promise<{ to: S; skipped?: S[] }>;
  /**
   * The earlier states this transition may send the record back to; the caller picks one (`returnTo`). Of those on
   * the workflow's `path`, only the ones before the record's state are offered and accepted (issue 26 section 4:
   * back to any earlier stage, never forward), so one return serves every stage of a chain.
   */
  returnTo?: readonly S[];
  /**
   * For a return: removes (or voids into its register) what was written after the state returned to, and says
   * what (`{ removed: [{ kind, id, label }] }`), kept in the history row's `details`. Runs after the state is
   * written, before the history row.
   */
  onReturn?: (ctx: TransitionContext<R, S>, to: S) => Promise<Record<string, unknown> | void>;
  /** More columns of the record to write with the state (an assignee, a resolution date). */
  set?: (ctx: TransitionContext<R, S>) => TransitionSet<T>;
  /** Runs before the state changes, in the transaction: checks that need the database; throw an AppError to refuse. */
  before?: (ctx: TransitionContext<R, S>) => Promise<void>;
  /**
   * Runs after the state, the history row and the stage times are written, in the transaction: side records,
   * notifications queued. A throw undoes everything.
   */
  after?: (ctx: TransitionContext<R, S>, history: WorkflowHistoryRow) => Promise<void>;
}

/** How a workflow's records show in an inbox: a title and a web path, SQL over the workflow table's columns. */
export interface InboxDef {
  /**
   * What names a record in an inbox, as the params of the web's sentence `common:workflow.inbox.titles.<workflow>`
   * ('POA {{year}}'): a column or SQL each, read as text. No sentence is built on the server (architecture rule 8).
   */
  title: Record<string, PgColumn | SQL>;
  href: SQL<string>;
  /** The transitions that mean "waiting for you" (an approval); default every transition users take. */
  transitions?: readonly string[];
}

export interface WorkflowDef<R extends WorkflowRecord<S>, S extends string, T extends WorkflowTable = WorkflowTable> {
  /** The history's `workflow` value (`support_ticket`). */
  name: string;
  table: T;
  states: readonly S[];
  transitions: readonly TransitionDef<R, S, T>[];
  /** The users the rules' SQL forms, delegations and names read (the users module's `workflowPeople`). */
  people: WorkflowPeople;
  /**
   * Whether `refusedTransitions` also reports the transitions a user lacks the key for (issue 24 section 6,
   * item 6). Yes where everyone who opens the record takes part in its workflow (a year's plan: planners and
   * approvers); no where most readers are outsiders to some moves (a ticket's requester is not support staff),
   * so they are not shown a row of buttons they will never have. Rule refusals are always reported.
   */
  explainMissingKey?: boolean;
  /** The record's calendar, for the working minutes of its stage times; without it none are counted. */
  workingTime?: (tx: Executor, record: R) => Promise<WorkingTime>;
  /** How the records show in `GET /api/workflow/inbox`; without it the workflow has no inbox entries. */
  inbox?: InboxDef;
  /**
   * A timestamp column of the table the library sets to now() at every transition: when the record entered its
   * state, on the row itself, so a module's inbox orders and pages by it through an index instead of joining the
   * stage times of every waiting record (issue 26 section 5's benchmark).
   */
  enteredAt?: PgColumn;
  /** The main line of states the web's Stepper draws (`workflowSteps`); default `states`. */
  path?: readonly S[];
}

/** One transition a user may take now (what the web draws as a button or a drop target). */
export interface AllowedTransition<S extends string> {
  name: string;
  to: S;
  reason: 'required' | 'optional' | 'none';
  returnTo?: S[];
  /** Offered through a delegation: whom the caller would act for. */
  actingFor?: { id: string; name: string };
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

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDef = WorkflowDef<any, any, any>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyTransition = TransitionDef<any, any, any>;

/** The transitions an inbox reads: the declared ones, or every one users take. */
export const inboxTransitions = (def: AnyDef): AnyTransition[] =>
  def.transitions.filter(
    (t: AnyTransition) => !t.systemOnly && (!def.inbox?.transitions || def.inbox.transitions.includes(t.name)),
  );

/**
 * Checks a workflow's table and returns it: every state named is one of `states` (`from`, `to`, `returnTo`,
 * a fallback's `to`), no transition name twice, every rule has a `test` or `sql`, and the rules of an approval
 * and of the inbox's transitions have their SQL form. Throws an Error (a programming fault) otherwise.
 */
export function defineWorkflow<R extends WorkflowRecord<S>, S extends string, T extends WorkflowTable>(
  def: WorkflowDef<R, S, T>,
): WorkflowDef<R, S, T> {
  const fail = (message: string) => {
    throw new Error(`workflow ${def.name}: ${message}`);
  };
  const inbox = new Set(def.inbox ? inboxTransitions(def).map((t) => t.name) : []);
  for (const t of def.transitions) {
    const fallbackTo = t.approval && 'to' in t.approval.fallback ? [t.approval.fallback.to] : [];
    for (const s of [...t.from, t.to, ...(t.returnTo ?? []), ...fallbackTo, ...(def.path ?? [])]) {
      if (!def.states.includes(s)) fail(`transition ${t.name} names unknown state ${s}`);
    }
    for (const rule of t.who ?? []) {
      if (!rule.test && !rule.sql) fail(`rule ${rule.name} has neither test nor sql`);
      if ((t.approval || inbox.has(t.name)) && !rule.sql) fail(`rule ${rule.name} of ${t.name} needs its sql form`);
    }
    if (t.onReturn && !t.returnTo) fail(`transition ${t.name} has onReturn without returnTo`);
  }
  const names = def.transitions.map((t) => t.name);
  const repeated = names.find((n, i) => names.indexOf(n) !== i);
  if (repeated) fail(`transition ${repeated} defined twice`);
  return def;
}

// ---------------------------------------------------------------------------------------------- rule helpers

/**
 * A rule: `userId` is an active holder of `key` (with its parent keys), read from the module's users relation
 * (`WorkflowPeople`), so it holds for a principal the caller acts for as well. SQL form only (tested on the row).
 * Users have no headquarter yet, so there is no `atHeadquarter` option: a module whose holders are per
 * headquarter writes that rule itself when users get one.
 */
export function holdersOf<R>(key: PermissionKey): ActorRule<R> {
  return { name: `holder_of_${key}`, sql: (userId, { people }) => holdsSql(people, userId, key) };
}

/** The property of `column` in its table's rows (`requested_by` → `requestedBy`). */
function propertyOf(column: PgColumn): string {
  const entry = Object.entries(getTableColumns(column.table)).find(([, c]) => c === column);
  if (!entry) throw new Error(`column ${column.name} is not in its table`);
  return entry[0];
}

/**
 * A rule: `userId` is not the user in `column` (the requester, the submitter); a null column passes. Sync test
 * on the record and the same as SQL. `name` is what a refusal reports (default `not_the_requester`).
 */
export function notRequester<R>(column: PgColumn, name = 'not_the_requester'): ActorRule<R> {
  const key = propertyOf(column);
  return {
    name,
    test: ({ record, userId }) => (record as Record<string, unknown>)[key] !== userId,
    sql: (userId) => sql`${column} is distinct from ${userId}`,
  };
}

/**
 * A rule: `userId` is the user in `column` (the requester, the assignee). Sync test on the record and the same as
 * SQL; `name` is what a refusal reports.
 */
export function userIn<R>(column: PgColumn, name: string): ActorRule<R> {
  const key = propertyOf(column);
  return {
    name,
    test: ({ record, userId }) => (record as Record<string, unknown>)[key] === userId,
    sql: (userId) => sql`${column} = ${userId}`,
  };
}

/**
 * A rule: `userId` shares the workgroup of the user in `column` (issue 26 section 4: the requester's boss by
 * workgroup), read from the module's users relation (`grp`). A requester without a workgroup passes for anyone
 * (the key alone decides); a null column fails. SQL form only (tested on the row). `name`: the refusal's.
 */
export function sameGroupAs<R>(column: PgColumn, name = 'same_workgroup'): ActorRule<R> {
  return {
    name,
    // The set of users sharing `userId`'s workgroup (or without one) does not depend on the row: for a given user
    // PostgreSQL builds it once per statement (a hashed subplan) and each row only probes it, so an inbox over
    // thousands of requests pays no users lookup per row (issue 26's benchmark).
    sql: (userId, { people }) => {
      const a = freshAlias();
      const b = freshAlias();
      return sql`${column} in (select ${b}.user_id from ${people.relation} ${b} where ${b}.grp is null
        or ${b}.grp = (select ${a}.grp from ${people.relation} ${a} where ${a}.user_id = ${userId}))`;
    },
  };
}

/**
 * A rule: the record's `column` holds one of `values` (a state, a flag the record carries such as "needs a
 * superior approval"), whoever asks. Sync test on the record and the same as SQL. `name`: the refusal's.
 */
export function columnIn<R>(column: PgColumn, values: readonly (string | boolean)[], name: string): ActorRule<R> {
  const key = propertyOf(column);
  return {
    name,
    test: ({ record }) => values.includes((record as Record<string, unknown>)[key] as string | boolean),
    sql: () =>
      sql`${column} in (${sql.join(
        values.map((v) => sql`${v}`),
        sql`, `,
      )})`,
  };
}

/**
 * A rule that passes when every one of `rules` passes (the transition's `who` passes when any rule does): "a
 * holder of the boss key in the requester's workgroup, while the request is at the boss's stage". Every rule
 * needs its SQL form; the test runs the rules' tests, and the SQL of those without one, in order.
 */
export function allOf<R>(name: string, ...rules: readonly ActorRule<R>[]): ActorRule<R> {
  if (!rules.length || rules.some((r) => !r.sql)) throw new Error(`allOf(${name}): every rule needs its SQL form`);
  return {
    name,
    sql: (userId, ctx) =>
      sql`(${sql.join(
        rules.map((r) => r.sql!(userId, ctx)),
        sql` and `,
      )})`,
  };
}

/**
 * SQL text made of literal strings and columns of the workflow's table, joined (`textOf('/support/tickets/',
 * supportTickets.id)`): an inbox's title and href without the module writing SQL (only repositories speak
 * drizzle). A null column gives ''.
 */
export function textOf(...parts: readonly (string | PgColumn)[]): SQL<string> {
  return sql<string>`(${sql.join(
    parts.map((p) => (typeof p === 'string' ? sql`${p}::text` : sql`coalesce(${p}::text, '')`)),
    sql` || `,
  )})`;
}

// ---------------------------------------------------------------------------------------------- checks

const settingsOf =
  (tx: Executor): SettingsReader =>
  (key, date) =>
    valueAt(tx, key, date);

/** SQL: the record's row passes `condition`. */
async function rowPasses(tx: Executor, def: AnyDef, recordId: string, condition: SQL): Promise<boolean> {
  const rows = await tx.execute(
    sql`select 1 from ${def.table} where ${def.table.id} = ${recordId}::uuid and (${condition})`,
  );
  return rows.rows.length > 0;
}

/** The key and rules of `t` for `userId`: null when they pass, else why not (`missing_permission` or a rule's name). */
async function keyAndRules(
  tx: Executor,
  def: AnyDef,
  t: AnyTransition,
  record: WorkflowRecord,
  actor: Actor,
  userId: string | null,
): Promise<string | null> {
  if (t.permission) {
    const holds =
      userId !== null && userId !== actor.userId
        ? await rowPasses(tx, def, record.id, holdsSql(def.people, userId, t.permission))
        : hasPermission(actor.permissions, t.permission);
    if (!holds) return 'missing_permission';
  }
  if (!t.who || t.who.length === 0) return null;
  if (userId === null) return t.who[0]!.name;
  // The rules with a test run here; those with only their SQL form are asked together, in one statement.
  const asked: SQL[] = [];
  for (const rule of t.who) {
    if (!rule.test) asked.push(rule.sql!(userSql(userId), { people: def.people }));
    else if (await rule.test({ tx, record, userId, actor })) return null;
  }
  if (asked.length && (await rowPasses(tx, def, record.id, sql.join(asked, sql` or `)))) return null;
  return t.who[0]!.name;
}

/** SQL: `userId` holds `t`'s key and passes one of its rules (no approval, no state). */
export function keyAndRulesSql(def: AnyDef, t: AnyTransition, userId: SQL, keyKnown = false): SQL {
  const parts: SQL[] = [];
  if (t.permission && !keyKnown) parts.push(holdsSql(def.people, userId, t.permission));
  if (t.who?.length) {
    parts.push(
      sql`(${sql.join(
        t.who.map((r: ActorRule<unknown>) => {
          if (!r.sql) throw new Error(`workflow ${def.name}: rule ${r.name} has no sql form`);
          return sql`(${r.sql(userId, { people: def.people })})`;
        }),
        sql` or `,
      )})`,
    );
  }
  if (!parts.length) return sql`true`;
  return sql.join(parts, sql` and `);
}

/** SQL: some active user other than the requester passes `t`'s key and rules on the row (an eligible approver). */
function eligibleApproverSql(def: AnyDef, t: AnyTransition): SQL {
  const p = freshAlias();
  return sql`exists (select 1 from ${def.people.relation} ${p} where ${p}.active and ${p}.user_id is distinct from ${t.approval!.requester} and ${keyAndRulesSql(def, t, sql`${p}.user_id`)})`;
}

/**
 * SQL: the approval `t` waits only on the requester: they pass its key and rules, and no one else does. Only then
 * does the fallback apply (issue 26 section 4: "where the requester is the only eligible approver"); a transition
 * whose rules the record fails for everyone (a stage the amount band skips, a payment a purchase order may not take
 * yet) is not open to the fallback's holders.
 */
function onlyRequesterSql(def: AnyDef, t: AnyTransition): SQL {
  const p = freshAlias();
  const requesterPasses = sql`exists (select 1 from ${def.people.relation} ${p} where ${p}.active and ${p}.user_id = ${t.approval!.requester} and ${keyAndRulesSql(def, t, sql`${p}.user_id`)})`;
  return sql`(${requesterPasses} and not ${eligibleApproverSql(def, t)})`;
}

/**
 * `onlyRequesterSql` when the active holders of `t`'s key are known (`candidates`, `KnownHolds.requesters`): the
 * requester is one of them and passes the rules, and no other one does. No users relation is read for it (the
 * rules may read it), so an inbox statement stays small to plan and cheap per row.
 */
function onlyRequesterAmongSql(def: AnyDef, t: AnyTransition, candidates: readonly string[]): SQL {
  const req = t.approval!.requester;
  const list = sql`${keysArray(candidates)}::uuid[]`;
  const o = freshAlias('wfo');
  return sql`(${req} = any(${list}) and ${keyAndRulesSql(def, t, sql`${req}`, true)}
    and not exists (select 1 from unnest(${list}) ${o}(user_id) where ${o}.user_id is distinct from ${req}
      and ${keyAndRulesSql(def, t, sql`${o}.user_id`, true)}))`;
}

/** Of the approvals `ts`, those whose only eligible approver on the row is its requester, asked in one statement. */
export async function onlyRequesterOf(tx: Executor, def: AnyDef, recordId: string, ts: readonly AnyTransition[]) {
  if (!ts.length) return [];
  const columns = ts.map((t, i) => sql`${onlyRequesterSql(def, t)} as ${sql.raw(`s${i}`)}`);
  const rows = await tx.execute<Record<string, boolean>>(
    sql`select ${sql.join(columns, sql`, `)} from ${def.table} where ${def.table.id} = ${recordId}::uuid`,
  );
  return ts.filter((_, i) => rows.rows[0]?.[`s${i}`] === true);
}

/**
 * What one user holds for one transition, read once (`knownHolds`) so the per-row SQL need not ask it for every
 * row: the transition's key, and its approval's fallback key.
 */
export interface KnownHolds {
  key: boolean;
  fallback: boolean;
  /**
   * When the user holds the fallback key and the transition has a key: the active holders of that key, the only
   * requesters the fallback can apply to (it needs the requester to pass the key). Each row then asks first
   * whether its requester is one of them (usually no one is) before the costly "only the requester" test.
   */
  requesters?: readonly string[];
}

/** What a caller of `mayTakeSql` already knows, so the SQL need not ask it per row (or per user). */
export interface MayTakeOptions {
  /** Who acts, when `userId` is a principal acted for: they must not be the requester either. */
  actorId?: SQL;
  /** `userId`'s keys for the transition (`knownHoldsAll`). */
  known?: KnownHolds;
  /** Every row tested is in this state (the caller filters it): a transition leaving it asks no state. */
  atState?: string;
  /** On the one row tested, whether only the requester could take the approval (`onlyRequesterOf`). */
  onlyRequester?: boolean;
}

/**
 * SQL over the workflow table's row: `userId` may take `t` now by the table (the state, the key, the rules, the
 * approval's requester and fallback). Needs every rule's SQL form. With `options.known` (the user's keys), the
 * keys are not asked per row, and the parts they rule out are left out (an inbox over many rows); with
 * `options.onlyRequester`, the fallback's condition is that answer, not a query per user (the next approvers of
 * one record).
 */
export function mayTakeSql(def: AnyDef, t: AnyTransition, userId: SQL, options: MayTakeOptions = {}): SQL {
  const { actorId, known, atState, onlyRequester } = options;
  // A caller reading the rows of one state it knows `t` leaves from needs no state test (nor its misleading
  // estimate: PostgreSQL multiplies the two tests' selectivities and reads the whole state by bitmap).
  const state =
    atState !== undefined && (t.from as readonly string[]).includes(atState)
      ? sql`true`
      : sql`${def.table.status} in (${sql.join(
          t.from.map((s: string) => sql`${s}`),
          sql`, `,
        )})`;
  const normal = known && !known.key ? sql`false` : keyAndRulesSql(def, t, userId, !!known);
  if (!t.approval) return sql`(${state} and ${normal})`;
  const req = t.approval.requester;
  const notReq = sql`${userId} is distinct from ${req}${actorId ? sql` and ${actorId} is distinct from ${req}` : sql``}`;
  const fb = t.approval.fallback;
  const candidates = known?.requesters;
  const open =
    'holders' in fb && (!known || known.fallback) && (!candidates || candidates.length) && onlyRequester !== false;
  const fallback = open
    ? sql` or (${known ? sql`true` : holdsSql(def.people, userId, fb.holders)} and ${
        onlyRequester ? sql`true` : candidates ? onlyRequesterAmongSql(def, t, candidates) : onlyRequesterSql(def, t)
      })`
    : sql``;
  return sql`(${state} and ${notReq} and (${normal}${fallback}))`;
}

/**
 * `userId`'s keys for each of `ts` (its key and its approval's fallback key), decided here by `hasPermission` on
 * the user's keys (an inactive or unknown user holds none), with, where the user holds a fallback key, the active
 * holders of that transition's key (`KnownHolds.requesters`): all read in one statement.
 */
export async function knownHoldsAll(
  db: Executor,
  def: AnyDef,
  ts: readonly AnyTransition[],
  userId: string,
): Promise<KnownHolds[]> {
  if (!ts.length) return [];
  const asked = ts.map((t) => {
    const fb = t.approval?.fallback;
    return fb && 'holders' in fb && t.permission ? { key: t.permission, when: fb.holders } : undefined;
  });
  const { keys, holders } = await keysAndHolders(db, def.people, userId, asked);
  return ts.map((t, i) => {
    const fb = t.approval?.fallback;
    const fallback = !!fb && 'holders' in fb && hasPermission(keys, fb.holders);
    const requesters = fallback ? holders[i] : undefined;
    return { key: !t.permission || hasPermission(keys, t.permission), fallback, ...(requesters ? { requesters } : {}) };
  });
}

/**
 * Why `userId` (the caller, or the principal they act for) may not take `t` on `record`, or null when they may:
 * the key, the rules, then the approval (neither the caller nor the principal is the requester; a holder of the
 * fallback key when the requester is the only one eligible).
 */
async function whyNot(
  tx: Executor,
  def: AnyDef,
  t: AnyTransition,
  record: WorkflowRecord,
  actor: Actor,
  actingFor: string | null,
): Promise<string | null> {
  const userId = actingFor ?? actor.userId;
  // The requester is refused whatever else they hold: asked first, it spares the key and rules' queries.
  if (t.approval) {
    const requester = (record as unknown as Record<string, unknown>)[propertyOf(t.approval.requester)] ?? null;
    if (requester !== null && (requester === actor.userId || requester === actingFor))
      return t.approval.because ?? 'not_the_requester';
  }
  const failed = await keyAndRules(tx, def, t, record, actor, userId);
  if (!t.approval || !failed) return failed;
  const fb = t.approval.fallback;
  // The caller's own keys are known: one without the fallback key needs no query to be refused it.
  const mayHold = !('holders' in fb) || userId !== actor.userId || hasPermission(actor.permissions, fb.holders);
  if ('holders' in fb && userId !== null && mayHold) {
    const ok = await rowPasses(
      tx,
      def,
      record.id,
      sql`${holdsSql(def.people, userId, fb.holders)} and ${onlyRequesterSql(def, t)}`,
    );
    if (ok) return null;
  }
  return failed;
}

/**
 * Where a button leads, for the answers: the route with an empty input. A route that cannot decide without its
 * input (or a setting missing today) shows the transition's declared `to`; `applyTransition` decides for real.
 */
async function targetOf(tx: Executor, t: AnyTransition, record: WorkflowRecord, actor: Actor) {
  if (!t.route) return { to: t.to as string };
  try {
    return await t.route({ tx, record, input: {}, actor, settings: settingsOf(tx) });
  } catch {
    return { to: t.to as string };
  }
}

/**
 * The states a return may go back to from `state`: its `returnTo`, less those on the path at or after `state`
 * (a state off the path, or a record off it, keeps them all).
 */
export function returnTargets<S extends string>(def: AnyDef, t: AnyTransition, state: S): S[] {
  const path: readonly string[] = def.path ?? def.states;
  const at = path.indexOf(state);
  return ((t.returnTo ?? []) as S[]).filter((s) => at < 0 || !path.includes(s) || path.indexOf(s) < at);
}

const offered = (def: AnyDef, t: AnyTransition, state: string, to: string): AllowedTransition<string> => ({
  name: t.name,
  to,
  reason: t.returnTo ? 'required' : (t.reason ?? 'none'),
  ...(t.returnTo ? { returnTo: returnTargets(def, t, state) } : {}),
});

/**
 * The transitions `actor` may take on `record` now, by the same table `applyTransition` checks (state, key,
 * rules, approval), in the table's order: first their own, then, for each user who delegated to them in force
 * now (`workflow_delegations`, by name), what that user may take and the caller may not take themselves, with
 * `actingFor` (id, name). A return lists its `returnTo` states and always asks a reason. `options.principals`:
 * the caller's principals read once (`principalsOf`) for a list that asks for many records.
 */
export async function allowedTransitions<R extends WorkflowRecord<S>, S extends string>(
  db: Executor,
  def: WorkflowDef<R, S>,
  record: R,
  actor: Actor,
  options: { principals?: readonly Principal[] } = {},
): Promise<AllowedTransition<S>[]> {
  return (await transitionsFor(db, def, record, actor, { ...options, refused: false })).allowed;
}

/**
 * The transitions open from `record`'s state that `actor` may not take themselves, with the reason, by the same
 * checks `allowedTransitions` makes: a missing key first (reported only when the workflow says
 * `explainMissingKey`), then the first failed rule, then the approval's. Job-only transitions are never reported.
 */
export async function refusedTransitions<R extends WorkflowRecord<S>, S extends string>(
  db: Executor,
  def: WorkflowDef<R, S>,
  record: R,
  actor: Actor,
): Promise<RefusedTransition<S>[]> {
  return (await transitionsFor(db, def, record, actor, { delegated: false })).refused;
}

/**
 * Both answers of a record's page at once, each transition checked once: `allowed` as `allowedTransitions` gives
 * it (with what the caller may take for a principal), `refused` as `refusedTransitions` does. `options.refused:
 * false` leaves `refused` empty, `options.delegated: false` leaves the principals out of `allowed`.
 */
export async function transitionsFor<R extends WorkflowRecord<S>, S extends string>(
  db: Executor,
  def: WorkflowDef<R, S>,
  record: R,
  actor: Actor,
  options: { principals?: readonly Principal[]; refused?: boolean; delegated?: boolean } = {},
): Promise<{ allowed: AllowedTransition<S>[]; refused: RefusedTransition<S>[] }> {
  const open = def.transitions.filter((t) => !t.systemOnly && t.from.includes(record.status));
  const allowed: AllowedTransition<string>[] = [];
  const refused: RefusedTransition<string>[] = [];
  const own = new Set<string>();
  const targets = new Map<string, string>();
  const target = async (t: AnyTransition) => {
    if (!targets.has(t.name)) targets.set(t.name, (await targetOf(db, t, record, actor)).to);
    return targets.get(t.name)!;
  };
  for (const t of open) {
    const because = await whyNot(db, def, t, record, actor, null);
    if (because === null) {
      own.add(t.name);
      allowed.push(offered(def, t, record.status, await target(t)));
    } else if (options.refused !== false && (because !== 'missing_permission' || def.explainMissingKey)) {
      refused.push({
        name: t.name,
        to: (await target(t)) as S,
        because,
        ...(because === 'missing_permission' ? { permission: t.permission } : {}),
      });
    }
  }
  if (options.delegated !== false && actor.userId && open.some((t) => !own.has(t.name))) {
    for (const p of options.principals ?? (await principalsOf(db, def.people, actor.userId, def.name))) {
      for (const t of open) {
        if (own.has(t.name) || (await whyNot(db, def, t, record, actor, p.id)) !== null) continue;
        allowed.push({ ...offered(def, t, record.status, await target(t)), actingFor: p });
      }
    }
  }
  return { allowed: allowed as AllowedTransition<S>[], refused: refused as RefusedTransition<S>[] };
}

export interface ApplyTransition {
  recordId: string;
  /** The transition's name. */
  transition: string;
  /** The version the user saw; another change since answers 409 `stale_transition`. */
  version: number;
  reason?: string | null;
  /** For a return: the earlier state picked among the transition's `returnTo`. */
  returnTo?: string | null;
  /** Acting for this user (a delegation in force to the caller, `workflow_delegations`). */
  actingFor?: string | null;
  input?: Record<string, unknown>;
}

const refused = (code: 'transition_from_state' | 'transition_not_yours' | 'delegation_not_valid', params?: object) =>
  new AppError(403, 'transition_not_allowed', [
    params ? { field: 'transition', code, params: params as Record<string, unknown> } : { field: 'transition', code },
  ]);

/**
 * Moves one record along its workflow, in one transaction: locks the row (`FOR UPDATE`), checks the version
 * (409 `stale_transition` when someone moved or edited it first), the transition (400 `validation` on
 * `transition` for an unknown name), the state (403 `transition_not_allowed`, `transition_from_state` with
 * `params.state`), the delegation (403, `delegation_not_valid`: no row of `workflow_delegations` in force from
 * `actingFor` to the caller), the key, the rules and the approval, on the principal when acting for one (403,
 * `transition_not_yours`; a `systemOnly` one for anyone but a system actor), the return (400 `validation` on
 * `returnTo`: `required` when missing, `invalid` when not one of the transition's, or given to a transition that
 * is no return) and the reason (400 `validation`, `reason` required; always for a return). Then it routes (the
 * transition's `route`, with input and dated settings), runs `before`, writes the state, `set`'s columns, the
 * new version, runs `onReturn`, applies an approval's fallback when the state reached has no eligible approver
 * but the requester (on to `fallback.to`, recorded as skipped; or open to `fallback.holders`), writes a history
 * row (with `details`), closes and opens the stage times, and runs `after`. Any throw leaves nothing written.
 * Returns the record as written and its history row.
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
        actor.userId !== null &&
        actingFor !== actor.userId &&
        (await delegationInForce(tx, actingFor, actor.userId, def.name));
      if (!allowed) throw refused('delegation_not_valid');
    }
    const mayTake = t.systemOnly
      ? actor.system !== null && actor.userId === null
      : actor.userId !== null && (await whyNot(tx, def, t, record, actor, actingFor)) === null;
    if (!mayTake) throw refused('transition_not_yours');

    let returnTo: S | null = null;
    if (t.returnTo) {
      if (!call.returnTo) throw invalidField('returnTo', 'required');
      if (!returnTargets(def, t, record.status).includes(call.returnTo as S)) throw invalidField('returnTo', 'invalid');
      returnTo = call.returnTo as S;
    } else if (call.returnTo) throw invalidField('returnTo', 'invalid');

    const reason = call.reason?.trim() ? call.reason.trim() : null;
    if ((t.reason === 'required' || t.returnTo) && !reason) throw invalidField('reason', 'required');

    const input = call.input ?? {};
    const settings = settingsOf(tx);
    const routed = returnTo
      ? { to: returnTo }
      : t.route
        ? await t.route({ tx, record, input, actor, settings })
        : { to: t.to };
    const ctx: TransitionContext<R, S> = {
      tx,
      record,
      actor,
      actingFor,
      transition: t.name,
      from: record.status,
      to: routed.to,
      skipped: [...(routed.skipped ?? [])],
      reason,
      returnTo,
      input,
      settings,
    };
    await t.before?.(ctx);
    let [written] = (await tx
      .update(table)
      .set({
        ...(t.set?.(ctx) ?? {}),
        status: ctx.to,
        version: sql`${table.version} + 1`,
        updatedAt: sql`now()`,
        ...(def.enteredAt ? { [propertyOf(def.enteredAt)]: sql`now()` } : {}),
      } as never)
      // The version again: the row lock already keeps others out, this keeps a lost lock from writing over them.
      .where(and(eq(table.id, record.id), eq(table.version, record.version)))
      .returning()) as R[];
    if (!written) throw new AppError(409, 'stale_transition');
    let details: Record<string, unknown> | null = null;
    if (t.onReturn && returnTo) details = (await t.onReturn(ctx, returnTo)) ?? null;

    // No self-approval: a state whose approval only the requester could take moves on, or opens to the fallback.
    const fallbacks: Record<string, unknown>[] = [];
    for (let hops = 0; hops < def.states.length; hops++) {
      const stuck = await onlyRequesterOf(
        tx,
        def,
        record.id,
        def.transitions.filter((x) => x.approval && x.from.includes(ctx.to)),
      );
      const onward = stuck.find((a) => 'to' in a.approval!.fallback);
      for (const a of stuck.filter((x) => x !== onward && 'holders' in x.approval!.fallback))
        fallbacks.push({
          transition: a.name,
          state: ctx.to,
          holders: (a.approval!.fallback as { holders: string }).holders,
        });
      if (!onward) break;
      const next = (onward.approval!.fallback as { to: S }).to;
      fallbacks.push({ transition: onward.name, state: ctx.to, to: next });
      ctx.skipped.push(ctx.to);
      ctx.to = next;
      [written] = (await tx
        .update(table)
        .set({ status: next } as never)
        .where(eq(table.id, record.id))
        .returning()) as R[];
    }
    if (fallbacks.length) details = { ...(details ?? {}), fallback: fallbacks.length === 1 ? fallbacks[0] : fallbacks };

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
        details,
      })
      .returning();
    const createdAt = (record as unknown as { createdAt?: unknown }).createdAt;
    await recordStageMove(tx, {
      workflow: def.name,
      recordId: record.id,
      from: ctx.from,
      to: ctx.to,
      transition: t.name,
      at: history!.at,
      createdAt: createdAt instanceof Date ? createdAt : null,
      workingTime: def.workingTime ? await def.workingTime(tx, record) : null,
    });
    await t.after?.(ctx, history!);
    return { record: written!, history: history! };
  });
}

/** A record's history rows, oldest first. */
export function workflowHistoryOf(db: Executor, workflow: string, recordId: string): Promise<WorkflowHistoryRow[]> {
  return db
    .select()
    .from(workflowHistory)
    .where(and(eq(workflowHistory.workflow, workflow), eq(workflowHistory.recordId, recordId)))
    .orderBy(asc(workflowHistory.id));
}

/**
 * A record's history as the answers carry it (`workflowHistoryEntry`, packages/shared/src/workflow.ts), oldest
 * first: the move, its states, the skipped states, the actor's and principal's names (the workflow's people), a
 * job's name, the reason, the details and the instant (ISO).
 */
export async function historyEntries(db: Executor, def: AnyDef, recordId: string): Promise<WorkflowHistoryEntry[]> {
  return (await historyEntriesOf(db, def, [recordId])).get(recordId) ?? [];
}

/**
 * The histories of many records of `def` in one query (a list's rows), as `historyEntries` gives each: by record
 * id, oldest first; a record without moves has an empty list.
 */
export async function historyEntriesOf(
  db: Executor,
  def: AnyDef,
  recordIds: readonly string[],
): Promise<Map<string, WorkflowHistoryEntry[]>> {
  const out = new Map<string, WorkflowHistoryEntry[]>(recordIds.map((id) => [id, []]));
  if (!recordIds.length) return out;
  const h = workflowHistory;
  const rows = await db
    .select({
      entry: h,
      actorName: nameSql(def.people, sql`${h.actorId}`),
      actingForName: nameSql(def.people, sql`${h.actingForId}`),
    })
    .from(h)
    .where(and(eq(h.workflow, def.name), inArray(h.recordId, [...new Set(recordIds)])))
    .orderBy(asc(h.id));
  for (const { entry: e, actorName, actingForName } of rows)
    out.get(e.recordId)?.push({
      transition: e.transition,
      from: e.fromState,
      to: e.toState,
      skipped: e.skipped,
      actorName,
      actingForName,
      system: e.system,
      reason: e.reason,
      details: e.details ?? null,
      at: e.at.toISOString(),
    });
  return out;
}

/**
 * The record's path as the web's Stepper draws it: each state of the workflow's `path` (default `states`) up to
 * the current one is `completed` (reached before) or `skipped` (passed over and never reached), the current one
 * `current`, the later ones `pending`. A state off the path (a rejection) shows as the current step at the end.
 */
export function workflowSteps(
  def: AnyDef,
  status: string,
  history: Pick<WorkflowHistoryEntry, 'from' | 'to' | 'skipped'>[],
): WorkflowStep[] {
  const path: string[] = [...(def.path ?? def.states)];
  // A state left is a state reached: the record's first state is in no `to`, only in its first move's `from`.
  const reached = new Set(history.flatMap((e) => [e.from, e.to]));
  const skipped = new Set(history.flatMap((e) => e.skipped));
  const at = path.indexOf(status);
  const steps = path.map((state, i): WorkflowStep => {
    if (state === status) return { state, status: 'current' };
    if (at !== -1 && i > at) return { state, status: 'pending' };
    if (at === -1 && !reached.has(state) && !skipped.has(state)) return { state, status: 'pending' };
    return { state, status: skipped.has(state) && !reached.has(state) ? 'skipped' : 'completed' };
  });
  if (at === -1) steps.push({ state: status, status: 'current' });
  return steps;
}
