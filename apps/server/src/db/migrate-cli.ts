import { loadConfig } from '../config.ts';
import { exitWithMessage, prepareDatabase } from './setup.ts';

// `npm run db:migrate`: migrations + reference data, without starting the server.
const config = loadConfig();
const { database, admin } = await prepareDatabase(config, 'db:migrate').catch(exitWithMessage);
console.log(
  `migrated (${database.engine})${admin ? `; first admin '${admin.username}' password: ${admin.password}` : ''}`,
);
await database.close();
