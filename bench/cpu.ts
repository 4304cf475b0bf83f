/**
 * CPU time per request for the benchmarks (budget.ts, support.ts): the server
 * process's and its PostgreSQL backends', read from /proc (Linux) around a load.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** CPU ms per request: the server process's and its PostgreSQL backends' (null when not measurable). */
export interface CpuPerRequest {
  server: number;
  postgres: number | null;
}

const round = (n: number) => Math.round(n * 10) / 10;

/** CPU time (user + system, ms) a process has used so far, from /proc (Linux; clock ticks of 10 ms). */
export function processCpuMs(pid: string | number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * CPU time used so far by each local PostgreSQL backend connected to the database of `databaseUrl` (their
 * process titles name it): the server's pool, by process id. Parallel workers are not counted. Null when
 * /proc cannot be read (another system).
 */
function backendsCpuMs(databaseUrl: string): Map<string, number> | null {
  const database = new URL(databaseUrl).pathname.slice(1);
  const byPid = new Map<string, number>();
  try {
    for (const pid of readdirSync('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      try {
        const title = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
        if (title.startsWith('postgres: ') && title.includes(` ${database} `)) byPid.set(pid, processCpuMs(pid));
      } catch {
        /* gone, or not ours to read */
      }
    }
  } catch {
    return null;
  }
  return byPid;
}

/**
 * CPU ms per request of the server process and of its PostgreSQL backends (of `databaseUrl`) over the
 * requests `work` made (`requests` counts them from its result and the milliseconds it took). A backend
 * is counted by what it used between the two readings (one that closed in between, idle, is left out; one
 * that opened is counted whole).
 */
export async function cpuPerRequest<T>(
  serverPid: number,
  databaseUrl: string,
  work: () => Promise<T>,
  requests: (result: T, ms: number) => number,
): Promise<{ result: T; cpu: CpuPerRequest }> {
  const server0 = processCpuMs(serverPid);
  const pg0 = backendsCpuMs(databaseUrl);
  const t0 = performance.now();
  const result = await work();
  const n = Math.max(1, requests(result, performance.now() - t0));
  const pg1 = backendsCpuMs(databaseUrl);
  let pgMs = 0;
  for (const [pid, ms] of pg1 ?? []) pgMs += ms - (pg0?.get(pid) ?? 0);
  return {
    result,
    cpu: {
      server: round((processCpuMs(serverPid) - server0) / n),
      postgres: pg0 === null || pg1 === null || pg1.size === 0 ? null : round(pgMs / n),
    },
  };
}
