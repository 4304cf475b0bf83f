/**
 * The board before and after a change, back to back (issue 24 section 3): the real server of this checkout
 * and of another one (BENCH_AB_BASE, a copy of an earlier commit with node_modules linked), in turn, on the
 * database bench:support seeded (BENCH_SUPPORT_DATABASE_URL); each run loads the board at 20 connections
 * and reports p95 and CPU per request (server, PostgreSQL). `node bench/ab-board.ts [rounds]`.
 */
import { loadavg } from 'node:os';
import { load } from './load.ts';
import { cpuPerRequest } from './cpu.ts';
import { ROOT, signIn, startServer, stopServer } from './server.ts';

const PG_URL = process.env.BENCH_SUPPORT_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/amparo_bench_support';
const PORT = Number(process.env.BENCH_SUPPORT_PORT ?? 3419);
const BASE = process.env.BENCH_AB_BASE;
if (!BASE) throw new Error('BENCH_AB_BASE: the folder of the earlier checkout');
const rounds = Number(process.argv[2] ?? 2);

for (let round = 1; round <= rounds; round++) {
  for (const [name, root] of [
    ['before', BASE],
    ['after', ROOT],
  ] as const) {
    const server = await startServer({ DATABASE_URL: PG_URL, JOBS_ENABLED: 'false' }, PORT, { root });
    try {
      const base = `http://127.0.0.1:${PORT}`;
      const token = await signIn(base);
      const la = loadavg()[0]!.toFixed(1);
      const { result, cpu } = await cpuPerRequest(
        server.pid!,
        PG_URL,
        () => load(`${base}/api/support/board`, token),
        (f, ms) => (f.reqPerSec * ms) / 1000,
      );
      console.log(
        `${round} ${name}: ${result.reqPerSec} req/s, p50 ${result.p50} ms, p95 ${result.p95} ms, CPU/req server ${cpu.server} ms, PostgreSQL ${cpu.postgres} ms, load ${la}`,
      );
    } finally {
      await stopServer(server);
    }
  }
}
