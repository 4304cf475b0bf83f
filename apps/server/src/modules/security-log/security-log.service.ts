import type { z } from 'zod';
import type { SecurityEventItem, securityLogQuery } from '@amparo/shared/modules/security-log.schema';
import type { Executor } from '../../db/client.ts';
import { userNames } from '../users/users.service.ts';
import * as repo from './security-log.repository.ts';

/**
 * The security log (issue 9 item 5), newest first: failed and locked
 * sign-ins and 403 denials, with the user's name where the account exists.
 * Read under `configuracion_seguridad`.
 */
export async function listSecurityEvents(db: Executor, query: z.output<typeof securityLogQuery>) {
  const { rows, total } = await repo.listEvents(db, query);
  const names = await userNames(db, [...new Set(rows.map((r) => r.userId).filter((id): id is string => !!id))]);
  const items: SecurityEventItem[] = rows.map((r) => ({
    id: r.id,
    at: r.at.toISOString(),
    kind: r.kind as SecurityEventItem['kind'],
    userId: r.userId,
    userName: r.userId ? (names.get(r.userId) ?? null) : null,
    loginName: r.loginName,
    code: r.code,
    ip: r.ip,
    method: r.method,
    route: r.route,
    requestId: r.requestId,
  }));
  return { items, page: query.page, pageSize: query.pageSize, total, totalCapped: false };
}
