import { z } from 'zod';
import type { UseFormReturnType } from '@mantine/form';
import { MONTHS, planningLineInput, type PlanningLine } from '@amparo/shared/modules/budget.schema';

/** One month as the grid holds it: what was typed, '' until then. */
export interface MonthValues {
  month: number;
  goal: string;
  amount: string;
}

/** A planning line as the form holds it (selects are null until chosen). */
export interface PlanningValues {
  year: number | string;
  strategicAxis: string | null;
  program: string | null;
  expenseType: string | null;
  description: string;
  goalUnit: string;
  responsibleId: string | null;
  plannerId: string | null;
  headquarterId: string | null;
  /** The municipality's department (INE code, the municipality code's first two digits): narrows its list only. */
  department: string | null;
  municipality: string | null;
  /** The 12 months, January first: index i is month i + 1, as the server's field paths (`months.3.amount`). */
  months: MonthValues[];
  [key: string]: unknown;
}
export type PlanningForm = UseFormReturnType<PlanningValues>;

/** A new line: this year, every month empty, planned by whoever is signed in. */
export function emptyPlanning(year: number, plannerId: string | null): PlanningValues {
  return {
    year,
    strategicAxis: null,
    program: null,
    expenseType: null,
    description: '',
    goalUnit: '',
    responsibleId: null,
    plannerId,
    headquarterId: null,
    department: null,
    municipality: null,
    months: MONTHS.map((month) => ({ month, goal: '', amount: '' })),
  };
}

/** A saved line as the form's values. */
export function toPlanningValues(line: PlanningLine): PlanningValues {
  const saved = new Map(line.months.map((m) => [m.month, m]));
  return {
    year: line.year,
    strategicAxis: line.strategicAxis,
    program: line.program,
    expenseType: line.expenseType,
    description: line.description,
    goalUnit: line.goalUnit,
    responsibleId: line.responsibleId,
    plannerId: line.plannerId,
    headquarterId: line.headquarterId,
    department: line.municipality ? line.municipality.slice(0, 2) : null,
    municipality: line.municipality,
    months: MONTHS.map((month) => ({
      month,
      goal: saved.get(month)?.goal ?? '',
      amount: saved.get(month)?.amount ?? '',
    })),
  };
}

/** An empty month field is 0 (a plan leaves most months blank); the rest is the shared contract's to check. */
function fillEmptyMonths(values: unknown): unknown {
  if (typeof values !== 'object' || values === null || !Array.isArray((values as PlanningValues).months)) return values;
  const v = values as PlanningValues;
  const orZero = (text: unknown) => (typeof text === 'string' && text.trim() === '' ? '0' : text);
  return { ...v, months: v.months.map((m) => ({ ...m, goal: orZero(m.goal), amount: orZero(m.amount) })) };
}

/**
 * The form's check and the body it sends: the shared `planningLineInput`
 * (so the browser refuses what the server refuses, field by field) after
 * empty month fields become 0; `department` is dropped.
 */
export const planningFormSchema = z.preprocess(fillEmptyMonths, planningLineInput);
