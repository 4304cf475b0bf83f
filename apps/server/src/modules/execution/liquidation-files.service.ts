import type { Db, Executor } from '../../db/client.ts';
import type { UserActor } from '../../lib/actor.ts';
import { writeAudit } from '../../lib/audit.ts';
import { storedFileContent, type Content } from '../../lib/content.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { abandonStaged, commitStaged, removeUnreferenced } from '../../lib/file-gc.ts';
import type { FileStore } from '../../lib/storage.ts';
import { receiveUpload, type UploadSource } from '../../lib/uploads.ts';
import * as files from './liquidation-files.repository.ts';
import * as requests from './requests.repository.ts';
import { visibleRequest } from './requests.service.ts';

/*
 * A liquidation's scans (issue 27 section 1): each invoice's (the paper behind it, or a FEL invoice's printout)
 * and the refund's deposit slip, through the file store of the documentation issue (content-addressed, collected
 * when nothing refers to them any more). PDF, JPEG or PNG, by content whatever the name says.
 */

/** What a scan may be: checked by its bytes (`receiveUpload`). */
const SCAN_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
/** The statuses in which the liquidator attaches scans: paid, the liquidation not yet sent. */
const OPEN = ['emision_cheque', 'liquidado_temp'];

type Target = { kind: 'invoice'; invoiceId: string } | { kind: 'slip' };

/**
 * Attaches (or replaces) a scan (`PUT /api/execution/requests/:id/invoices/:invoice/scan`, `PUT
 * .../refund/slip`), by the request's liquidator (403 `not_liquidator`): multipart `file`, a PDF, JPEG or PNG by
 * content (400 `file_type`), at most `maxBytes` (413). An invoice's scan only while the liquidation is not sent
 * (409 `liquidation_closed`); a slip while the refund is owed and not received (409 `refund_received`; 404 without
 * a refund). The replaced file is collected once nothing refers to it. Audited.
 */
export async function attachScan(
  db: Db,
  store: FileStore,
  actor: UserActor,
  upload: UploadSource,
  id: string,
  target: Target,
  maxBytes: number,
) {
  await checkTarget(db, actor, id, target);
  const file = await receiveUpload(upload, store, {
    field: 'file',
    maxBytes,
    allowed: SCAN_TYPES,
    typeError: 'file_type',
  });
  let previous: string | null = null;
  try {
    await db.transaction(async (tx) => {
      await checkTarget(tx, actor, id, target, true);
      const stored = { key: file.key, name: file.name, mime: file.mime, sizeBytes: file.sizeBytes };
      await commitStaged(tx, [file.staged]);
      previous =
        target.kind === 'invoice'
          ? await files.setInvoiceScan(tx, id, target.invoiceId, stored, actor.userId)
          : await files.setSlip(tx, id, stored, actor.userId);
      await writeAudit(tx, actor, {
        action: 'update',
        entity: target.kind === 'invoice' ? 'expense_request_invoice' : 'expense_request_refund',
        entityId: target.kind === 'invoice' ? target.invoiceId : id,
        changes: { [target.kind === 'invoice' ? 'scan' : 'slip']: { before: previous, after: file.name } },
      });
    });
  } catch (err) {
    await abandonStaged(db, store, [file.staged]);
    throw err;
  }
  if (previous && previous !== file.key) await removeUnreferenced(db, store, [previous]);
}

/** The checks of `attachScan` (`lock`: the request's row taken for the write). */
async function checkTarget(db: Executor, actor: UserActor, id: string, target: Target, lock = false) {
  await visibleRequest(db, actor, id);
  const request = (await requests.findRequest(db, id, lock))!;
  if (request.liquidatorId !== actor.userId)
    throw new AppError(403, 'forbidden', [{ field: 'request', code: 'not_liquidator' }]);
  if (target.kind === 'invoice') {
    if (!OPEN.includes(request.status)) throw new AppError(409, 'liquidation_closed');
    if (!(await files.invoiceScan(db, id, target.invoiceId))) throw notFound();
  } else {
    const slip = await files.slip(db, id);
    if (!slip || slip.status === 'void') throw notFound();
    if (slip.status === 'received') throw new AppError(409, 'refund_received');
  }
}

/**
 * A scan inline (`GET .../invoices/:invoice/scan`, `GET .../refund/slip`), for whoever may open the request,
 * never cached; 404 without one.
 */
export async function scanContent(
  db: Db,
  store: FileStore,
  actor: UserActor,
  id: string,
  target: Target,
): Promise<Content> {
  await visibleRequest(db, actor, id);
  const found =
    target.kind === 'invoice' ? await files.invoiceScan(db, id, target.invoiceId) : await files.slip(db, id);
  if (!found?.key) throw notFound();
  return storedFileContent(
    store,
    {
      name: found.name ?? 'escaneo',
      mime: found.mime ?? 'application/pdf',
      sizeBytes: found.sizeBytes ?? 0,
      storageKey: found.key,
      previewKey: null,
    },
    { download: false, size: 'full' },
  );
}
