import type { z } from 'zod';
import { todayInGuatemala, toGuatemalaLocal } from '@amparo/shared/format';
import type { ticketExportQuery } from '@amparo/shared/modules/support.schema';
import type { Db } from '../../db/client.ts';
import type { UserActor } from '../../lib/actor.ts';
import type { Content } from '../../lib/content.ts';
import { nextBatch, xlsxExport } from '../../lib/xlsx-export.ts';
import { writeAudit } from '../../lib/audit.ts';
import { catalogLabels } from '../catalogs/catalogs.service.ts';
import * as repo from './support.repository.ts';
import { calendars, slaOf } from './support.sla.ts';
import { listWhere } from './support.service.ts';

const BATCH = 1000;

/** Column headers and values per language (the export is a file for people, not an API). */
const TEXT = {
  es: {
    sheet: 'Tickets',
    number: 'Número',
    status: 'Estado',
    type: 'Tipo',
    priority: 'Prioridad',
    criticality: 'Criticidad',
    headquarter: 'Sede',
    requester: 'Solicitante',
    assignee: 'Asignado a',
    createdAt: 'Creado',
    estimatedDate: 'Fecha estimada',
    followUpDate: 'Seguimiento',
    resolvedAt: 'Resuelto',
    breached: 'Fuera de plazo',
    subject: 'Asunto',
    description: 'Descripción',
    yes: 'Sí',
    no: 'No',
    statuses: {
      generado: 'Generado',
      asignado: 'Asignado',
      curso: 'En curso',
      pendiente: 'Pendiente',
      resuelto: 'Resuelto',
      finalizado: 'Finalizado',
      cancelado: 'Cancelado',
      rechazado: 'Rechazado',
    },
    levels: { alta: 'Alta', media: 'Media', baja: 'Baja' },
  },
  en: {
    sheet: 'Tickets',
    number: 'Number',
    status: 'Status',
    type: 'Type',
    priority: 'Priority',
    criticality: 'Criticality',
    headquarter: 'Headquarter',
    requester: 'Requester',
    assignee: 'Assigned to',
    createdAt: 'Created',
    estimatedDate: 'Estimated date',
    followUpDate: 'Follow-up',
    resolvedAt: 'Resolved',
    breached: 'Target missed',
    subject: 'Subject',
    description: 'Description',
    yes: 'Yes',
    no: 'No',
    statuses: {
      generado: 'Raised',
      asignado: 'Assigned',
      curso: 'In progress',
      pendiente: 'Pending',
      resuelto: 'Resolved',
      finalizado: 'Closed',
      cancelado: 'Cancelled',
      rechazado: 'Rejected',
    },
    levels: { alta: 'High', media: 'Medium', baja: 'Low' },
  },
} as const;

const COLUMNS = [
  'number',
  'status',
  'type',
  'priority',
  'criticality',
  'headquarter',
  'requester',
  'assignee',
  'createdAt',
  'estimatedDate',
  'followUpDate',
  'resolvedAt',
  'breached',
  'subject',
  'description',
] as const;

/**
 * Streams the filtered list (same scope and filters as the list: a requester
 * their own tickets, support staff the queue) as an xlsx file in the caller's
 * language, in batches of BATCH rows by number; dates in America/Guatemala.
 * Comments are never exported. The row count goes first in `x-export-rows`.
 * Audited with its filters and row count.
 */
export async function exportTickets(
  db: Db,
  actor: UserActor,
  q: z.output<typeof ticketExportQuery>,
  log: { error(details: object, message: string): void },
): Promise<Content> {
  const { where } = listWhere(actor, q);
  const { total } = await repo.countTickets(db, where, Number.MAX_SAFE_INTEGER - 1);
  const text = TEXT[q.lang];
  const types = await catalogLabels(db, 'ticket_type', q.lang);
  await writeAudit(db, actor, {
    action: 'export',
    entity: 'support_ticket',
    entityId: 'tickets',
    changes: { export: { before: null, after: { filters: { ...q }, rows: total } } },
  });

  const local = (d: Date | null) => (d ? toGuatemalaLocal(d).replace('T', ' ').slice(0, 16) : '');
  return xlsxExport({
    filename: `tickets-${todayInGuatemala()}.xlsx`,
    rows: total,
    sheet: {
      name: text.sheet,
      columns: COLUMNS.map((k) => ({
        header: text[k],
        key: k,
        width: k === 'description' ? 60 : k === 'subject' ? 40 : 16,
      })),
    },
    log,
    fill: async (addRow) => {
      const calendarOf = calendars(db);
      let after = '';
      for (;;) {
        const rows = await repo.exportBatch(db, where, after, BATCH);
        if (rows.length === 0) break;
        const now = new Date();
        for (const r of rows) {
          const t = r.ticket;
          const sla = slaOf(await calendarOf(t.headquarterId), t, now);
          addRow({
            number: t.number,
            status: text.statuses[t.status as keyof typeof text.statuses] ?? t.status,
            type: types.get(t.type) ?? t.type,
            priority: text.levels[t.priority as keyof typeof text.levels] ?? t.priority,
            criticality: text.levels[t.criticality as keyof typeof text.levels] ?? t.criticality,
            headquarter: r.headquarterName ?? '',
            requester: r.requesterName ?? '',
            assignee: r.assigneeName ?? '',
            createdAt: local(t.createdAt),
            estimatedDate: t.estimatedDate ?? '',
            followUpDate: t.followUpDate ?? '',
            resolvedAt: local(t.resolvedAt),
            breached: sla.breached ? text.yes : text.no,
            subject: t.subject,
            description: t.description,
          });
        }
        after = rows[rows.length - 1]!.ticket.number;
        await nextBatch();
      }
    },
  });
}
