import { hasPermission } from '@amparo/shared/permissions';
import { todayInGuatemala } from '@amparo/shared/format';
import { OPEN_TICKET_STATUSES } from '@amparo/shared/modules/support.schema';
import type { Dashboard } from '@amparo/shared/modules/dashboard.schema';
import type { Db } from '../../db/client.ts';
import type { UserActor } from '../../lib/actor.ts';
import { dashboardCounts } from '../population/persons/persons.service.ts';
import { dashboard as supportDashboard } from '../support/support.service.ts';
import { poaSummary } from '../budget/summary.service.ts';

const EMPTY_POPULATION = { total: 0, admitted: 0, departed: 0, bySex: [], byAgeGroup: [], byThematic: [] };

/**
 * The dashboard of `actor` (`GET /api/dashboard`): the population counts over the persons they may see, with why
 * they are empty (no `poblacion_poblacion`, or no live grant on any person: issue 24 section 6, item 7); the
 * support card for holders of `soporte_gestion` (open tickets and those past a target, as the support board's
 * cards count them); the current year's POA card for holders of `presupuesto_planificacion` (lines, planned and
 * executed, from the POA summary). An area the user does not hold is null, and nothing of it is read.
 */
export async function dashboardOf(db: Db, actor: UserActor): Promise<Dashboard> {
  const canSeePopulation = hasPermission(actor.permissions, 'poblacion_poblacion');
  const population = canSeePopulation ? await dashboardCounts(db, actor.userId) : null;
  const populationEmpty = !population ? 'no_key' : population.grants === 0 ? 'no_grants' : null;
  const { grants: _grants, ...counts } = population ?? { grants: 0, ...EMPTY_POPULATION };
  let support: Dashboard['support'] = null;
  if (hasPermission(actor.permissions, 'soporte_gestion')) {
    const s = await supportDashboard(db);
    const open = s.open
      .filter((o) => (OPEN_TICKET_STATUSES as readonly string[]).includes(o.status))
      .reduce((n, o) => n + o.count, 0);
    support = { open, breached: s.breached };
  }
  let budget: Dashboard['budget'] = null;
  if (hasPermission(actor.permissions, 'presupuesto_planificacion')) {
    const year = Number(todayInGuatemala().slice(0, 4));
    const poa = await poaSummary(db, year);
    budget = { year, lineCount: poa.lineCount, planned: poa.total.planned, executed: poa.total.executed };
  }
  return { canSeePopulation, populationEmpty, ...counts, support, budget };
}
