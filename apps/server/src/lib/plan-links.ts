import type { FieldErrorCode } from '@amparo/shared/errors';
import type { Executor } from '../db/client.ts';
import { invalidField } from './errors.ts';

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
 * module says whether a line may be picked (`setChecker`); the modules holding the records register how many
 * they achieved per month (`register`: group activities, attentions; later administrative activities). Neither
 * imports the other.
 */
export class PlanLinks {
  private checker: PlanLinkCheck | null = null;
  private optionsOf: PlanLineOptions | null = null;
  private readonly sources = new Map<string, AchievementSource>();

  /** The budget's rule for a pick (once). */
  setChecker(checker: PlanLinkCheck) {
    if (this.checker) throw new Error('plan link checker set twice');
    this.checker = checker;
  }

  /** The budget's list of lines a form may offer (once). */
  setOptions(options: PlanLineOptions) {
    if (this.optionsOf) throw new Error('plan line options set twice');
    this.optionsOf = options;
  }

  /** Lines of `year` a form may offer (none without the budget module). */
  options(db: Executor, year: number, q: string | null) {
    return this.optionsOf ? this.optionsOf(db, year, q) : Promise.resolve([]);
  }

  /** Adds `name`'s achieved quantities (once per name). */
  register(name: string, source: AchievementSource) {
    if (this.sources.has(name)) throw new Error(`achievement source ${name} registered twice`);
    this.sources.set(name, source);
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
