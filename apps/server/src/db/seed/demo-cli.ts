import { parseArgs } from 'node:util';
import { loadConfig } from '../../config.ts';
import { exitWithMessage, prepareDatabase } from '../setup.ts';
import { seedDemo } from './demo.ts';

/**
 * `npm run seed:demo -- --persons 1000 [--attentions 0] [--activities 0] [--owner admin] [--seed 2026]`: loads the
 * demo data set into the configured database (DATABASE_URL or DATA_DIR).
 */
const { values } = parseArgs({
  options: {
    persons: { type: 'string', default: '1000' },
    attentions: { type: 'string', default: '0' },
    activities: { type: 'string', default: '0' },
    owner: { type: 'string' },
    seed: { type: 'string' },
  },
});
const count = Number(values.persons);
if (!Number.isInteger(count) || count < 1) throw new Error('--persons must be a positive whole number');
const config = loadConfig();
const { database, admin } = await prepareDatabase(config, 'seed:demo').catch(exitWithMessage);
if (admin) console.log(`first admin '${admin.username}' password: ${admin.password}`);
const started = Date.now();
await seedDemo(database.db, {
  persons: count,
  attentions: Number(values.attentions),
  activities: Number(values.activities),
  owner: values.owner,
  seed: values.seed ? Number(values.seed) : undefined,
  log: console.log,
});
console.log(`seed:demo: ${count} persons in ${((Date.now() - started) / 1000).toFixed(1)} s (${database.engine})`);
await database.close();
