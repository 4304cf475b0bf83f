import { contribute } from '../../lib/extension-points.ts';
import { defineModule } from '../../lib/module.ts';
import { optionReadersPoint } from '../../lib/option-sources.ts';
import { collaboratorsRoutes } from './collaborators.routes.ts';
import { payrollCostRoutes } from './payroll-cost.routes.ts';

/**
 * Talent (`talento_colaboradores`): for now the collaborator registry of issue 27 section 4, whom the payroll
 * spreadsheet names by DPI or code (the execution module reads it through `collaboratorsByKeys` and
 * `collaboratorSamples`); issue 28 grows it into the talent file, starting with a contract's monthly payroll cost
 * (`payroll-cost.ts`, `GET /api/talent/payroll-cost`). Its form picks the collaborator's headquarter
 * from the generic `headquarter` list, so its key reads that list.
 */
export const talentModule = defineModule({
  name: 'talent',
  routes: [collaboratorsRoutes, payrollCostRoutes],
  contributes: [contribute(optionReadersPoint, { name: 'headquarter', readers: ['talento_colaboradores'] })],
});
