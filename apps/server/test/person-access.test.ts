import { readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { isPermissionKey, requiredKeys } from '@amparo/shared/permissions';
import type { RegisteredRoute } from '../src/plugins/auth.ts';
import { as, buildTestApp, createUser, login, personBody, type TestApp } from './helpers.ts';
import { multipartFile, PNG_FIXTURE } from './multipart.ts';

/**
 * Issue 9 item 9: a test generated from the registered routes. Every route
 * whose path or body names a person, or a record that belongs to one (link,
 * perpetrator, attention, grant, access request, document, document file,
 * activity photo, participant), is called
 * - by a user holding the routes' permission keys but no grant on the person: 403
 *   (the documented answer), a problem+json body (no bytes served), and
 *   nothing written (row counts, versions, audit entries, stored files);
 * - for writes, by a user holding a read-only grant: 403.
 * Which routes name a person is derived from the path parameters and the body
 * schema's field names (`RegisteredRoute.params/body`); how to build a target
 * for each is the explicit map CASES below. A new person route without an
 * entry fails the first test; one without its grant check fails the others.
 * The refusal must be the per-person rule's (`no_person_access`, or the code
 * a case documents), not another rule that happens to refuse first.
 *
 * Routes whose answers name or list persons (lists, searches, histories,
 * links, participants, pending requests) are derived from their response
 * schemas' field names (`RegisteredRoute.answer`): each is called by the same
 * outsider on records they may see (their own person Q, an activity they
 * edit) that involve P, and the answer must not name P (nor carry P's id,
 * unless the case says why), while the same call by P's owner does: the map
 * ANSWERS below. A new such route without an entry fails too.
 */

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** Path parameters and body fields that name a person or a record of one. */
const PERSON_PARAMS = ['personId', 'linkId', 'perpetratorId', 'attentionId', 'grantId', 'fileId', 'photoId'];
const PERSON_BODY = ['personId', 'personIds', 'participantIds', 'linkedPersonId', 'documentId', 'guardianLinkId'];
/** `:id` names a person's record under these prefixes (a person, a document, an access request). */
const PERSON_ID_PREFIXES = [
  '/api/population/persons/:id',
  '/api/documentation/documents/:id',
  '/api/population/access-requests/:id',
];

function namesPerson(r: RegisteredRoute): boolean {
  if (r.params.some((p) => PERSON_PARAMS.includes(p))) return true;
  if (r.body.some((b) => PERSON_BODY.includes(b))) return true;
  return r.params.includes('id') && PERSON_ID_PREFIXES.some((prefix) => r.url.startsWith(prefix));
}

interface Fixture {
  /** The person nobody but the owner may see (reader: read-only grant). */
  p: string;
  pVersion: number;
  /** A person the outsider administers (for routes whose body names P); the owner co-administers it and linked P to it. */
  q: string;
  link: string;
  linkVersion: number;
  qLink: string;
  qLinkVersion: number;
  perpetrator: string;
  perpetratorVersion: number;
  attention: string;
  attentionVersion: number;
  readerGrant: string;
  request: string;
  document: string;
  documentVersion: number;
  file: string;
  ownDocument: string;
  ownDocumentVersion: number;
  activity: string;
  ownActivity: string;
  /** An activity the outsider created with the owner as co-facilitator; the owner added P, the outsider Q. */
  sharedActivity: string;
  /** A photo of the shared activity the outsider uploaded (they see it whatever its tags). */
  sharedPhoto: string;
  photo: string;
  readerId: string;
  ownerId: string;
  outsiderId: string;
}

interface Target {
  url: string;
  payload?: unknown;
  multipart?: { field: string; name: string; content: () => Buffer; type: string };
}
interface Case {
  target: (f: Fixture) => Target;
  /** Also call it as the read-only grantee (writes only; default true for writes). */
  reader?: boolean;
  /** The refusal's documented code (default `no_person_access`, the per-person rule's). */
  code?: string;
}
type Entry = Case[] | { exempt: string };

const fill = (url: string, values: Record<string, string>) =>
  url.replace(/:(\w+)/g, (_m, name: string) => values[name] ?? `:${name}`);
const at = (
  url: string,
  values: (f: Fixture) => Record<string, string>,
  extra: (f: Fixture) => Omit<Target, 'url'> = () => ({}),
): Case => ({
  target: (f) => ({ url: fill(url, values(f)), ...extra(f) }),
});
const onP = (f: Fixture) => ({ id: f.p });
const personUpdate = (f: Fixture) => ({ payload: { ...personBody({ names: 'Cambiada' }), version: f.pVersion } });
/** P's names: no answer to the outsider may carry them. */
const P_NAMES = { names: 'Protegida', lastNames: 'Sactic Tol' };
const linkBody = { names: 'Rosa', lastNames: 'Ajú', bond: 'TIO' };
const perpetratorBody = { alias: 'El Tío', thematic: ['NEGLIGENCIA'] };
const attentionBody = (f: Fixture) => ({
  attendedAt: '2026-10-01T09:30',
  professionalId: f.readerId,
  area: 'LEGAL',
  modality: 'INDIVIDUAL',
  durationMinutes: 30,
  summary: 'Intento',
});
const docBody = (personId: string) => ({
  title: 'Acta ajena',
  documentType: 'ACTA',
  documentDate: '2026-11-02',
  tags: [],
  personId,
});
const photoUpload = { multipart: { field: 'photo', name: 'foto.png', content: PNG_FIXTURE, type: 'image/png' } };
const fileUpload = { multipart: { field: 'file', name: 'acta.pdf', content: () => PDF, type: 'application/pdf' } };

/** How to build a target record for each person route (method + registered path). */
const CASES: Record<string, Entry> = {
  'GET /api/population/persons/:id': [at('/api/population/persons/:id', onP)],
  'PUT /api/population/persons/:id': [at('/api/population/persons/:id', onP, personUpdate)],
  'DELETE /api/population/persons/:id': [at('/api/population/persons/:id', onP)],
  'POST /api/population/access/:personId': {
    exempt: "answers the caller's own grant flags (all N without a grant); nothing of the person is read",
  },
  'GET /api/population/persons/:id/grants': [at('/api/population/persons/:id/grants', onP)],
  'POST /api/population/persons/:id/grants': [
    at('/api/population/persons/:id/grants', onP, () => ({
      payload: {
        userId: '00000000-0000-4000-8000-000000000000',
        canRead: true,
        canWrite: true,
        administrator: true,
        reason: 'Me lo doy',
      },
    })),
  ],
  'DELETE /api/population/persons/:id/grants/:grantId': [
    at('/api/population/persons/:id/grants/:grantId', (f) => ({ id: f.p, grantId: f.readerGrant })),
  ],
  'GET /api/population/persons/:id/access-requests': [at('/api/population/persons/:id/access-requests', onP)],
  'POST /api/population/persons/:id/access-requests': {
    exempt: 'asking for access is what a user without a grant does (audited; 409 while one is pending)',
  },
  'POST /api/population/access-requests/:id/decision': [
    at(
      '/api/population/access-requests/:id/decision',
      (f) => ({ id: f.request }),
      () => ({ payload: { approve: true } }),
    ),
  ],
  'GET /api/population/persons/:id/history': [at('/api/population/persons/:id/history', onP)],

  'GET /api/population/persons/:id/links': [at('/api/population/persons/:id/links', onP)],
  'POST /api/population/persons/:id/links': [
    at('/api/population/persons/:id/links', onP, () => ({ payload: linkBody })),
    // The body names P on a file the caller administers.
    {
      ...at(
        '/api/population/persons/:id/links',
        (f) => ({ id: f.q }),
        (f) => ({ payload: { linkedPersonId: f.p, bond: 'HERMANO' } }),
      ),
      reader: false,
    },
  ],
  'PUT /api/population/persons/:id/links/:linkId': [
    at(
      '/api/population/persons/:id/links/:linkId',
      (f) => ({ id: f.p, linkId: f.link }),
      (f) => ({ payload: { ...linkBody, version: f.linkVersion } }),
    ),
    {
      ...at(
        '/api/population/persons/:id/links/:linkId',
        (f) => ({ id: f.q, linkId: f.qLink }),
        (f) => ({ payload: { linkedPersonId: f.p, bond: 'HERMANO', version: f.qLinkVersion } }),
      ),
      reader: false,
    },
  ],
  'DELETE /api/population/persons/:id/links/:linkId': [
    at('/api/population/persons/:id/links/:linkId', (f) => ({ id: f.p, linkId: f.link })),
  ],
  'GET /api/population/persons/:id/perpetrators': [at('/api/population/persons/:id/perpetrators', onP)],
  'POST /api/population/persons/:id/perpetrators': [
    at('/api/population/persons/:id/perpetrators', onP, () => ({ payload: perpetratorBody })),
  ],
  'PUT /api/population/persons/:id/perpetrators/:perpetratorId': [
    at(
      '/api/population/persons/:id/perpetrators/:perpetratorId',
      (f) => ({ id: f.p, perpetratorId: f.perpetrator }),
      (f) => ({ payload: { ...perpetratorBody, version: f.perpetratorVersion } }),
    ),
  ],
  'DELETE /api/population/persons/:id/perpetrators/:perpetratorId': [
    at('/api/population/persons/:id/perpetrators/:perpetratorId', (f) => ({ id: f.p, perpetratorId: f.perpetrator })),
  ],
  'GET /api/population/persons/:id/attentions': [at('/api/population/persons/:id/attentions', onP)],
  'POST /api/population/persons/:id/attentions': [
    at('/api/population/persons/:id/attentions', onP, (f) => ({ payload: attentionBody(f) })),
  ],
  'PUT /api/population/persons/:id/attentions/:attentionId': [
    at(
      '/api/population/persons/:id/attentions/:attentionId',
      (f) => ({ id: f.p, attentionId: f.attention }),
      (f) => ({ payload: { ...attentionBody(f), version: f.attentionVersion } }),
    ),
  ],
  'DELETE /api/population/persons/:id/attentions/:attentionId': [
    at('/api/population/persons/:id/attentions/:attentionId', (f) => ({ id: f.p, attentionId: f.attention })),
  ],

  'GET /api/population/persons/:id/periods': [at('/api/population/persons/:id/periods', onP)],
  'POST /api/population/persons/:id/readmission': [
    at('/api/population/persons/:id/readmission', onP, (f) => ({
      payload: { admissionDate: '2026-11-01', version: f.pVersion },
    })),
  ],
  'GET /api/population/persons/:id/consents': [at('/api/population/persons/:id/consents', onP)],
  'PUT /api/population/persons/:id/consents': [
    at('/api/population/persons/:id/consents', onP, () => ({
      payload: { kind: 'image_use', granted: true, givenOn: '2026-11-01', givenBy: 'self' },
    })),
    // P's document cited as the signed consent on the caller's own person.
    {
      ...at(
        '/api/population/persons/:id/consents',
        (f) => ({ id: f.q }),
        (f) => ({
          payload: { kind: 'services', granted: true, givenOn: '2026-11-01', givenBy: 'self', documentId: f.document },
        }),
      ),
      reader: false,
    },
  ],
  'GET /api/population/persons/:id/photo-info': [at('/api/population/persons/:id/photo-info', onP)],
  'PUT /api/population/persons/:id/photo': [at('/api/population/persons/:id/photo', onP, () => photoUpload)],
  'DELETE /api/population/persons/:id/photo': [at('/api/population/persons/:id/photo', onP)],
  'GET /api/population/persons/:id/photo': [
    at('/api/population/persons/:id/photo', onP),
    at('/api/population/persons/:id/photo?size=thumb', onP),
  ],
  'GET /api/population/persons/:id/documents': [at('/api/population/persons/:id/documents', onP)],
  'GET /api/population/persons/:id/document-files/:fileId/content': [
    at('/api/population/persons/:id/document-files/:fileId/content', (f) => ({ id: f.p, fileId: f.file })),
  ],
  'GET /api/population/persons/:id/activities': [at('/api/population/persons/:id/activities', onP)],

  // A new activity with P among the participants picked in the add form: refused whole (no activity either).
  'POST /api/population/activities': [
    {
      target: (f) => ({
        url: '/api/population/activities',
        payload: { ...ACTIVITY_BODY, facilitatorIds: [f.outsiderId], participantIds: [f.p] },
      }),
      reader: false,
    },
  ],
  'POST /api/population/activities/:id/participants': [
    // Attaching needs a read grant on the person (so the reader may), not a write grant.
    {
      ...at(
        '/api/population/activities/:id/participants',
        (f) => ({ id: f.ownActivity }),
        (f) => ({ payload: { personId: f.p } }),
      ),
      reader: false,
    },
  ],
  // On an activity the outsider edits (anyone else is refused by the activity's edit rule first).
  'DELETE /api/population/activities/:id/participants/:personId': [
    {
      ...at('/api/population/activities/:id/participants/:personId', (f) => ({ id: f.sharedActivity, personId: f.p })),
      reader: false,
    },
  ],
  'GET /api/support/tickets/:id/files/:fileId': {
    exempt:
      "a support ticket's file names no person: its ticket's requester or support staff read it (support.test.ts)",
  },
  'DELETE /api/population/activities/:id/photos/:photoId': {
    exempt: "an activity's photos follow the activity's edit rule (issue 9 item 2), not a person grant",
  },
  // Tagging P on the outsider's own photo of an activity they edit; a reader of P may tag (if an editor).
  'PUT /api/population/activities/:id/photos/:photoId/persons': [
    {
      ...at(
        '/api/population/activities/:id/photos/:photoId/persons',
        (f) => ({ id: f.sharedActivity, photoId: f.sharedPhoto }),
        (f) => ({ payload: { personIds: [f.p] } }),
      ),
      reader: false,
    },
  ],
  // A photo showing P without image consent (documented answer: 403 photo_hidden).
  'GET /api/population/activity-photos/:photoId': [
    { ...at('/api/population/activity-photos/:photoId', (f) => ({ photoId: f.photo })), code: 'photo_hidden' },
    {
      ...at('/api/population/activity-photos/:photoId?size=thumb', (f) => ({ photoId: f.photo })),
      code: 'photo_hidden',
    },
  ],

  'POST /api/documentation/documents': [
    {
      ...at(
        '/api/documentation/documents',
        () => ({}),
        (f) => ({ payload: docBody(f.p) }),
      ),
      reader: false,
    },
  ],
  'GET /api/documentation/documents/:id': [at('/api/documentation/documents/:id', (f) => ({ id: f.document }))],
  'PUT /api/documentation/documents/:id': [
    at(
      '/api/documentation/documents/:id',
      (f) => ({ id: f.document }),
      (f) => ({ payload: { ...docBody(f.p), title: 'Cambiado', version: f.documentVersion } }),
    ),
    // Tying the caller's own document to P.
    {
      ...at(
        '/api/documentation/documents/:id',
        (f) => ({ id: f.ownDocument }),
        (f) => ({ payload: { ...docBody(f.p), version: f.ownDocumentVersion } }),
      ),
      reader: false,
    },
  ],
  'DELETE /api/documentation/documents/:id': [at('/api/documentation/documents/:id', (f) => ({ id: f.document }))],
  'POST /api/documentation/documents/:id/files': [
    at(
      '/api/documentation/documents/:id/files',
      (f) => ({ id: f.document }),
      () => fileUpload,
    ),
  ],
  'PUT /api/documentation/documents/:id/files/:fileId': [
    at(
      '/api/documentation/documents/:id/files/:fileId',
      (f) => ({ id: f.document, fileId: f.file }),
      () => fileUpload,
    ),
  ],
  'DELETE /api/documentation/documents/:id/files/:fileId': [
    at('/api/documentation/documents/:id/files/:fileId', (f) => ({ id: f.document, fileId: f.file })),
  ],
  'GET /api/documentation/files/:fileId/content': [
    at('/api/documentation/files/:fileId/content', (f) => ({ fileId: f.file })),
  ],
};

/** Answer fields that name or list persons (`RegisteredRoute.answer`, every field name of the 2xx response schemas). */
const PERSON_ANSWER = ['personId', 'personName', 'otherPersonId', 'participants', 'persons', 'fileCode', 'names'];
const answersPersons = (r: RegisteredRoute) => r.answer.some((field) => PERSON_ANSWER.includes(field));

/** Who makes an answer case's call (the outsider, then P's owner), for what the call needs made first. */
interface Caller {
  api: ReturnType<typeof as>;
}
interface AnswerCase {
  /** The call, on records the caller may see or edit that involve P; it may first make what it needs (a photo to delete). */
  target: (f: Fixture, caller: Caller) => Target | Promise<Target>;
  /** Why the outsider's answer may carry P's id (never P's names). */
  showsId?: string;
}
type AnswerEntry = AnswerCase[] | { exempt: string };

const ITSELF = {
  exempt: 'names only the person of its path (or of the record in its path), whose grant the refusal tests check',
};
const LINK_ID = 'a link to a registered person keeps their id, marked otherPersonRestricted, without their names';
const ok200 = async (res: Promise<{ statusCode: number; body: string; json: () => { data: unknown } }>) => {
  const r = await res;
  expect(r.statusCode, r.body).toBe(200);
  return r.json().data as Record<string, unknown> & { id: string; version: number };
};
const ACTIVITY_BODY = {
  name: 'Taller',
  activityType: 'TALLER',
  startsAt: '2026-11-20T09:00',
  state: '07',
  town: '0701',
};
const activityPhoto = { multipart: { field: 'photo', name: 'grupo.png', content: PNG_FIXTURE, type: 'image/png' } };
/** A person of the caller's own, attached to the shared activity when `attach`. */
async function ownPerson(f: Fixture, c: Caller, attach: boolean) {
  const person = await ok200(c.api.post('/api/population/persons', personBody({ names: 'Acompañante' })));
  if (attach)
    await ok200(c.api.post(`/api/population/activities/${f.sharedActivity}/participants`, { personId: person.id }));
  return person.id;
}

/** How to call each route whose answer names or lists persons (method + registered path). */
const ANSWERS: Record<string, AnswerEntry> = {
  'GET /api/population/persons': [{ target: () => ({ url: '/api/population/persons' }) }],
  'POST /api/population/persons': { exempt: 'answers the person it registers' },
  'GET /api/population/persons/:id': ITSELF,
  'PUT /api/population/persons/:id': ITSELF,
  'GET /api/population/persons/:id/access-requests': ITSELF,
  'POST /api/population/persons/:id/access-requests': ITSELF,
  // The outsider's own request on P is pending: it is the owner's to decide, not in the outsider's list.
  'GET /api/population/access-requests': [{ target: () => ({ url: '/api/population/access-requests' }) }],
  'POST /api/population/access-requests/:id/decision': ITSELF,
  'GET /api/population/persons/:id/history': [
    {
      target: (f) => ({ url: `/api/population/persons/${f.q}/history?pageSize=100` }),
      showsId: 'an entry keeps the ids it changed (the link to P); only the names beside them are withheld',
    },
  ],
  'GET /api/population/persons/:id/links': [
    { target: (f) => ({ url: `/api/population/persons/${f.q}/links` }), showsId: LINK_ID },
  ],
  'POST /api/population/persons/:id/links': [
    {
      target: (f) => ({
        url: `/api/population/persons/${f.q}/links`,
        payload: { names: 'Tía', lastNames: 'Sin registro', bond: 'TIO' },
      }),
      showsId: LINK_ID,
    },
  ],
  'PUT /api/population/persons/:id/links/:linkId': [
    {
      target: async (f, c) => {
        const links = (await ok200(c.api.get(`/api/population/persons/${f.q}/links`))) as unknown as {
          id: string;
          version: number;
        }[];
        const version = links.find((l) => l.id === f.qLink)!.version;
        return {
          url: `/api/population/persons/${f.q}/links/${f.qLink}`,
          payload: { names: 'Juan', lastNames: 'Tzoc', bond: 'TIO', version },
        };
      },
      showsId: LINK_ID,
    },
  ],
  'GET /api/population/persons/:id/perpetrators': {
    exempt: "names the perpetrators on its person's file, not persons",
  },
  'POST /api/population/persons/:id/perpetrators': {
    exempt: "names the perpetrators on its person's file, not persons",
  },
  'PUT /api/population/persons/:id/perpetrators/:perpetratorId': {
    exempt: "names the perpetrators on its person's file, not persons",
  },
  'GET /api/population/persons/:id/attentions': ITSELF,
  'POST /api/population/persons/:id/attentions': ITSELF,
  'PUT /api/population/persons/:id/attentions/:attentionId': ITSELF,
  'GET /api/population/attentions/mine': [
    {
      target: () => ({ url: '/api/population/attentions/mine?pageSize=100' }),
      showsId: "the caller's own attention on P: personRestricted, without P's names or the summary",
    },
  ],
  'POST /api/population/activities': {
    exempt: 'names only the participants its body attached, each one the caller may read (refused whole otherwise)',
  },
  'GET /api/population/activities/:id': [
    { target: (f) => ({ url: `/api/population/activities/${f.sharedActivity}` }) },
  ],
  'PUT /api/population/activities/:id': [
    {
      target: async (f, c) => {
        const { version } = await ok200(c.api.get(`/api/population/activities/${f.sharedActivity}`));
        return {
          url: `/api/population/activities/${f.sharedActivity}`,
          payload: { ...ACTIVITY_BODY, facilitatorIds: [f.outsiderId, f.ownerId], version },
        };
      },
    },
  ],
  'POST /api/population/activities/:id/participants': [
    {
      target: async (f, c) => ({
        url: `/api/population/activities/${f.sharedActivity}/participants`,
        payload: { personId: await ownPerson(f, c, false) },
      }),
    },
  ],
  'DELETE /api/population/activities/:id/participants/:personId': [
    {
      target: async (f, c) => ({
        url: `/api/population/activities/${f.sharedActivity}/participants/${await ownPerson(f, c, true)}`,
      }),
    },
  ],
  'POST /api/population/activities/:id/photos': [
    { target: (f) => ({ url: `/api/population/activities/${f.sharedActivity}/photos`, ...activityPhoto }) },
  ],
  'DELETE /api/population/activities/:id/photos/:photoId': [
    {
      target: async (f, c) => {
        const ids = (data: Record<string, unknown>) => (data.photos as { id: string }[]).map((p) => p.id);
        const before = ids(await ok200(c.api.get(`/api/population/activities/${f.sharedActivity}`)));
        const m = multipartFile('photo', 'grupo.png', PNG_FIXTURE(), 'image/png');
        const after = ids(
          await ok200(
            c.api.post(`/api/population/activities/${f.sharedActivity}/photos`, m.payload, { headers: m.headers }),
          ),
        );
        const added = after.find((id) => !before.includes(id))!;
        return { url: `/api/population/activities/${f.sharedActivity}/photos/${added}` };
      },
    },
  ],
  'PUT /api/population/activities/:id/photos/:photoId/persons': [
    {
      target: (f) => ({
        url: `/api/population/activities/${f.sharedActivity}/photos/${f.sharedPhoto}/persons`,
        payload: { personIds: [f.q] },
      }),
    },
  ],
  'GET /api/population/activities/lookup/persons': [
    { target: () => ({ url: '/api/population/activities/lookup/persons?q=protegida' }) },
  ],
  'GET /api/documentation/documents': [{ target: () => ({ url: '/api/documentation/documents' }) }],
  'POST /api/documentation/documents': { exempt: 'answers the document it files (a person named: refusal tests)' },
  'GET /api/documentation/documents/:id': ITSELF,
  'PUT /api/documentation/documents/:id': ITSELF,
  'POST /api/documentation/documents/:id/files': ITSELF,
  'PUT /api/documentation/documents/:id/files/:fileId': ITSELF,
  'DELETE /api/documentation/documents/:id/files/:fileId': ITSELF,
  'GET /api/population/persons/:id/documents': ITSELF,
};

/** Row counts and version sums of every table holding case data, and the audit trail's length. */
const FINGERPRINT = sql`select
  (select count(*) || ':' || coalesce(sum(version), 0) || ':' || count(deleted_at) from persons) as persons,
  (select count(*) || ':' || string_agg(can_write::text || administrator::text || coalesce(expires_on::text, ''), ',' order by id) from person_grants) as grants,
  (select count(*) || ':' || string_agg(status, ',' order by id) from person_access_requests) as requests,
  (select count(*) || ':' || coalesce(sum(version), 0) from person_links) as links,
  (select count(*) || ':' || coalesce(sum(version), 0) from person_perpetrators) as perpetrators,
  (select count(*) || ':' || coalesce(sum(version), 0) from attentions) as attentions,
  (select count(*) from person_periods) as periods,
  (select count(*) || ':' || coalesce(sum(version), 0) from person_consents) as consents,
  (select count(*) || ':' || coalesce(sum(version), 0) from documents) as documents,
  (select count(*) || ':' || count(*) filter (where current) from document_files) as files,
  (select count(*) from activities) as activities,
  (select count(*) from activity_participants) as participants,
  (select count(*) || ':' || count(persons_reviewed_at) from activity_photos) as photos,
  (select count(*) from activity_photo_persons) as photo_persons,
  (select string_agg(coalesce(photo_key, '-'), ',' order by id) from persons) as person_photos,
  (select count(*) from audit_log) as audit`;

describe('person routes refuse callers without the grant (generated from the registered routes)', () => {
  let t: TestApp;
  let f: Fixture;
  let outsider: string;
  let reader: string;
  let ownerToken: string;
  let callers: { outsider: Caller; owner: Caller };
  const fingerprint = async () => (await t.database.db.execute(FINGERPRINT)).rows[0];
  const storedFiles = () => {
    const root = join(t.dataDir, 'files');
    return existsSync(root) ? readdirSync(root, { recursive: true }).length : 0;
  };
  const call = (token: string, method: string, target: Target) => {
    if (target.multipart) {
      const m = multipartFile(
        target.multipart.field,
        target.multipart.name,
        target.multipart.content(),
        target.multipart.type,
      );
      return t.app.inject({
        method: method as 'PUT',
        url: target.url,
        headers: { ...m.headers, authorization: `Bearer ${token}` },
        payload: m.payload,
      });
    }
    const body = method === 'GET' || method === 'DELETE' ? {} : { payload: (target.payload ?? {}) as object };
    return t.app.inject({
      method: method as 'GET',
      url: target.url,
      headers: { authorization: `Bearer ${token}` },
      ...body,
    });
  };
  const personRoutes = () => t.app.apiRoutes.filter(namesPerson);
  const answerRoutes = () => t.app.apiRoutes.filter(answersPersons);

  beforeAll(async () => {
    t = await buildTestApp();
    const adminToken = await login(t.app);
    // The outsider and the reader hold every key the person routes declare (with their parents), and no other.
    const keys = [
      ...new Set(personRoutes().flatMap((r) => (isPermissionKey(r.permission) ? requiredKeys(r.permission) : []))),
    ];
    const owner = await createUser(t.app, adminToken, keys, 'owner');
    const out = await createUser(t.app, adminToken, keys, 'outsider');
    const read = await createUser(t.app, adminToken, keys, 'reader');
    outsider = out.token;
    reader = read.token;
    ownerToken = owner.token;
    callers = { outsider: { api: as(t.app, out.token) }, owner: { api: as(t.app, owner.token) } };
    const o = as(t.app, owner.token);
    const x = as(t.app, outsider);
    const ok = ok200;
    const p = await ok(o.post('/api/population/persons', personBody(P_NAMES)));
    const q = await ok(x.post('/api/population/persons', personBody({ names: 'Propia' })));
    const links = (await ok(
      o.post(`/api/population/persons/${p.id}/links`, { names: 'Marta', lastNames: 'Tzoc', bond: 'ABUELO' }),
    )) as unknown as { id: string; version: number }[];
    const qLinks = (await ok(
      x.post(`/api/population/persons/${q.id}/links`, { names: 'Juan', lastNames: 'Tzoc', bond: 'TIO' }),
    )) as unknown as { id: string; version: number }[];
    // The owner co-administers Q and records P as Q's sibling: Q's links and history involve P.
    await ok(
      x.post(`/api/population/persons/${q.id}/grants`, {
        userId: owner.id,
        canRead: true,
        canWrite: true,
        administrator: true,
        reason: 'Hermanos',
      }),
    );
    await ok(o.post(`/api/population/persons/${q.id}/links`, { linkedPersonId: p.id, bond: 'HERMANO' }));
    const perpetrator = await ok(
      o.post(`/api/population/persons/${p.id}/perpetrators`, { names: 'Zacarías', thematic: ['NEGLIGENCIA'] }),
    );
    const attention = await ok(
      o.post(`/api/population/persons/${p.id}/attentions`, {
        attendedAt: '2026-10-01T09:30',
        professionalId: owner.id,
        area: 'PSICOLOGIA',
        modality: 'INDIVIDUAL',
        durationMinutes: 50,
        summary: 'Sesión',
      }),
    );
    // An attention on P given by the outsider (their own work, on a person they may not read).
    await ok(
      o.post(`/api/population/persons/${p.id}/attentions`, {
        attendedAt: '2026-10-02T09:30',
        professionalId: out.id,
        area: 'PSICOLOGIA',
        modality: 'INDIVIDUAL',
        durationMinutes: 50,
        summary: 'Sesión reservada',
      }),
    );
    const grants = (await ok(
      o.post(`/api/population/persons/${p.id}/grants`, {
        userId: read.id,
        canRead: true,
        canWrite: false,
        reason: 'Seguimiento',
      }),
    )) as unknown as { id: string; userId: string }[];
    const photo = multipartFile('photo', 'foto.png', PNG_FIXTURE(), 'image/png');
    const uploaded = await t.app.inject({
      method: 'PUT',
      url: `/api/population/persons/${p.id}/photo`,
      headers: { ...photo.headers, authorization: `Bearer ${owner.token}` },
      payload: photo.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const request = await ok(
      x.post(`/api/population/persons/${p.id}/access-requests`, { reason: 'Necesito ver el caso' }),
    );
    const document = await ok(
      o.post('/api/documentation/documents', {
        title: 'Resolución',
        documentType: 'RESOLUCION',
        documentDate: '2026-11-02',
        tags: [],
        personId: p.id,
      }),
    );
    const file = multipartFile('file', 'resolucion.pdf', PDF, 'application/pdf');
    const withFile = await t.app.inject({
      method: 'POST',
      url: `/api/documentation/documents/${document.id}/files`,
      headers: { ...file.headers, authorization: `Bearer ${owner.token}` },
      payload: file.payload,
    });
    expect(withFile.statusCode, withFile.body).toBe(200);
    const ownDocument = await ok(
      x.post('/api/documentation/documents', {
        title: 'Propio',
        documentType: 'ACTA',
        documentDate: '2026-11-02',
        tags: [],
      }),
    );
    const activity = await ok(o.post('/api/population/activities', { ...ACTIVITY_BODY, facilitatorIds: [owner.id] }));
    const ownActivity = await ok(x.post('/api/population/activities', { ...ACTIVITY_BODY, facilitatorIds: [out.id] }));
    const shared = await ok(
      x.post('/api/population/activities', { ...ACTIVITY_BODY, facilitatorIds: [out.id, owner.id] }),
    );
    await ok(o.post(`/api/population/activities/${shared.id}/participants`, { personId: p.id }));
    await ok(x.post(`/api/population/activities/${shared.id}/participants`, { personId: q.id }));
    const sharedUpload = multipartFile('photo', 'grupo.png', PNG_FIXTURE(), 'image/png');
    const sharedPhoto = (await ok(
      x.post(`/api/population/activities/${shared.id}/photos`, sharedUpload.payload, { headers: sharedUpload.headers }),
    )) as unknown as { photos: { id: string }[] };
    await ok(o.post(`/api/population/activities/${activity.id}/participants`, { personId: p.id }));
    const jpeg = multipartFile('photo', 'grupo.png', PNG_FIXTURE(), 'image/png');
    const withPhoto = await t.app.inject({
      method: 'POST',
      url: `/api/population/activities/${activity.id}/photos`,
      headers: { ...jpeg.headers, authorization: `Bearer ${owner.token}` },
      payload: jpeg.payload,
    });
    expect(withPhoto.statusCode, withPhoto.body).toBe(200);
    const photoId = (withPhoto.json().data.photos as { id: string }[])[0]!.id;
    await ok(o.put(`/api/population/activities/${activity.id}/photos/${photoId}/persons`, { personIds: [p.id] }));
    const fresh = await ok(o.get(`/api/population/persons/${p.id}`));
    f = {
      p: p.id,
      pVersion: fresh.version,
      q: q.id,
      link: links[0]!.id,
      linkVersion: links[0]!.version,
      qLink: qLinks[0]!.id,
      qLinkVersion: qLinks[0]!.version,
      perpetrator: perpetrator.id,
      perpetratorVersion: perpetrator.version,
      attention: attention.id,
      attentionVersion: attention.version,
      readerGrant: grants.find((g) => g.userId === read.id)!.id,
      request: request.id,
      document: document.id,
      documentVersion: (withFile.json().data as { version: number }).version,
      file: (withFile.json().data.files as { id: string }[])[0]!.id,
      ownDocument: ownDocument.id,
      ownDocumentVersion: ownDocument.version,
      activity: activity.id,
      ownActivity: ownActivity.id,
      sharedActivity: shared.id,
      sharedPhoto: sharedPhoto.photos[0]!.id,
      photo: photoId,
      readerId: read.id,
      ownerId: owner.id,
      outsiderId: out.id,
    };
  });
  afterAll(() => t.close());

  it('has a case (or a stated exemption) for every route that names a person, and no case for a route that does not exist', () => {
    const named = personRoutes().map((r) => `${r.method} ${r.url}`);
    expect(named.length).toBeGreaterThan(40);
    const missing = named.filter((key) => !(key in CASES));
    expect(missing, 'person routes without an access case in test/person-access.test.ts').toEqual([]);
    const registered = new Set(t.app.apiRoutes.map((r) => `${r.method} ${r.url}`));
    expect(Object.keys(CASES).filter((key) => !registered.has(key))).toEqual([]);
  });

  it('has an answer case (or a stated exemption) for every route whose answer names or lists persons', () => {
    const named = answerRoutes().map((r) => `${r.method} ${r.url}`);
    expect(named.length).toBeGreaterThan(30);
    const missing = named.filter((key) => !(key in ANSWERS));
    expect(missing, 'routes answering with persons without a case in ANSWERS (test/person-access.test.ts)').toEqual([]);
    const registered = new Set(named);
    expect(Object.keys(ANSWERS).filter((key) => !registered.has(key))).toEqual([]);
  });

  it("answers 403 to a holder of the routes' keys without a grant, serving no bytes and writing nothing", async () => {
    const failures: string[] = [];
    let checked = 0;
    for (const route of personRoutes()) {
      const entry = CASES[`${route.method} ${route.url}`];
      if (!entry || !Array.isArray(entry)) continue;
      for (const c of entry) {
        const target = c.target(f);
        const before = await fingerprint();
        const files = storedFiles();
        const res = await call(outsider, route.method, target);
        checked += 1;
        const after = await fingerprint();
        const problem = String(res.headers['content-type'] ?? '').includes('application/problem+json');
        if (res.statusCode !== 403 || !problem)
          failures.push(`${route.method} ${target.url}: ${res.statusCode} ${res.body.slice(0, 120)}`);
        // The refusal must be the per-person rule, not the route's key (the caller holds it) nor another rule.
        else if (res.json().code !== (c.code ?? 'no_person_access'))
          failures.push(`${route.method} ${target.url}: refused by ${res.json().code}, not by the grant`);
        else if (JSON.stringify(after) !== JSON.stringify(before))
          failures.push(`${route.method} ${target.url}: wrote ${JSON.stringify(before)} → ${JSON.stringify(after)}`);
        else if (storedFiles() !== files) failures.push(`${route.method} ${target.url}: stored a file`);
      }
    }
    expect(checked).toBeGreaterThan(45);
    expect(failures).toEqual([]);
  });

  it('answers 403 to a read-only grantee on every write', async () => {
    const failures: string[] = [];
    let checked = 0;
    for (const route of personRoutes().filter((r) => r.method !== 'GET')) {
      const entry = CASES[`${route.method} ${route.url}`];
      if (!entry || !Array.isArray(entry)) continue;
      for (const c of entry.filter((e) => e.reader !== false)) {
        const target = c.target(f);
        const before = await fingerprint();
        const res = await call(reader, route.method, target);
        checked += 1;
        if (res.statusCode !== 403 || res.json().code !== (c.code ?? 'no_person_access'))
          failures.push(`${route.method} ${target.url}: ${res.statusCode} ${res.body.slice(0, 120)}`);
        else if (JSON.stringify(await fingerprint()) !== JSON.stringify(before))
          failures.push(`${route.method} ${target.url}: wrote something`);
      }
    }
    expect(checked).toBeGreaterThan(20);
    expect(failures).toEqual([]);
  });

  it("audits every read of the person's case data on the person (issue 9 item 5), lists and searches included", async () => {
    const views = async (requestId: string) => {
      const rows = await t.database.db.execute<{ action: string; part: string | null }>(
        sql`select action, changes->'part'->>'after' as part from audit_log where entity = 'person' and entity_id = ${f.p} and request_id = ${requestId}`,
      );
      return rows.rows;
    };
    const missing: string[] = [];
    let checked = 0;
    for (const route of personRoutes().filter((r) => r.method === 'GET')) {
      const entry = CASES[`${route.method} ${route.url}`];
      if (!entry || !Array.isArray(entry)) continue;
      for (const c of entry) {
        const target = c.target(f);
        // The history is for administrators; everything else the read-only grantee may open.
        const res = await call(route.url.endsWith('/history') ? ownerToken : reader, 'GET', target);
        if (res.statusCode !== 200) continue;
        checked += 1;
        const rows = await views(String(res.headers['x-request-id']));
        if (!rows.some((r) => r.action.startsWith('view'))) missing.push(`${route.method} ${target.url}`);
      }
    }
    // Results that name persons: one entry per person shown.
    for (const url of [
      '/api/population/persons?q=protegida',
      '/api/population/persons',
      '/api/documentation/documents',
      `/api/population/activities/${f.activity}`,
      '/api/population/activities/lookup/persons?q=protegida',
    ]) {
      const res = await call(reader, 'GET', { url });
      expect(res.statusCode, url).toBe(200);
      checked += 1;
      if (!(await views(String(res.headers['x-request-id']))).some((r) => r.action === 'view' && r.part))
        missing.push(`GET ${url}`);
    }
    expect(checked).toBeGreaterThan(15);
    expect(missing).toEqual([]);
  });

  it('never names the person to a key holder without a grant in lists, searches, counts and activities', async () => {
    const client = as(t.app, outsider);
    const ids = (res: { json: () => { data: { items: { id: string; personId?: string | null }[] } } }) =>
      res.json().data.items.map((i) => i.personId ?? i.id);
    expect(ids(await client.get('/api/population/persons?q=protegida'))).toEqual([]);
    expect(ids(await client.get('/api/population/persons'))).toEqual([f.q]);
    expect(ids(await client.get('/api/population/activities/lookup/persons?q=protegida'))).toEqual([]);
    expect(ids(await client.get('/api/documentation/documents?q=resoluci'))).toEqual([]);
    expect((await client.get('/api/dashboard')).json().data.total).toBe(1);
    const activity = (await client.get(`/api/population/activities/${f.activity}`)).json().data;
    expect(activity.participants).toEqual([]);
    expect(activity.restrictedParticipants).toBe(1);
    expect(JSON.stringify(activity)).not.toContain(f.p);
  });

  it('still lets the reader read what the outsider may not (the fixture is reachable)', async () => {
    const client = as(t.app, reader);
    for (const url of [
      `/api/population/persons/${f.p}`,
      `/api/population/persons/${f.p}/attentions`,
      `/api/population/persons/${f.p}/photo`,
      `/api/documentation/files/${f.file}/content`,
    ]) {
      expect((await client.get(url)).statusCode, url).toBe(200);
    }
  });
  // Last: the calls write (links, participants, photos) and the outsider registers persons of their own.
  it('never names the person in an answer that lists or names persons (generated from the response schemas)', async () => {
    const failures: string[] = [];
    let checked = 0;
    const mentions = (body: string) => ({
      name: body.includes(P_NAMES.names) || body.includes(P_NAMES.lastNames),
      id: body.includes(f.p),
    });
    for (const route of answerRoutes()) {
      const entry = ANSWERS[`${route.method} ${route.url}`];
      if (!entry || !Array.isArray(entry)) continue;
      for (const c of entry) {
        const target = await c.target(f, callers.outsider);
        const res = await call(outsider, route.method, target);
        const theirs = await call(ownerToken, route.method, await c.target(f, callers.owner));
        checked += 1;
        const seen = mentions(res.body);
        const where = `${route.method} ${target.url}`;
        if (res.statusCode !== 200) failures.push(`${where}: ${res.statusCode} ${res.body.slice(0, 120)}`);
        else if (seen.name) failures.push(`${where}: names P to the outsider`);
        else if (seen.id && !c.showsId) failures.push(`${where}: lists P to the outsider`);
        // The same call names P to P's owner: the case reaches P's data.
        else if (theirs.statusCode !== 200 || !(mentions(theirs.body).name || mentions(theirs.body).id))
          failures.push(`${where}: P's owner is not shown P either (${theirs.statusCode}): the case proves nothing`);
      }
    }
    expect(checked).toBeGreaterThan(14);
    expect(failures).toEqual([]);
  });
});

describe('the grant rule itself (lib/access.ts)', () => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof createUser>>;
  let other: Awaited<ReturnType<typeof createUser>>;
  beforeAll(async () => {
    t = await buildTestApp();
    const adminToken = await login(t.app);
    owner = await createUser(t.app, adminToken, ['poblacion', 'poblacion_poblacion'], 'owner');
    other = await createUser(t.app, adminToken, ['poblacion', 'poblacion_poblacion'], 'other');
  });
  afterAll(() => {
    vi.useRealTimers();
    return t.close();
  });

  it('keeps a grant live through its last day in Guatemala, and not a day longer', async () => {
    const id = (await as(t.app, owner.token).post('/api/population/persons', personBody({ names: 'Vencida' }))).json()
      .data.id as string;
    await as(t.app, owner.token).post(`/api/population/persons/${id}/grants`, {
      userId: other.id,
      canRead: true,
      canWrite: false,
      reason: 'Visita',
    });
    const client = as(t.app, other.token);
    const sees = async () => {
      const open = (await client.get(`/api/population/persons/${id}`)).statusCode;
      const listed = (
        (await client.get('/api/population/persons?q=vencida')).json().data.items as { id: string }[]
      ).some((p) => p.id === id);
      const counted = (await client.get('/api/dashboard')).json().data.total as number;
      return { open, listed, counted };
    };
    // 03:00 UTC on 23 November is still 22 November (21:00) in Guatemala.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-23T03:00:00Z') });
    try {
      await t.database.db.execute(sql`update person_grants set expires_on = '2026-11-22' where user_id = ${other.id}`);
      expect(await sees()).toEqual({ open: 200, listed: true, counted: 1 });
      await t.database.db.execute(sql`update person_grants set expires_on = '2026-11-21' where user_id = ${other.id}`);
      expect(await sees()).toEqual({ open: 403, listed: false, counted: 0 });
    } finally {
      vi.useRealTimers();
    }
  });

  it('decides an access request only while it is pending (409 afterwards, the first decision stands)', async () => {
    const id = (await as(t.app, owner.token).post('/api/population/persons', personBody({ names: 'Pedida' }))).json()
      .data.id as string;
    const asked = await as(t.app, other.token).post(`/api/population/persons/${id}/access-requests`, {
      reason: 'Acompaño el caso',
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const requestId = asked.json().data.id as string;
    const approved = await as(t.app, owner.token).post(`/api/population/access-requests/${requestId}/decision`, {
      approve: true,
    });
    expect(approved.json().data.status).toBe('approved');
    const again = await as(t.app, owner.token).post(`/api/population/access-requests/${requestId}/decision`, {
      approve: false,
      note: 'Cambio de idea',
    });
    expect(again.statusCode).toBe(409);
    const requests = (await as(t.app, owner.token).get(`/api/population/persons/${id}/access-requests`)).json()
      .data as { id: string; status: string; note: string | null }[];
    expect(requests.find((r) => r.id === requestId)).toMatchObject({ status: 'approved', note: null });
    expect((await as(t.app, other.token).get(`/api/population/persons/${id}`)).statusCode).toBe(200);
  });
});
