// Every table, re-exported for drizzle-kit and the db client.
export * from '../modules/roles/roles.table.ts';
export * from '../modules/users/users.table.ts';
export * from '../modules/auth/auth.table.ts';
export * from '../modules/catalogs/catalogs.table.ts';
export * from '../modules/headquarters/headquarters.table.ts';
export * from '../modules/population/persons/persons.table.ts';
export * from '../lib/audit.table.ts';
export * from '../lib/mail.table.ts';
export * from '../modules/population/case-file/case.table.ts';
export * from '../modules/documentation/documentation.table.ts';
export * from '../modules/population/activities/activities.table.ts';
export * from '../modules/population/case-file/person-file.table.ts';
export * from '../modules/account/account.table.ts';
export * from '../lib/security-log.table.ts';
export * from '../lib/workflow/workflow.table.ts';
export * from '../lib/notifications/notifications.table.ts';
export * from '../lib/working-time.table.ts';
