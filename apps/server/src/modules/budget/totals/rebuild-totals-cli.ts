import { loadConfig } from '../../../config.ts';
import { exitWithMessage, prepareDatabase } from '../../../db/setup.ts';
import { rebuildTotals } from './totals.service.ts';

// `npm run budget:rebuild-totals` (issue 24 section 1): recomputes the budget's kept totals from the plan and the
// ledgers under a lock, and says what differed. On PGlite, stop the server first (one process holds DATA_DIR).
const config = loadConfig();
const { database } = await prepareDatabase(config, 'budget:rebuild-totals').catch(exitWithMessage);
const differences = await rebuildTotals(database.db);
console.log(
  differences.length
    ? `rebuilt the budget totals; ${differences.length} keys differed before:\n${differences
        .map((d) => `  ${d.kind} ${d.key}: kept ${d.kept}, ledgers ${d.expected}`)
        .join('\n')}`
    : 'rebuilt the budget totals; every key was already exact',
);
await database.close();
