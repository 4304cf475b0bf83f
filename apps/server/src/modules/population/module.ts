import type { CatalogName } from '@amparo/shared/modules/catalogs.schema';
import { catalogColumnsPoint, type CatalogColumn } from '../../lib/catalog-usage.ts';
import { contribute } from '../../lib/extension-points.ts';
import { fileReferencesPoint } from '../../lib/file-gc.ts';
import { defineModule } from '../../lib/module.ts';
import { optionReadersPoint } from '../../lib/option-sources.ts';
import { personBlockersPoint } from '../../lib/person-blockers.ts';
import { achievementsPoint } from '../../lib/plan-links.ts';
import { activitiesRoutes } from './activities/activities.routes.ts';
import * as activitiesService from './activities/activities.service.ts';
import { activities, activityPhotos, activityUnregistered } from './activities/activities.table.ts';
import { caseRoutes } from './case-file/case.routes.ts';
import * as caseService from './case-file/case.service.ts';
import { attentions, personLinks, personPerpetrators } from './case-file/case.table.ts';
import { personFileRoutes } from './case-file/person-file.routes.ts';
import { personPeriods } from './case-file/person-file.table.ts';
import { populationRoutes } from './persons/persons.routes.ts';
import { persons } from './persons/persons.table.ts';

/** Catalog columns of one table, as contributions. */
const columns = (...list: CatalogColumn[]) => list.map((c) => contribute(catalogColumnsPoint, c));
const personColumn = (catalog: CatalogName, column: CatalogColumn['column'], array = false) =>
  ({ catalog, table: persons, column, array }) satisfies CatalogColumn;

/**
 * The population registry (issues 3 and 4): persons, their case file (links, perpetrators, attentions, periods,
 * consents, photo, documents) and group activities.
 */
export const populationModule = defineModule({
  name: 'population',
  routes: [populationRoutes, caseRoutes, personFileRoutes, activitiesRoutes],
  notifications: [
    // Someone asked for access to a person's file the user administers; the user's own request was decided.
    { kind: 'population.access_requested', permission: 'poblacion_poblacion', email: 'immediate' },
    { kind: 'population.access_decided', permission: 'poblacion_poblacion', email: 'digest' },
  ],
  contributes: [
    // The person and activity forms, filters and history name headquarters (issue 23 item 4).
    contribute(optionReadersPoint, { name: 'headquarter', readers: ['poblacion_poblacion', 'poblacion_actividades'] }),
    // A person with links, perpetrators or attentions is not deleted (409 in_use with the counts).
    contribute(personBlockersPoint, { name: 'case-file', check: caseService.deletionBlockers }),
    // What attentions and activities achieved on the planning line they execute (issue 13 section 3).
    contribute(achievementsPoint, { name: 'attentions', achieved: caseService.achievedOnLine }),
    contribute(achievementsPoint, { name: 'activities', achieved: activitiesService.achievedOnLine }),
    ...columns(
      personColumn('sex', persons.sex),
      personColumn('civil_status', persons.civilStatus),
      personColumn('sexual_orientation', persons.sexualOrientation),
      personColumn('nationality', persons.nationality),
      personColumn('ethnic_group', persons.ethnicGroup),
      personColumn('linguistic_community', persons.linguisticCommunity),
      personColumn('academic_degree', persons.academicDegree),
      personColumn('disability', persons.disability),
      personColumn('blood_type', persons.bloodType),
      personColumn('bond', persons.bond),
      personColumn('bond', persons.perpetrator),
      personColumn('referrer', persons.referrer),
      personColumn('departure_reason_person', persons.departureReason),
      personColumn('thematic', persons.thematic, true),
      { catalog: 'bond', table: personLinks, column: personLinks.bond },
      { catalog: 'sex', table: personLinks, column: personLinks.sex },
      { catalog: 'sex', table: personPerpetrators, column: personPerpetrators.sex },
      { catalog: 'bond', table: personPerpetrators, column: personPerpetrators.bond },
      { catalog: 'thematic', table: personPerpetrators, column: personPerpetrators.thematic, array: true },
      { catalog: 'report_institution', table: personPerpetrators, column: personPerpetrators.reportedTo, array: true },
      { catalog: 'attention_area', table: attentions, column: attentions.area },
      { catalog: 'attention_modality', table: attentions, column: attentions.modality },
      { catalog: 'referrer', table: personPeriods, column: personPeriods.referrer },
      { catalog: 'departure_reason_person', table: personPeriods, column: personPeriods.departureReason },
      { catalog: 'activity_type', table: activities, column: activities.activityType },
      { catalog: 'thematic', table: activities, column: activities.thematic, array: true },
      { catalog: 'sex', table: activityUnregistered, column: activityUnregistered.sex },
      { catalog: 'age_group', table: activityUnregistered, column: activityUnregistered.ageGroup },
    ),
    // Collection never removes a photo while a row holds it (issue 9 item 4).
    contribute(fileReferencesPoint, persons.photoKey),
    contribute(fileReferencesPoint, persons.photoThumbKey),
    contribute(fileReferencesPoint, activityPhotos.storageKey),
    contribute(fileReferencesPoint, activityPhotos.thumbKey),
  ],
});
