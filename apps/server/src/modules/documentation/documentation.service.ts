import type { UserActor } from '../../lib/actor.ts';
import { storedFileContent, type Content, type FileRequest } from '../../lib/content.ts';
import type { z } from 'zod';
import {
  DOCUMENT_TYPES,
  type Document,
  type DocumentSummary,
  type documentInput,
  type documentListQuery,
  type documentUpdate,
} from '@amparo/shared/modules/documentation.schema';
import type { Db, Executor } from '../../db/client.ts';
import { invalidFields, notFound } from '../../lib/errors.ts';
import { diff, writeAudit } from '../../lib/audit.ts';
import { updateVersioned } from '../../lib/versioned.ts';
import type { FileStore } from '../../lib/storage.ts';
import { receiveUpload, type UploadSource } from '../../lib/uploads.ts';
import { abandonStaged, commitStaged, removeUnreferenced } from '../../lib/file-gc.ts';
import { documents } from '../../db/schema.ts';
import { codesByCatalog } from '../catalogs/catalogs.service.ts';
import { requireAccess } from '../../lib/access.ts';
import { auditListed, auditRead } from '../../lib/read-audit.ts';
import * as repo from './documentation.repository.ts';

/**
 * Documentation (issue 4). Documents tied to a person follow that person's
 * grants (read to see, write to change); files are checked by content (PDF,
 * PNG, JPEG), streamed into the file store and kept per revision.
 */

const ENTITY = 'document';
type Row = NonNullable<Awaited<ReturnType<typeof repo.findDocument>>>;

function toSummary({ document: d, personName, fileCount }: Row): DocumentSummary {
  return {
    id: d.id,
    title: d.title,
    documentType: d.documentType,
    documentDate: d.documentDate,
    area: d.area,
    personId: d.personId,
    personName,
    tags: d.tags,
    fileCount,
    updatedAt: d.updatedAt.toISOString(),
  };
}

async function toDocument(db: Executor, row: Row): Promise<Document> {
  const files = (await repo.filesOf(db, row.document.id)).map(({ file: f, uploadedByName }) => ({
    id: f.id,
    name: f.name,
    mime: f.mime as Document['files'][number]['mime'],
    sizeBytes: f.sizeBytes,
    revision: f.revision,
    current: f.current,
    replacesId: f.replacesId,
    hasPreview: f.previewKey !== null,
    uploadedByName,
    uploadedAt: f.uploadedAt.toISOString(),
  }));
  return {
    ...toSummary(row),
    description: row.document.description,
    files,
    version: row.document.version,
    createdAt: row.document.createdAt.toISOString(),
  };
}

const snapshot = (d: Row['document']) => ({
  title: d.title,
  documentType: d.documentType,
  description: d.description,
  documentDate: d.documentDate,
  area: d.area,
  personId: d.personId,
  tags: d.tags,
});

/** The document, after checking the caller may read it (or write it). 404 when missing. */
async function load(db: Executor, actor: UserActor, id: string, need: 'canRead' | 'canWrite'): Promise<Row> {
  const row = await repo.findDocument(db, id);
  if (!row) throw notFound();
  if (row.document.personId) await requireAccess(db, row.document.personId, actor.userId, need);
  return row;
}

async function checkInput(
  db: Executor,
  actor: UserActor,
  body: z.output<typeof documentInput>,
  before: Row['document'] | null,
) {
  const types = (await codesByCatalog(db, ['document_type'])).get('document_type') ?? new Map<string, boolean>();
  const active = types.get(body.documentType);
  if (active === undefined || (!active && before?.documentType !== body.documentType))
    throw invalidFields([{ field: 'documentType', code: 'unknown_code' }]);
  // Tying a document to a person writes to that person's file.
  if (body.personId && body.personId !== before?.personId)
    await requireAccess(db, body.personId, actor.userId, 'canWrite');
}

/**
 * A page of the documents the caller may see: general documents, and documents of persons the caller holds a
 * grant on, filtered by search term, type, person and the record's age (spec section 9, `lib/item-age.ts`).
 * Persons named by the page are audited as seen (`document_list`).
 */
export async function listDocuments(db: Db, actor: UserActor, q: z.output<typeof documentListQuery>) {
  const where = repo.listWhere(actor.userId, q);
  const { items, total } = await repo.listDocuments(db, where, q.sort, q.order, q.page, q.pageSize);
  // Persons named by the results are audited as seen (issue 9 item 5).
  await auditListed(
    db,
    actor,
    items.flatMap((r) => (r.document.personId ? [r.document.personId] : [])),
    'document_list',
  );
  return { items: items.map(toSummary), page: q.page, pageSize: q.pageSize, total, totalCapped: false };
}

/**
 * A person's documents, newest first, each with its files (all revisions), for
 * the 'Documents' tab of their file. Read grant on the person (403 `no_person_access`).
 */
export async function personDocuments(db: Db, actor: UserActor, personId: string, page: number, pageSize: number) {
  await requireAccess(db, personId, actor.userId, 'canRead');
  const { items, total } = await repo.listDocuments(
    db,
    repo.ofPerson(personId),
    'documentDate',
    'desc',
    page,
    pageSize,
  );
  await auditRead(db, actor, personId, 'documents');
  return { items: await Promise.all(items.map((r) => toDocument(db, r))), page, pageSize, total, totalCapped: false };
}

/** A document with its files (read grant on its person, if any); opening a person's document (`audited`) is audited on the person. */
export async function getDocument(db: Db, actor: UserActor, id: string, audited = false): Promise<Document> {
  const row = await load(db, actor, id, 'canRead');
  if (audited && row.document.personId)
    await auditRead(db, actor, row.document.personId, 'document', {
      [`document:${id}`]: { before: null, after: row.document.title },
    });
  return toDocument(db, row);
}

/**
 * Creates a document (spec section 3, Documentación). A person's document needs write on that person (403
 * `no_person_access`). Audited as `create`.
 */
export async function createDocument(
  db: Db,
  actor: UserActor,
  body: z.output<typeof documentInput>,
): Promise<Document> {
  return db.transaction(async (tx) => {
    await checkInput(tx, actor, body, null);
    const id = await repo.insertDocument(tx, {
      ...body,
      tags: [...new Set(body.tags)],
      createdBy: actor.userId,
      updatedBy: actor.userId,
    });
    const row = (await repo.findDocument(tx, id))!;
    await writeAudit(tx, actor, {
      action: 'create',
      entity: ENTITY,
      entityId: id,
      changes: diff(null, snapshot(row.document)),
    });
    return toDocument(tx, row);
  });
}

/**
 * Edits a document (write on it and, when it moves to another person, on that person; 409 `stale` on an old
 * `version`). Audited with before/after.
 */
export async function updateDocument(
  db: Db,
  actor: UserActor,
  id: string,
  body: z.output<typeof documentUpdate>,
): Promise<Document> {
  return db.transaction(async (tx) => {
    const before = await load(tx, actor, id, 'canWrite');
    const { version, ...input } = body;
    await checkInput(tx, actor, input, before.document);
    await updateVersioned(tx, documents, id, version, {
      ...input,
      tags: [...new Set(input.tags)],
      updatedBy: actor.userId,
    });
    const after = (await repo.findDocument(tx, id))!;
    await writeAudit(tx, actor, {
      action: 'update',
      entity: ENTITY,
      entityId: id,
      changes: diff(snapshot(before.document), snapshot(after.document)),
    });
    return toDocument(tx, after);
  });
}

/** Removes stored bytes no row refers to any more; only ever after the rows are gone. */
const collect = removeUnreferenced;

/** Deletes a document and its file rows, then (committed) the stored files nothing else uses. */
export async function deleteDocument(db: Db, store: FileStore, actor: UserActor, id: string): Promise<void> {
  const keys = await db.transaction(async (tx) => {
    const before = await load(tx, actor, id, 'canWrite');
    const stored = await repo.storageKeysOf(tx, id);
    await repo.deleteDocument(tx, id);
    await writeAudit(tx, actor, {
      action: 'delete',
      entity: ENTITY,
      entityId: id,
      changes: diff(snapshot(before.document), null),
    });
    return stored;
  });
  await collect(db, store, keys);
}

async function recordFile(
  db: Db,
  store: FileStore,
  actor: UserActor,
  upload: UploadSource,
  documentId: string,
  maxBytes: number,
  replacing: string | null,
) {
  await load(db, actor, documentId, 'canWrite');
  const file = await receiveUpload(upload, store, {
    field: 'file',
    maxBytes,
    allowed: DOCUMENT_TYPES,
    typeError: 'file_type',
    preview: true,
  });
  const staged = file.preview ? [file.staged, file.preview] : [file.staged];
  try {
    await db.transaction(async (tx) => {
      await load(tx, actor, documentId, 'canWrite');
      // Into place under the keys' locks, committed with the row (issue 9 item 4).
      await commitStaged(tx, staged);
      let revision = 1;
      if (replacing) {
        const old = await repo.findFile(tx, replacing);
        if (!old || old.documentId !== documentId || !old.current) throw notFound();
        revision = old.revision + 1;
        await repo.retireFile(tx, old.id);
      }
      const id = await repo.insertFile(tx, {
        documentId,
        name: file.name,
        mime: file.mime,
        sizeBytes: file.sizeBytes,
        storageKey: file.key,
        previewKey: file.preview?.key ?? null,
        revision,
        current: true,
        replacesId: replacing,
        uploadedBy: actor.userId,
      });
      await repo.touchDocument(tx, documentId, actor.userId);
      await writeAudit(tx, actor, {
        action: replacing ? 'file_replace' : 'file_add',
        entity: ENTITY,
        entityId: documentId,
        changes: {
          [`file:${id}`]: {
            before: replacing,
            after: { name: file.name, mime: file.mime, sizeBytes: file.sizeBytes, revision },
          },
        },
      });
    });
  } catch (err) {
    await abandonStaged(db, store, staged);
    throw err;
  }
  return getDocument(db, actor, documentId);
}

/**
 * Adds a file to a document from the request's multipart field `file` (PDF,
 * PNG or JPEG by content, at most `maxBytes`: 413 otherwise). Needs write on
 * the document. Returns the document with its files.
 */
export const addFile = (
  db: Db,
  store: FileStore,
  actor: UserActor,
  upload: UploadSource,
  documentId: string,
  maxBytes: number,
) => recordFile(db, store, actor, upload, documentId, maxBytes, null);

/** Uploads a new revision of file `fileId`; the previous revision is kept (spec section 3, documentation). */
export const replaceFile = (
  db: Db,
  store: FileStore,
  actor: UserActor,
  upload: UploadSource,
  documentId: string,
  fileId: string,
  maxBytes: number,
) => recordFile(db, store, actor, upload, documentId, maxBytes, fileId);

/** Deletes a current file and its earlier revisions; their bytes go once unreferenced. */
export async function deleteFile(
  db: Db,
  store: FileStore,
  actor: UserActor,
  documentId: string,
  fileId: string,
): Promise<Document> {
  const keys = await db.transaction(async (tx) => {
    await load(tx, actor, documentId, 'canWrite');
    const file = await repo.findFile(tx, fileId);
    if (!file || file.documentId !== documentId || !file.current) throw notFound();
    const chain = await repo.revisionChain(tx, fileId);
    await repo.deleteFiles(
      tx,
      chain.map((c) => c.id),
    );
    await writeAudit(tx, actor, {
      action: 'file_delete',
      entity: ENTITY,
      entityId: documentId,
      changes: { [`file:${fileId}`]: { before: { name: file.name, revisions: chain.length }, after: null } },
    });
    return chain.flatMap((c) => [c.storageKey, c.previewKey ?? '']);
  });
  await collect(db, store, keys);
  return getDocument(db, actor, documentId);
}

/** A file of one of the person's documents (404 when it belongs to another document), as `fileContent` gives it. */
export async function personFileContent(
  db: Db,
  store: FileStore,
  actor: UserActor,
  personId: string,
  fileId: string,
  request: FileRequest,
): Promise<Content> {
  const file = await repo.findFile(db, fileId);
  const row = file ? await repo.findDocument(db, file.documentId) : null;
  if (!row || row.document.personId !== personId) throw notFound();
  return fileContent(db, store, actor, fileId, request);
}

/**
 * A file's bytes (inline for preview, or as a download), streamed from the
 * store, never cached; `size: 'preview'` gives a huge image's reduced JPEG
 * (`storedFileContent`). Opening a person's document is audited on the person,
 * like opening their record. 404 unknown file; 403 without the document's
 * read right (its person's grant, for a person's document).
 */
export async function fileContent(
  db: Db,
  store: FileStore,
  actor: UserActor,
  fileId: string,
  request: FileRequest,
): Promise<Content> {
  const file = await repo.findFile(db, fileId);
  if (!file) throw notFound();
  const row = await load(db, actor, file.documentId, 'canRead');
  if (row.document.personId) {
    await writeAudit(db, actor, {
      action: 'view_document',
      entity: 'person',
      entityId: row.document.personId,
      changes: { [`document:${row.document.id}`]: { before: null, after: file.name } },
    });
  }
  return storedFileContent(store, file, request);
}
