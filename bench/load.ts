/**
 * Loading one URL with autocannon for the benchmarks (run.ts, support.ts):
 * a warm-up, then every response time kept so percentiles are exact.
 */
import autocannon from 'autocannon';

export const CONNECTIONS = 20;
export const DURATION = Number(process.env.BENCH_SECONDS ?? 10);

export interface Figures {
  reqPerSec: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  non2xx: number;
}

export function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/**
 * Loads one URL with autocannon. A 2 s warm-up comes first (JIT, pools, plan
 * caches); then every response time of the measured run is kept, so p95 is
 * exact rather than read off autocannon's fixed percentiles (it has no p95).
 */
export async function load(
  url: string,
  token: string,
  connections = CONNECTIONS,
  duration = DURATION,
): Promise<Figures> {
  const headers = { authorization: `Bearer ${token}` };
  await autocannon({ url, connections, duration: 2, headers });
  const times: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ url, connections, duration, headers }, (err, res) =>
      err ? reject(err) : resolve(res),
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  });
  times.sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 10) / 10;
  return {
    reqPerSec: Math.round(result.requests.average),
    p50: round(percentile(times, 50)),
    p95: round(percentile(times, 95)),
    p99: round(percentile(times, 99)),
    errors: result.errors,
    non2xx: result.non2xx,
  };
}
