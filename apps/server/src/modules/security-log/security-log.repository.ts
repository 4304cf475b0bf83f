import { and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { securityEvents } from '../../db/schema.ts';

/** Start of a Guatemala day (YYYY-MM-DD) as an instant. */
const dayStart = (day: string) => sql`(${day}::date)::timestamp at time zone 'America/Guatemala'`;

/** One page of security events, newest first, with the total (filters: kind, Guatemala days from..to inclusive). */
export async function listEvents(
  db: Executor,
  query: { kind?: string; from: string | null; to: string | null; page: number; pageSize: number },
) {
  const filters: (SQL | undefined)[] = [
    query.kind ? eq(securityEvents.kind, query.kind) : undefined,
    query.from ? gte(securityEvents.at, dayStart(query.from)) : undefined,
    query.to ? lt(securityEvents.at, sql`${dayStart(query.to)} + interval '1 day'`) : undefined,
  ];
  const where = and(...filters);
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(securityEvents)
      .where(where)
      .orderBy(desc(securityEvents.at), desc(securityEvents.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(securityEvents)
      .where(where),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}
