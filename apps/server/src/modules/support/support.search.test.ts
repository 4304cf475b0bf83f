import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { as, buildTestApp, createUser, login, type TestApp } from '../../../test/helpers.ts';
import { supportTickets, supportTicketSearch } from './support.table.ts';
import * as repo from './support.repository.ts';
import { listWhere } from './support.service.ts';
import type { UserActor } from '../../lib/actor.ts';

/**
 * Ticket search by words (issue 24 section 2, decision 0021) through the API
 * on a real database: accents and case ignored, Spanish stems, prefixes, every
 * word required, relevance then recency, matched words highlighted, internal
 * comments hidden from requesters, ticket numbers exact, any input a 200 or a
 * 400 (never a 500). Each test raises its own tickets with its own tag word.
 */
let t: TestApp;
let hq: string;
type Who = { id: string; api: ReturnType<typeof as> };
let support: Who;
let alice: Who;
let bob: Who;

async function user(keys: string[], name: string): Promise<Who> {
  const u = await createUser(t.app, await login(t.app), keys, name);
  return { id: u.id, api: as(t.app, u.token) };
}

async function raise(who: Who, description: string, subject = description.slice(0, 40)) {
  const res = await who.api.post('/api/support/tickets', {
    type: 'HARDWARE',
    priority: 'media',
    criticality: 'baja',
    headquarterId: hq,
    subject,
    description,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: string; number: string };
}

type Item = { id: string; highlight: { source: string; segments: { text: string; match: boolean }[] } | null };
async function search(who: Who, q: string, extra = '') {
  const scope = who === support ? 'queue' : 'mine';
  const res = await who.api.get(
    `/api/support/tickets?scope=${scope}&sort=relevance&q=${encodeURIComponent(q)}&pageSize=100${extra}`,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.items as Item[];
}
const ids = async (who: Who, q: string) => (await search(who, q)).map((i) => i.id);

beforeAll(async () => {
  t = await buildTestApp();
  const admin = as(t.app, await login(t.app));
  const res = await admin.post('/api/headquarters', { code: 'BUS', name: 'Sede Búsqueda', country: 'GT', state: '01' });
  expect(res.statusCode, res.body).toBe(200);
  hq = res.json().data.id;
  support = await user(['soporte', 'soporte_tickets', 'soporte_gestion'], 'buscasoporte');
  alice = await user(['soporte', 'soporte_tickets'], 'buscaalice');
  bob = await user(['soporte', 'soporte_tickets'], 'buscabob');
});
afterAll(() => t?.close());

describe('ticket search by words', () => {
  it('ignores accents and case, stems Spanish words and matches beginnings', async () => {
    const a = await raise(alice, 'Falla de impresión en la sede qwaccent');
    const b = await raise(alice, 'La IMPRESORA del segundo piso qwaccent');
    expect(await ids(support, 'impresion qwaccent')).toEqual([a.id]);
    expect(await ids(support, 'IMPRESIÓN qwaccent')).toEqual([a.id]);
    expect(await ids(support, 'impresoras qwaccent')).toEqual([b.id]);
    expect(new Set(await ids(support, 'impres qwaccent'))).toEqual(new Set([a.id, b.id]));
    expect(await ids(alice, 'impresoras qwaccent')).toEqual([b.id]);
  });

  it('searches the subject, and ranks a match there first', async () => {
    const inSubject = await raise(alice, 'Detalle sin la palabra qwsubject', 'Proyector de la sala');
    const inDescription = await raise(alice, 'El proyector no enciende qwsubject', 'Sala de reuniones');
    expect(await ids(support, 'proyector qwsubject')).toEqual([inSubject.id, inDescription.id]);
  });

  it('requires every word, wherever it is (description or comments)', async () => {
    const a = await raise(alice, 'Sin conexión a internet qwevery');
    const b = await raise(alice, 'Sin luz en la oficina qwevery');
    await support.api.post(`/api/support/tickets/${b.id}/comments`, { body: 'El router quedó apagado' });
    expect(await ids(support, 'internet qwevery')).toEqual([a.id]);
    expect(await ids(support, 'router qwevery')).toEqual([b.id]);
    expect(await ids(support, 'router internet qwevery')).toEqual([]);
    expect(await ids(alice, 'oficina router qwevery')).toEqual([b.id]);
  });

  it('orders by relevance (the description before a comment), then the newest first', async () => {
    const inComment = await raise(alice, 'Otro asunto qworder');
    await support.api.post(`/api/support/tickets/${inComment.id}/comments`, { body: 'Revisar el escáner' });
    const older = await raise(alice, 'El escáner no enciende qworder');
    const newer = await raise(alice, 'El escáner no enciende qworder');
    await t.database.db
      .update(supportTickets)
      .set({ createdAt: new Date(Date.now() - 86_400_000) })
      .where(eq(supportTickets.id, older.id));
    expect(await ids(support, 'escaner qworder')).toEqual([newer.id, older.id, inComment.id]);
    // Another sort still applies to a search.
    const byNumber = await support.api.get(
      '/api/support/tickets?scope=queue&q=escaner%20qworder&sort=number&order=asc',
    );
    expect(byNumber.json().data.items.map((i: { id: string }) => i.id)).toEqual([inComment.id, older.id, newer.id]);
  });

  it('highlights the matched words as text segments, from the description or else a comment', async () => {
    const a = await raise(alice, 'La impresora <b>no</b> imprime qwlight');
    const b = await raise(alice, 'Problema sin detalle qwlight');
    await support.api.post(`/api/support/tickets/${b.id}/comments`, {
      body: 'Cambiamos el tóner de la impresora qwlight',
    });
    // A later comment that also holds the words: the description, which holds them, is still the one shown.
    await support.api.post(`/api/support/tickets/${a.id}/comments`, { body: 'Otra impresora qwlight revisada' });
    // One word in the subject and the other in the description: both are the ticket's own text.
    const c = await raise(alice, 'Sin papel en la bandeja qwlight', 'Impresora del segundo piso');
    await support.api.post(`/api/support/tickets/${c.id}/comments`, { body: 'La impresora qwlight sigue sin papel' });
    const items = await search(support, 'impres qwlight');
    const of = (id: string) => items.find((i) => i.id === id)!.highlight!;
    expect(of(a.id).source).toBe('description');
    expect(of(c.id).source).toBe('description');
    expect(
      of(a.id)
        .segments.filter((s) => s.match)
        .map((s) => s.text),
    ).toEqual(['impresora', 'qwlight']);
    // Markup-looking text is left out of a fragment (ts_headline), never sent as markup.
    expect(
      of(a.id)
        .segments.map((s) => s.text)
        .join(''),
    ).not.toContain('<b>');
    expect(of(b.id).source).toBe('comment');
    expect(
      of(b.id)
        .segments.filter((s) => s.match)
        .map((s) => s.text),
    ).toEqual(['impresora', 'qwlight']);
    // No search, no highlight.
    const plain = (await support.api.get('/api/support/tickets?scope=queue&pageSize=5')).json().data.items;
    expect(plain.every((i: Item) => i.highlight === null)).toBe(true);
  });

  it('searches internal comments for support staff only', async () => {
    const a = await raise(alice, 'Cambio de clave qwinternal');
    await support.api.post(`/api/support/tickets/${a.id}/comments`, {
      body: 'Contraseña vieja zorzal',
      internal: true,
    });
    expect(await ids(support, 'zorzal qwinternal')).toEqual([a.id]);
    expect(await ids(alice, 'zorzal qwinternal')).toEqual([]);
    expect(await ids(alice, 'clave qwinternal')).toEqual([a.id]);
    const seen = await search(alice, 'clave qwinternal');
    expect(JSON.stringify(seen)).not.toContain('zorzal');
    // The words in a public comment and in a later internal one: the requester's highlight is the public one's.
    const b = await raise(alice, 'Pantalla sin imagen qwinternal');
    await support.api.post(`/api/support/tickets/${b.id}/comments`, { body: 'Revisamos el cable gorrión qwinternal' });
    await support.api.post(`/api/support/tickets/${b.id}/comments`, {
      body: 'Nota reservada: cable gorrión qwinternal dañado por el usuario',
      internal: true,
    });
    const mine = (await search(alice, 'gorrión qwinternal')).find((i) => i.id === b.id)!;
    expect(mine.highlight!.source).toBe('comment');
    expect(JSON.stringify(mine)).not.toContain('reservada');
    const staff = (await search(support, 'gorrión qwinternal')).find((i) => i.id === b.id)!;
    expect(staff.highlight!.segments.map((x) => x.text).join('')).toContain('Nota reservada');
    // A requester never finds another's ticket.
    expect(await ids(bob, 'clave qwinternal')).toEqual([]);
  });

  it('matches a ticket number exactly, whole or by its digits', async () => {
    const a = await raise(alice, 'Ticket buscado por número qwnumber');
    const digits = String(Number(a.number.slice(-6)));
    expect((await ids(support, a.number))[0]).toBe(a.id);
    expect((await ids(support, a.number.toLowerCase()))[0]).toBe(a.id);
    expect((await ids(support, digits))[0]).toBe(a.id);
    // Not a part of a number.
    expect(await ids(support, `${a.number.slice(0, -1)}`)).not.toContain(a.id);
  });

  it('answers any typed text with 200 (or 400 for a too short, too long or control text), never a 500', async () => {
    await raise(alice, 'Texto cualquiera qwhostile');
    for (const q of [
      `'; drop table support_tickets; --`,
      `a'b\\c & | ! ( ) : * "x"`,
      '\\\\\\\\',
      ':*:*',
      '!!!(((',
      '<script>alert(1)</script>',
      '%_%_',
      'TK-9999-999999',
      '0000000000000000000000',
      'ñandú ÑANDÚ',
    ]) {
      const res = await support.api.get(`/api/support/tickets?scope=queue&q=${encodeURIComponent(q)}`);
      expect(res.statusCode, q).toBe(200);
      expect((await support.api.get(`/api/support/board?q=${encodeURIComponent(q)}`)).statusCode, q).toBe(200);
    }
    for (const q of ['a', 'x'.repeat(101), 'ab\u0001cd'])
      expect((await support.api.get(`/api/support/tickets?scope=queue&q=${encodeURIComponent(q)}`)).statusCode).toBe(
        400,
      );
  });

  it('the board and the export use the same word search', async () => {
    const a = await raise(alice, 'Pantalla parpadea qwboard');
    const board = (await support.api.get('/api/support/board?q=pantallas%20qwboard')).json().data;
    expect(board.columns.flatMap((c: { cards: { id: string }[] }) => c.cards.map((x) => x.id))).toEqual([a.id]);
  });

  it('ranks the newest matches it was given, best first: an older best match comes back once the window holds it', async () => {
    // One word: the oldest holds it in its subject (weight A) and three times in its description.
    const oldest = await raise(alice, 'Qwwindow qwwindow qwwindow sin tinta', 'Qwwindow en el asunto');
    const middle = await raise(alice, 'Hace ruido al imprimir qwwindow', 'Ruido');
    const newest = await raise(alice, 'Otra falla qwwindow', 'Falla');
    // Three tickets one second apart, the best match the oldest.
    for (const [i, id] of [oldest.id, middle.id, newest.id].entries())
      await t.database.db
        .update(supportTickets)
        .set({ createdAt: new Date(Date.UTC(2026, 0, 1, 12, 0, i)) })
        .where(eq(supportTickets.id, id));
    const actor = {
      userId: support.id,
      sessionId: 'test',
      permissions: new Set(['soporte', 'soporte_tickets', 'soporte_gestion']),
    } as unknown as UserActor;
    const page = async (ranked: number) => {
      const list = listWhere(actor, { scope: 'queue', q: 'qwwindow' }, 'placeholders');
      const rows = await repo.listTickets(t.database.db, list, 'relevance', 'desc', 1, 25, 125, ranked);
      return rows.map((r) => r.ticket.id);
    };
    // A window of the two newest leaves the oldest out; wide enough, it comes first (its best rank).
    expect(new Set(await page(2))).toEqual(new Set([middle.id, newest.id]));
    expect((await page(3))[0]).toBe(oldest.id);
    expect(new Set(await page(1000))).toEqual(new Set([oldest.id, middle.id, newest.id]));
  });

  it("ranks by each ticket's own creation time: its copy beside the search documents follows any change of it", async () => {
    const first = await raise(alice, 'Qwclock primera', 'Qwclock uno');
    const second = await raise(alice, 'Qwclock segunda', 'Qwclock dos');
    // The first raised becomes the newest (a data correction): the window of one newest match must hold it.
    const later = new Date(Date.now() + 3_600_000);
    await t.database.db.update(supportTickets).set({ createdAt: later }).where(eq(supportTickets.id, first.id));
    const copies = await t.database.db
      .select({ id: supportTicketSearch.ticketId, createdAt: supportTicketSearch.createdAt })
      .from(supportTicketSearch)
      .where(inArray(supportTicketSearch.ticketId, [first.id, second.id]));
    const own = await t.database.db
      .select({ id: supportTickets.id, createdAt: supportTickets.createdAt })
      .from(supportTickets)
      .where(inArray(supportTickets.id, [first.id, second.id]));
    expect(new Map(copies.map((c) => [c.id, c.createdAt.getTime()]))).toEqual(
      new Map(own.map((c) => [c.id, c.createdAt.getTime()])),
    );
    const actor = {
      userId: support.id,
      sessionId: 'test',
      permissions: new Set(['soporte', 'soporte_tickets', 'soporte_gestion']),
    } as unknown as UserActor;
    const list = listWhere(actor, { scope: 'queue', q: 'qwclock' }, 'placeholders');
    const rows = await repo.listTickets(t.database.db, list, 'relevance', 'desc', 1, 25, 125, 1);
    expect(rows.map((r) => r.ticket.id)).toEqual([first.id]);
  });
});
