import { contribute } from '../../lib/extension-points.ts';
import { defineModule } from '../../lib/module.ts';
import { optionReadersPoint } from '../../lib/option-sources.ts';
import { collaboratorsRoutes } from './collaborators.routes.ts';

/**
 * Talent (`talento_colaboradores`): for now the collaborator registry of issue 27 section 4, whom the payroll
 * spreadsheet names by DPI or code (the execution module reads it through `collaboratorsByKeys` and
 * `collaboratorSamples`); issue 28 grows it into the talent file. Its form picks the collaborator's headquarter
 * from the generic `headquarter` list, so its key reads that list.
 */
export const talentModule = defineModule({
  name: 'talent',
  routes: [collaboratorsRoutes],
  contributes: [contribute(optionReadersPoint, { name: 'headquarter', readers: ['talento_colaboradores'] })],
});
