import type { FieldErrorCode } from '@amparo/shared/errors';
import type { Executor } from '../db/client.ts';
import { invalidField } from './errors.ts';
import { extensionPoint } from './extension-points.ts';

/** Why a record cannot execute a planning line (null: it can), given when the record happens. */
export type PlanLinkCheck = (tx: Executor, lineId: string, at: Date) => Promise<FieldErrorCode | null>;
/** Lines a record happening in `year` may pick, matching `q` (code, description), at most 20. */
export type PlanLineOptions = (
  db: Executor,
  year: number,
  q: string | null,
) => Promise<{ value: string; label: string; year: number }[]>;
/** A source's achieved quantities of a line, per month of the line's year (1–12). */
export type AchievementSource = (db: Executor, lineId: string) => Promise<{ month: number; quantity: number }[]>;

/**
 * Links between the plan and what executes it (issue 13 section 3, 'Goals achieved'): an activity or an
 * attention picks the planning line it executes, so the plan shows goal against achieved per month. The budget
 * module contributes whether a line may be picked and which lines a form offers (`planLineRulesPoint`, one); the
 * modules holding the records contribute how many they achieved per month (`achievementsPoint`: group
 * activities, attentions; later administrative activities). Neither imports the other.
 */
export const planLineRulesPoint = extensionPoint<{ check: PlanLinkCheck; options: PlanLineOptions }>(
  'plan-line-rules',
  { single: true },
);

/** A module's achieved quantities of a line, one per name. */
export const achievementsPoint = extensionPoint<{ name: string; achieved: AchievementSource }>('plan-achievements', {
  key: (a) => a.name,
});

/** The plan's rules for a pick and the contributed achievements. */
export class PlanLinks {
  private readonly checker: PlanLinkCheck | null;
  private readonly optionsOf: PlanLineOptions | null;
  private readonly sources: ReadonlyMap<string, AchievementSource>;

  constructor(
    rules: { check: PlanLinkCheck; options: PlanLineOptions } | null,
    sources: readonly { name: string; achieved: AchievementSource }[],
  ) {
    this.checker = rules?.check ?? null;
    this.optionsOf = rules?.options ?? null;
    this.sources = new Map(sources.map((s) => [s.name, s.achieved]));
  }

  /** Lines of `year` a form may offer (none without the budget module). */
  options(db: Executor, year: number, q: string | null) {
    return this.optionsOf ? this.optionsOf(db, year, q) : Promise.resolve([]);
  }

  /**
   * Refuses a pick (400 on `field`) the budget does not accept: an unknown line, a line of another year than
   * the record's. A null line passes. Without the budget module no line can be picked.
   */
  async check(tx: Executor, field: string, lineId: string | null, at: Date): Promise<void> {
    if (!lineId) return;
    const problem = this.checker ? await this.checker(tx, lineId, at) : 'invalid';
    if (problem) throw invalidField(field, problem);
  }

  /** Every source's achieved quantities of a line: `{ source, month, quantity }`, by source then month. */
  async achieved(db: Executor, lineId: string) {
    const out: { source: string; month: number; quantity: number }[] = [];
    for (const [source, fn] of this.sources) {
      for (const row of await fn(db, lineId)) out.push({ source, ...row });
    }
    return out.sort((a, b) => a.source.localeCompare(b.source) || a.month - b.month);
  }

  /** Registered source names (tests, docs). */
  names(): string[] {
    return [...this.sources.keys()];
  }
}
