import type { FieldError } from '@amparo/shared/errors';
import { hasPermission } from '@amparo/shared/permissions';
import { Money, money, moneyString, parseMoney } from '@amparo/shared/money';
import type { UserActor } from '../../../lib/actor.ts';
import type { Executor } from '../../../db/client.ts';
import { writeAudits } from '../../../lib/audit.ts';
import { AppError } from '../../../lib/errors.ts';
import * as cooperating from '../../cooperating/cooperating.service.ts';
import type { ItemTerms } from '../../cooperating/cooperating.service.ts';
import * as repo from '../assignment/assignment.repository.ts';
import * as plans from '../plan/plan.service.ts';
import { commitParts, heldParts, type ItemPart } from './allocation.ts';

/*
 * The one budget call of the spending modules (issue 25 section 2, decision 0019 as amended): expense requests,
 * their liquidation, contracts and personnel execution call `commit`, `release` and `execute` in their own
 * transaction, and nothing else writes `budget_commitments`. Each call takes every lock it needs in one order
 * (the lines by id, then the cooperatings by id: the order of every budget write, so two writers never deadlock),
 * runs the availability control for every cell it adds to, and writes the ledger rows. There is no way to commit
 * without the check.
 */

/** A draw on a planning line's month (Q, 2 decimals, > 0; an `execute` may be negative: a reversal). */
export interface SpendCell {
  lineId: string;
  month: number;
  amount: string;
  /** The cooperating item that pays; absent: the allocation rule (allocation.ts) chooses the items. */
  itemId?: string | null;
}

/** The document the rows come from: `expense_request` and its id. */
export interface SpendSource {
  type: string;
  id: string;
}

/** Over the available amount: `confirmWarning` lets a warn control through; `override` a stop one (asignacion_liberacion). */
export interface SpendOptions {
  confirmWarning?: boolean;
  override?: { reason: string } | null;
}

/** A ledger row written (Q, signed as stored: a release is negative). */
export interface SpentRow {
  lineId: string;
  itemId: string;
  month: number;
  kind: 'commit' | 'release' | 'execute';
  amount: string;
}

export interface SpendResult {
  /** `ok` within the available amounts; `warned` / `overridden` when an excess was let through (recorded). */
  outcome: 'ok' | 'warned' | 'overridden';
  rows: SpentRow[];
}

type Kind = 'commit' | 'release' | 'execute';

/**
 * Commits `cells` for `source` (an open request): every cell's amount must fit the available amount
 * (assigned − committed − executed) of the items that pay it, else by the cooperating's control mode:
 * 409 `budget_stop` (field `cells.N.amount`, `exceeds_available`, params available, excess, itemId) unless
 * `override.reason` is given by a holder of `asignacion_liberacion` (403 `forbidden` otherwise); 409
 * `budget_warning` until `confirmWarning`. An excess let through is recorded in `budget_control_events` and
 * audited. 409 `year_closed` on a closed year. 422 `control_unavailable` (field errors `cells.N.*`) when a cell
 * cannot be evaluated: no line, month, amount or source, an unknown line or item, an item with no assignment
 * on the line (`not_assigned`). Writes `commit` rows.
 */
export function commit(
  tx: Executor,
  actor: UserActor,
  source: SpendSource,
  cells: SpendCell[],
  options?: SpendOptions,
) {
  return spend(tx, actor, 'commit', source, cells, options ?? {});
}

/**
 * Gives back what `source` holds committed (`release` rows, stored negative): each cell's amount (> 0) at most
 * what the source holds open on it (409 `limit_exceeded`, `exceeds_commitment`: params committed, excess);
 * without an item, from the items that hold it in proportion. Allowed in a closed year (a December request is
 * settled in January). 422 `control_unavailable` as `commit`.
 */
export function release(tx: Executor, actor: UserActor, source: SpendSource, cells: SpendCell[]) {
  return spend(tx, actor, 'release', source, cells, {});
}

/**
 * Records what `source` spent (a liquidation): a positive amount first turns the source's open commitment on the
 * cell into execution (a `release` and an `execute` row: nothing new is drawn), and what passes it is drawn anew
 * under the control, as `commit` (and refused with 409 `year_closed` in a closed year). A negative amount reverses
 * an execution of the source, at most what it executed there (409 `limit_exceeded`, `exceeds_commitment`). What
 * stays committed after a liquidation for less is given back with `release`. 422 `control_unavailable` as `commit`.
 */
export function execute(
  tx: Executor,
  actor: UserActor,
  source: SpendSource,
  cells: SpendCell[],
  options?: SpendOptions,
) {
  return spend(tx, actor, 'execute', source, cells, options ?? {});
}

const unavailable = (errors: FieldError[]) => new AppError(422, 'control_unavailable', errors);

interface Cell {
  index: number;
  lineId: string;
  month: number;
  amount: Money;
  itemId: string | null;
}

/** The cells as numbers, or 422 `control_unavailable` naming every part missing or invalid. */
function readCells(kind: Kind, source: SpendSource, cells: SpendCell[]): Cell[] {
  const errors: FieldError[] = [];
  if (!source?.type || !source.id) errors.push({ field: 'source', code: 'required' });
  if (!cells.length) errors.push({ field: 'cells', code: 'required' });
  const read = cells.map((c, index): Cell => {
    const at = (f: string) => `cells.${index}.${f}`;
    if (!c.lineId) errors.push({ field: at('lineId'), code: 'required' });
    if (c.month == null) errors.push({ field: at('month'), code: 'required' });
    else if (!Number.isInteger(c.month) || c.month < 1 || c.month > 12)
      errors.push({ field: at('month'), code: 'invalid' });
    const parsed = parseMoney(String(c.amount ?? ''));
    const amount = parsed.ok ? parsed.value : money(0);
    if (!parsed.ok || amount.isZero() || (kind !== 'execute' && amount.isNegative()))
      errors.push({ field: at('amount'), code: 'invalid' });
    return { index, lineId: c.lineId, month: c.month, amount, itemId: c.itemId || null };
  });
  if (errors.length) throw unavailable(errors);
  return read;
}

const cellKey = (lineId: string, itemId: string, month: number) => `${lineId}|${itemId}|${month}`;

/** A planned ledger row, before it is written. */
interface Part {
  cell: Cell;
  itemId: string;
  kind: Kind;
  amount: Money;
  /** The part drawn anew, which the control checks (commit, or an execution past the source's commitment). */
  checked: boolean;
}

async function spend(
  tx: Executor,
  actor: UserActor,
  kind: Kind,
  source: SpendSource,
  input: SpendCell[],
  options: SpendOptions,
): Promise<SpendResult> {
  const cells = readCells(kind, source, input);
  // 1. The lines, locked by id: no assignment, transfer or other draw changes their ledgers until the end.
  const lines = new Map<string, { year: number }>();
  for (const id of [...new Set(cells.map((c) => c.lineId))].sort()) {
    const line = await repo.lockLine(tx, id);
    if (line) lines.set(id, line);
  }
  const missing = cells.filter((c) => !lines.has(c.lineId));
  if (missing.length) throw unavailable(missing.map((c) => ({ field: `cells.${c.index}.lineId`, code: 'invalid' })));
  const lineIds = [...lines.keys()];
  const figures = new Map<string, repo.CellFigures>();
  const assignedItems = new Map<string, Set<string>>();
  for (const id of lineIds) {
    for (const f of await repo.lineCells(tx, id)) {
      figures.set(cellKey(id, f.itemId, f.month), f);
      if (money(f.assigned).greaterThan(0)) assignedItems.set(id, (assignedItems.get(id) ?? new Set()).add(f.itemId));
    }
  }
  const held = new Map(
    (await repo.sourceCells(tx, source, lineIds)).map((h) => [
      cellKey(h.lineId, h.itemId, h.month),
      { open: money(h.open), executed: money(h.executed) },
    ]),
  );

  // 2. Which items pay each cell, and how much of it is drawn anew.
  const parts: Part[] = [];
  const errors: FieldError[] = [];
  const ledgers: Ledgers = { figures, assignedItems, held, drawn: new Map() };
  for (const cell of cells) parts.push(...planCell(kind, cell, ledgers, errors));
  if (errors.length) {
    const refusal = errors.find((e) => e.code === 'exceeds_commitment');
    throw refusal ? new AppError(409, 'limit_exceeded', errors) : unavailable(errors);
  }

  // 3. A new draw in a closed year is refused; what was committed before the close is still settled.
  const drawnYears = new Set(parts.filter((p) => p.checked).map((p) => lines.get(p.cell.lineId)!.year));
  for (const year of [...drawnYears].sort((a, b) => a - b)) await plans.assertOpen(tx, year);

  // 4. The cooperatings of the items, locked by id, and their terms read under the lock.
  const terms = await lockItems(tx, [...new Set(parts.map((p) => p.itemId))]);
  const unknown = parts.filter((p) => !terms.has(p.itemId));
  if (unknown.length)
    throw unavailable(unknown.map((p) => ({ field: `cells.${p.cell.index}.itemId`, code: 'invalid' })));

  // 5. The control, per (line, item, month) over what this call draws anew there.
  const outcome = await control(tx, actor, source, parts, { figures, terms }, options);

  // 6. The ledger rows.
  const rows: SpentRow[] = parts
    .map((p) => ({
      lineId: p.cell.lineId,
      itemId: p.itemId,
      month: p.cell.month,
      kind: p.kind,
      amount: moneyString(p.amount),
    }))
    .filter((r) => !money(r.amount).isZero());
  await repo.insertCommitments(
    tx,
    rows.map((r) => ({
      ...r,
      cooperatingId: terms.get(r.itemId)!.cooperatingId,
      sourceType: source.type,
      sourceId: source.id,
      authorId: actor.userId,
    })),
  );
  return { outcome, rows };
}

/** What the cells are planned against; `held` and `drawn` follow the cells already planned in this call. */
interface Ledgers {
  figures: Map<string, repo.CellFigures>;
  assignedItems: Map<string, Set<string>>;
  /** The source's open commitment and execution per cell (Q), less what earlier cells of the call took back. */
  held: Map<string, Held>;
  /** What earlier cells of the call drew anew per cell (Q). */
  drawn: Map<string, Money>;
}

interface Held {
  open: Money;
  executed: Money;
}

/** The rows one cell becomes (see `commit`, `release`, `execute`); refusals are pushed to `errors`. */
function planCell(kind: Kind, cell: Cell, ledgers: Ledgers, errors: FieldError[]): Part[] {
  const at = (f: string) => `cells.${cell.index}.${f}`;
  const items = ledgers.assignedItems.get(cell.lineId) ?? new Set<string>();
  if (cell.itemId && !items.has(cell.itemId)) {
    errors.push({ field: at('itemId'), code: 'not_assigned' });
    return [];
  }
  const key = (itemId: string) => cellKey(cell.lineId, itemId, cell.month);
  const heldBy = (what: keyof Held) =>
    [...items]
      .filter((i) => !cell.itemId || i === cell.itemId)
      .map((itemId) => ({ itemId, amount: ledgers.held.get(key(itemId))?.[what] ?? money(0) }));
  const takeBack = (what: keyof Held, amount: Money, as: Kind): Part[] => {
    const from = heldBy(what);
    const total = from.reduce((a, h) => a.plus(Money.max(h.amount, 0)), money(0));
    if (amount.greaterThan(total)) {
      errors.push({
        field: at('amount'),
        code: 'exceeds_commitment',
        params: { committed: moneyString(total), excess: moneyString(amount.minus(total)) },
      });
      return [];
    }
    const taken = heldParts(amount, from);
    for (const p of taken) {
      const h = ledgers.held.get(key(p.itemId))!;
      h[what] = h[what].minus(p.amount);
    }
    return taken.map((p) => ({ cell, itemId: p.itemId, kind: as, amount: p.amount.neg(), checked: false }));
  };
  const draw = (amount: Money): Part[] => {
    if (amount.isZero()) return [];
    const paying: ItemPart[] = cell.itemId
      ? [{ itemId: cell.itemId, amount }]
      : commitParts(
          amount,
          [...items].map((itemId) => {
            const f = ledgers.figures.get(key(itemId));
            const before = ledgers.drawn.get(key(itemId)) ?? money(0);
            return { itemId, assigned: money(f?.assigned ?? 0), available: availableOf(f).minus(before) };
          }),
        );
    if (!paying.length) errors.push({ field: at('itemId'), code: 'not_assigned' });
    for (const p of paying)
      ledgers.drawn.set(key(p.itemId), (ledgers.drawn.get(key(p.itemId)) ?? money(0)).plus(p.amount));
    return paying.map((p) => ({ cell, itemId: p.itemId, kind: 'commit' as Kind, amount: p.amount, checked: true }));
  };

  if (kind === 'commit') return draw(cell.amount);
  if (kind === 'release') return takeBack('open', cell.amount, 'release');
  if (cell.amount.isNegative()) return takeBack('executed', cell.amount.abs(), 'execute');
  // An execution: the source's own open commitment first, then a new draw for the rest.
  const openTotal = heldBy('open').reduce((a, h) => a.plus(Money.max(h.amount, 0)), money(0));
  const settled = Money.min(openTotal, cell.amount);
  const released = takeBack('open', settled, 'release');
  const executedOfOpen = released.map((p) => ({ ...p, kind: 'execute' as Kind, amount: p.amount.neg() }));
  const anew = draw(cell.amount.minus(settled)).map((p) => ({ ...p, kind: 'execute' as Kind }));
  return [...released, ...executedOfOpen, ...anew];
}

const availableOf = (f: repo.CellFigures | undefined) =>
  f ? money(f.assigned).minus(f.committed).minus(f.executed) : money(0);

/** Locks the cooperatings of `itemIds` in id order and returns each item's terms read under the locks. */
const lockItems = (tx: Executor, itemIds: string[]): Promise<Map<string, ItemTerms>> =>
  cooperating.lockItemsTerms(tx, itemIds);

/**
 * Runs the control over the parts drawn anew, summed per (line, item, month): within the available amount `ok`;
 * past it, by each cooperating's mode (see `commit`). Records and audits each excess let through.
 */
async function control(
  tx: Executor,
  actor: UserActor,
  source: SpendSource,
  parts: Part[],
  ledgers: { figures: Map<string, repo.CellFigures>; terms: Map<string, ItemTerms> },
  options: SpendOptions,
): Promise<SpendResult['outcome']> {
  const drawn = new Map<string, { part: Part; amount: Money }>();
  for (const p of parts.filter((x) => x.checked)) {
    const key = cellKey(p.cell.lineId, p.itemId, p.cell.month);
    const d = drawn.get(key);
    drawn.set(key, { part: d?.part ?? p, amount: (d?.amount ?? money(0)).plus(p.amount) });
  }
  const over: { part: Part; amount: Money; available: Money; mode: ItemTerms['controlMode'] }[] = [];
  for (const [key, d] of drawn) {
    const available = availableOf(ledgers.figures.get(key));
    if (d.amount.greaterThan(available))
      over.push({ ...d, available, mode: ledgers.terms.get(d.part.itemId)!.controlMode });
  }
  if (!over.length) return 'ok';
  const excessError = (o: (typeof over)[number]): FieldError => ({
    field: `cells.${o.part.cell.index}.amount`,
    code: 'exceeds_available',
    params: {
      available: moneyString(o.available),
      excess: moneyString(o.amount.minus(o.available)),
      itemId: o.part.itemId,
    },
  });
  const stops = over.filter((o) => o.mode === 'stop');
  const reason = options.override?.reason.trim() || null;
  if (stops.length) {
    if (!reason) throw new AppError(409, 'budget_stop', stops.map(excessError));
    if (!hasPermission(actor.permissions, 'asignacion_liberacion')) throw new AppError(403, 'forbidden');
  }
  const warns = over.filter((o) => o.mode !== 'stop');
  if (warns.length && !options.confirmWarning) throw new AppError(409, 'budget_warning', warns.map(excessError));
  const outcomeOf = (o: (typeof over)[number]) => (o.mode === 'stop' ? 'overridden' : 'warned');
  for (const o of over)
    await repo.insertControlEvent(tx, {
      lineId: o.part.cell.lineId,
      itemId: o.part.itemId,
      cooperatingId: ledgers.terms.get(o.part.itemId)!.cooperatingId,
      month: o.part.cell.month,
      outcome: outcomeOf(o),
      amount: moneyString(o.amount),
      available: moneyString(o.available),
      reason: o.mode === 'stop' ? reason : null,
      sourceType: source.type,
      sourceId: source.id,
      actorId: actor.userId,
    });
  await writeAudits(
    tx,
    actor,
    over.map((o) => ({
      action: outcomeOf(o),
      entity: 'budget_control',
      entityId: o.part.cell.lineId,
      changes: {
        control: {
          before: { available: moneyString(o.available) },
          after: {
            itemId: o.part.itemId,
            month: o.part.cell.month,
            amount: moneyString(o.amount),
            reason: o.mode === 'stop' ? reason : null,
            source,
          },
        },
      },
    })),
  );
  return stops.length ? 'overridden' : 'warned';
}
