import { openDatabase } from '../apps/server/src/db/client.ts';
import { poaSummary } from '../apps/server/src/modules/budget/summary.service.ts';
import * as repo from '../apps/server/src/modules/budget/summary.repository.ts';
import { poaSummaryResponse } from '@amparo/shared/modules/budget-summary.schema';
const d = await openDatabase({ url: 'postgres://postgres@127.0.0.1:5432/amparo_bench_budget' });
for (let i = 0; i < 50; i++) await poaSummary(d.db, 2026);
let t0 = performance.now(); let cpu0 = process.cpuUsage();
for (let i = 0; i < 200; i++) await poaSummary(d.db, 2026);
let c = process.cpuUsage(cpu0); console.log('summary wall ms', ((performance.now() - t0) / 200).toFixed(2), 'cpu ms', ((c.user + c.system) / 1000 / 200).toFixed(2));
t0 = performance.now(); cpu0 = process.cpuUsage();
for (let i = 0; i < 200; i++) { await repo.poaRollup(d.db, 2026); await repo.poaLineCounts(d.db, 2026); }
c = process.cpuUsage(cpu0); console.log('queries wall ms', ((performance.now() - t0) / 200).toFixed(2), 'cpu ms', ((c.user + c.system) / 1000 / 200).toFixed(2));
const s = await poaSummary(d.db, 2026);
console.log('json bytes', JSON.stringify({ success: true, data: s }).length);
t0 = performance.now(); for (let i = 0; i < 200; i++) JSON.stringify(s); console.log('stringify ms', ((performance.now() - t0) / 200).toFixed(2));
await d.close();
