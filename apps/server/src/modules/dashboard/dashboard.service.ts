import { hasPermission } from '@amparo/shared/permissions';
import type { Dashboard } from '@amparo/shared/modules/dashboard.schema';
import type { Db } from '../../db/client.ts';
import type { UserActor } from '../../lib/actor.ts';
import type { DashboardCard } from '../../lib/dashboard-cards.ts';
import { dashboardCounts } from '../population/persons/persons.service.ts';

const EMPTY_POPULATION = { total: 0, admitted: 0, departed: 0, bySex: [], byAgeGroup: [], byThematic: [] };

/**
 * The dashboard of `actor` (`GET /api/dashboard`): the population counts over the persons they may see, with why
 * they are empty (no `poblacion_poblacion`, or no live grant on any person: issue 24 section 6, item 7), and the
 * cards the modules contribute (`dashboardCardsPoint`: support's open and breached tickets for `soporte_gestion`,
 * the budget's current POA for `presupuesto_planificacion`). A card whose key the user does not hold is null, and
 * nothing of it is read.
 */
export async function dashboardOf(db: Db, actor: UserActor, cards: readonly DashboardCard[]): Promise<Dashboard> {
  const canSeePopulation = hasPermission(actor.permissions, 'poblacion_poblacion');
  const population = canSeePopulation ? await dashboardCounts(db, actor.userId) : null;
  const populationEmpty = !population ? 'no_key' : population.grants === 0 ? 'no_grants' : null;
  const { grants: _grants, ...counts } = population ?? { grants: 0, ...EMPTY_POPULATION };
  const shown: Record<string, unknown> = { support: null, budget: null };
  for (const card of cards)
    shown[card.id] = hasPermission(actor.permissions, card.permission) ? await card.read(db, actor) : null;
  return { canSeePopulation, populationEmpty, ...counts, ...(shown as Pick<Dashboard, 'support' | 'budget'>) };
}
