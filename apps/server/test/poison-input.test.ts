import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { birthDateRange } from '@amparo/shared/validation';
import { as, buildTestApp, createUser, login, personBody, type TestApp } from './helpers.ts';
import { multipartFile, pixelBomb } from './multipart.ts';
import { branches, hasType, leaves, openApiOf, withValue, type Schema } from './openapi.ts';

/**
 * Inputs that used to answer 500 (issue 9 item 7), sent to every route the
 * OpenAPI document lists: a NUL in every string property, integers beyond
 * PostgreSQL's range, year 0000 and impossible dates, invisible-only text,
 * NUL in query strings, an image over the pixel limit. Each must be 400 and
 * write nothing (row counts of every table, audit log included, unchanged).
 */

describe('poisoned input answers 400 and writes nothing, on every route', () => {
  let t: TestApp;
  let token: string;
  let tables: string[];
  const ids: Record<string, string> = {};
  const versions: Record<string, number> = {};
  /** Bodies that pass validation (so a poison in one property is the only fault). */
  let validBodies: Record<string, Record<string, unknown>>;

  const snapshot = async () => {
    const r = await t.database.db.execute<Record<string, number>>(
      sql.raw(`select ${tables.map((n) => `(select count(*)::int from "${n}") as "${n}"`).join(', ')}`),
    );
    return r.rows[0];
  };

  beforeAll(async () => {
    t = await buildTestApp();
    token = await login(t.app);
    const admin = as(t.app, token);
    const rows = await t.database.db.execute<{ name: string }>(
      sql.raw(
        `select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not like '%migrations%' order by 1`,
      ),
    );
    // Sessions are touched by every authenticated call (last seen); everything else must stay put.
    tables = rows.rows.map((r) => r.name).filter((n) => n !== 'sessions');
    expect(tables).toContain('audit_log');
    expect(tables).toContain('persons');

    const ok = async (
      res: Promise<{ statusCode: number; body: string; json(): { data: Record<string, unknown> } }>,
    ) => {
      const r = await res;
      expect(r.statusCode, r.body).toBe(200);
      return r.json().data;
    };
    const me = (await admin.post('/api/user-check')).json().data.user;
    const other = await createUser(t.app, token, ['poblacion_poblacion'], 'poison');
    const person = await ok(admin.post('/api/population/persons', personBody()));
    ids.person = person.id as string;
    versions.person = person.version as number;
    const link = await ok(
      admin.post(`/api/population/persons/${ids.person}/links`, {
        names: 'Marta',
        lastNames: 'Tzoc',
        bond: 'ABUELO',
        legalGuardian: true,
      }),
    );
    ids.link = ((link as unknown as { id: string }[])[0] ?? link).id as string;
    const activity = await ok(
      admin.post('/api/population/activities', {
        name: 'Taller de autoestima',
        activityType: 'TALLER',
        startsAt: '2026-11-20T14:30',
        state: '07',
        town: '0701',
        facilitatorIds: [me.id],
        thematic: ['MALTRATO_PSICOLOGICO'],
        unregistered: [],
      }),
    );
    ids.activity = activity.id as string;
    versions.activity = activity.version as number;
    const document = await ok(
      admin.post('/api/documentation/documents', {
        title: 'Acta de ingreso',
        documentType: 'ACTA',
        documentDate: '2026-11-02',
        tags: ['ingreso'],
      }),
    );
    ids.document = document.id as string;
    versions.document = document.version as number;
    const hq = await ok(
      admin.post('/api/headquarters', { code: 'XELA', name: 'Sede Xela', country: 'GT', state: '09' }),
    );
    ids.hq = hq.id as string;
    versions.hq = hq.version as number;
    const role = await ok(admin.post('/api/roles', { slug: 'poison-role', name: 'Rol', permissions: [] }));
    ids.role = role.id as string;
    versions.role = role.version as number;
    const item = await ok(
      admin.post('/api/catalogs/items', { catalog: 'referrer', code: 'DEMUNA', es: 'Defensoría', en: 'Ombudsman' }),
    );
    ids.item = item.id as string;
    versions.item = item.version as number;
    const attention = await ok(
      admin.post(`/api/population/persons/${ids.person}/attentions`, {
        attendedAt: '2026-10-01T09:30',
        professionalId: me.id,
        area: 'PSICOLOGIA',
        modality: 'INDIVIDUAL',
        durationMinutes: 50,
        summary: 'Primera sesión.',
      }),
    );
    ids.attention = attention.id as string;
    versions.attention = attention.version as number;
    const coop = await ok(
      admin.post('/api/cooperating', {
        name: 'Cooperante',
        code: 'POISON',
        country: 'DE',
        startDate: '2026-01-01',
        endDate: '2026-12-31',
        currency: 'EUR',
        ceiling: '1000.00',
      }),
    );
    ids.cooperating = coop.id as string;
    versions.cooperating = coop.version as number;
    const coopItem = await ok(
      admin.post(`/api/cooperating/${ids.cooperating}/items`, { code: 'R-1', name: 'Renglón', initialAmount: '10' }),
    );
    ids.coopItem = coopItem.id as string;
    versions.coopItem = coopItem.version as number;
    ids.user = other.id;
    ids.me = me.id;
    versions.me = me.version;

    validBodies = {
      'POST /api/login': { username: 'admin', password: 'x' },
      'POST /api/population/persons': personBody(),
      'PUT /api/population/persons/{id}': personBody({ version: versions.person }),
      'POST /api/population/persons/{id}/links': {
        names: 'Pedro',
        lastNames: 'Caal',
        sex: 'M',
        age: 70,
        bond: 'ABUELO',
        livesWith: true,
      },
      'POST /api/population/persons/{id}/perpetrators': {
        names: 'Zacarías Mendoza',
        alias: 'El Tío',
        thematic: ['MALTRATO_FISICO'],
      },
      'POST /api/population/persons/{id}/attentions': {
        attendedAt: '2026-10-01T09:30',
        professionalId: me.id,
        area: 'PSICOLOGIA',
        modality: 'INDIVIDUAL',
        durationMinutes: 50,
        summary: 'Segunda sesión.',
        agreements: 'Ninguno',
      },
      'PUT /api/population/persons/{id}/attentions/{attentionId}': {
        attendedAt: '2026-10-01T09:30',
        professionalId: me.id,
        area: 'PSICOLOGIA',
        modality: 'INDIVIDUAL',
        durationMinutes: 50,
        summary: 'Primera sesión.',
        version: versions.attention,
      },
      'POST /api/population/persons/{id}/grants': {
        userId: other.id,
        canRead: true,
        canWrite: false,
        reason: 'Seguimiento',
      },
      'POST /api/population/persons/{id}/access-requests': { reason: 'Necesito el expediente', canWrite: false },
      'PUT /api/population/persons/{id}/consents': {
        kind: 'services',
        granted: true,
        givenOn: '2026-01-10',
        givenBy: 'self',
        notes: 'Firmado',
      },
      'POST /api/population/persons/{id}/readmission': {
        admissionDate: '2026-02-10',
        admissionReason: 'Nueva referencia',
        version: versions.person,
      },
      'POST /api/population/activities': {
        name: 'Taller de arte',
        activityType: 'TALLER',
        startsAt: '2026-11-21T14:30',
        state: '07',
        town: '0701',
        place: 'Salón',
        description: 'Pintura',
        facilitatorIds: [me.id],
        thematic: ['MALTRATO_PSICOLOGICO'],
        unregistered: [{ sex: 'F', ageGroup: 'NINEZ', count: 4 }],
      },
      'PUT /api/population/activities/{id}': {
        name: 'Taller de autoestima',
        activityType: 'TALLER',
        startsAt: '2026-11-20T14:30',
        state: '07',
        town: '0701',
        facilitatorIds: [me.id],
        thematic: ['MALTRATO_PSICOLOGICO'],
        unregistered: [],
        version: versions.activity,
      },
      'POST /api/documentation/documents': {
        title: 'Acta de egreso',
        documentType: 'ACTA',
        documentDate: '2026-11-02',
        description: 'Acta',
        area: 'Legal',
        tags: ['egreso'],
      },
      'PUT /api/documentation/documents/{id}': {
        title: 'Acta de ingreso',
        documentType: 'ACTA',
        documentDate: '2026-11-02',
        tags: ['ingreso'],
        version: versions.document,
      },
      'POST /api/headquarters': { code: 'HUE', name: 'Sede Huehue', country: 'GT', state: '13', address: 'Zona 1' },
      'PUT /api/headquarters/{id}': {
        code: 'XELA',
        name: 'Sede Xela',
        country: 'GT',
        state: '09',
        version: versions.hq,
      },
      'POST /api/roles': { slug: 'otro-rol', name: 'Otro rol', permissions: [] },
      'PUT /api/roles/{id}': { slug: 'poison-role', name: 'Rol', permissions: [], version: versions.role },
      'POST /api/catalogs/items': { catalog: 'referrer', code: 'PGN2', es: 'Procuraduría', en: 'Attorney' },
      'PUT /api/catalogs/items/{id}': { es: 'Defensoría', en: 'Ombudsman', active: true, version: versions.item },
      'POST /api/users': {
        username: 'nuevo.poison',
        password: 'Clave-Segura-1',
        fullName: 'Nuevo Usuario',
        email: 'nuevo.poison@amparo.test',
        roleId: null,
        active: true,
        extraPermissions: [],
      },
      'POST /api/update_user': { fullName: 'Ana Admin', phone: '5555-1234', version: versions.me },
      'POST /api/users/invitations': { email: 'invitada@amparo.test', roleId: null },
      'POST /api/forgot': { email: 'nobody@amparo.test' },
      'POST /api/cooperating': {
        name: 'Otro cooperante',
        code: 'POISON2',
        country: 'US',
        contactName: 'Contacto',
        contactEmail: 'contacto@example.org',
        contactPhone: '5555-1234',
        startDate: '2026-01-01',
        endDate: '2026-12-31',
        currency: 'USD',
        ceiling: '500.00',
        active: true,
      },
      'PUT /api/cooperating/{id}': {
        name: 'Cooperante',
        code: 'POISON',
        country: 'DE',
        contactName: 'Contacto',
        contactEmail: 'contacto@example.org',
        contactPhone: '5555-1234',
        startDate: '2026-01-01',
        endDate: '2026-12-31',
        currency: 'EUR',
        ceiling: '1000.00',
        active: true,
        version: versions.cooperating,
      },
      'POST /api/cooperating/{id}/items': {
        code: 'R-2',
        name: 'Otro renglón',
        initialAmount: '5.00',
        goals: [{ start: 1, end: 2, description: 'Meta' }],
      },
      'PUT /api/cooperating/{id}/items/{itemId}': {
        code: 'R-1',
        name: 'Renglón',
        initialAmount: '10.00',
        goals: [{ start: 1, end: 2, description: 'Meta' }],
        version: versions.coopItem,
      },
      'POST /api/cooperating/{id}/items/{itemId}/transactions': {
        type: 'sum',
        date: '2026-03-15',
        amount: '1.00',
        reason: 'Ampliación',
      },
      'POST /api/cooperating/{id}/disbursements': {
        date: '2026-03-15',
        amount: '100.00',
        exchangeRate: '8.5',
        rateSource: 'Banguat',
        reference: 'Transferencia 1',
      },
    };
  });
  afterAll(() => t?.close());

  /** The id a path parameter takes: the record of that kind created above, or an unknown one. */
  function fillPath(path: string): string {
    return path
      .replace(/^\/api\/population\/persons\/\{id\}/, `/api/population/persons/${ids.person}`)
      .replace(/^\/api\/population\/activities\/\{id\}/, `/api/population/activities/${ids.activity}`)
      .replace(/^\/api\/documentation\/documents\/\{id\}/, `/api/documentation/documents/${ids.document}`)
      .replace(/^\/api\/headquarters\/\{id\}/, `/api/headquarters/${ids.hq}`)
      .replace(/^\/api\/roles\/\{id\}/, `/api/roles/${ids.role}`)
      .replace(/^\/api\/users\/\{id\}/, `/api/users/${ids.user}`)
      .replace(/^\/api\/catalogs\/items\/\{id\}/, `/api/catalogs/items/${ids.item}`)
      .replace(/^\/api\/cooperating\/\{id\}/, `/api/cooperating/${ids.cooperating}`)
      .replace('{itemId}', ids.coopItem!)
      .replace('{attentionId}', ids.attention!)
      .replace('{linkId}', ids.link!)
      .replace('{personId}', ids.person!)
      .replace('{name}', 'referrer')
      .replace(/\{[a-zA-Z]+\}/g, '00000000-0000-4000-8000-000000000000');
  }

  function writeOperations() {
    const doc = openApiOf(t.app);
    const out: { method: 'POST' | 'PUT'; path: string; schema: Schema }[] = [];
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        const schema = op.requestBody?.content?.['application/json']?.schema;
        if ((method === 'post' || method === 'put') && schema)
          out.push({ method: method.toUpperCase() as 'POST' | 'PUT', path, schema });
      }
    }
    return out;
  }

  it('every JSON write endpoint refuses NUL, invisible-only text, out-of-range integers and impossible dates', async () => {
    const ops = writeOperations();
    expect(ops.length).toBeGreaterThan(30);
    const failures: string[] = [];
    let sent = 0;
    for (const op of ops) {
      const key = `${op.method} ${op.path}`;
      const base = validBodies[key] ?? {};
      const poisons: { label: string; body: Record<string, unknown> }[] = [];
      for (const leaf of leaves(op.schema)) {
        const name = leaf.path.join('.');
        if (hasType(leaf.schema, 'string')) {
          const formats = branches(leaf.schema).map((b) => b.format);
          const isDate = formats.includes('date');
          const isDateTime = branches(leaf.schema).some((b) => b.pattern?.includes('T'));
          if (isDate) {
            for (const d of ['0000-01-01', '2026-02-30', '9999-12-31'])
              poisons.push({ label: `${name}=${d}`, body: withValue(base, leaf.path, d) });
          } else if (isDateTime) {
            for (const d of ['0000-01-01T10:00', '2026-02-30T10:00'])
              poisons.push({ label: `${name}=${d}`, body: withValue(base, leaf.path, d) });
          } else {
            const current =
              typeof (base as Record<string, unknown>)[String(leaf.path[0])] === 'string'
                ? String((base as Record<string, unknown>)[String(leaf.path[0])])
                : 'Texto';
            poisons.push({
              label: `${name} with NUL`,
              body: withValue(base, leaf.path, leaf.path.length === 1 ? `${current}\u0000x` : 'a\u0000b'),
            });
            // A password may be any characters a person can type, invisible ones included.
            if (
              !/password|confirmation/i.test(name) &&
              !formats.some(Boolean) &&
              !branches(leaf.schema).some((b) => b.pattern || (b as { enum?: unknown }).enum)
            ) {
              poisons.push({ label: `${name} invisible-only`, body: withValue(base, leaf.path, '\u200B\u200B\u2060') });
            }
          }
        }
        if (hasType(leaf.schema, 'integer') || hasType(leaf.schema, 'number')) {
          for (const n of [2147483648, 1e20])
            poisons.push({ label: `${name}=${n}`, body: withValue(base, leaf.path, n) });
        }
      }
      for (const poison of poisons) {
        const before = await snapshot();
        const url = fillPath(op.path);
        const res = await t.app.inject({
          method: op.method,
          url,
          payload: poison.body,
          headers: { authorization: `Bearer ${token}` },
        });
        sent += 1;
        const after = await snapshot();
        const changed = Object.keys(before ?? {}).filter((k) => before![k] !== after![k]);
        if (res.statusCode !== 400 || changed.length)
          failures.push(
            `${key} [${poison.label}] → ${res.statusCode}${changed.length ? ` wrote ${changed.join(',')}` : ''}`,
          );
      }
    }
    expect(sent).toBeGreaterThan(150);
    expect(failures).toEqual([]);
  }, 300_000);

  it('the valid bodies are valid (so each poison is the only fault)', async () => {
    // Spot check: the person create body is accepted as is.
    const res = await as(t.app, token).post('/api/population/persons', validBodies['POST /api/population/persons']);
    expect(res.statusCode, res.body).toBe(200);
    // And the cooperating ones (issue 13 section 2), each path filled as the walk fills it.
    for (const key of [
      'PUT /api/cooperating/{id}/items/{itemId}',
      'POST /api/cooperating/{id}/items/{itemId}/transactions',
      'POST /api/cooperating/{id}/disbursements',
      'POST /api/cooperating/{id}/items',
      'PUT /api/cooperating/{id}',
      'POST /api/cooperating',
    ]) {
      const [method, path] = key.split(' ') as ['POST' | 'PUT', string];
      const sent = await t.app.inject({
        method,
        url: fillPath(path),
        payload: validBodies[key],
        headers: { authorization: `Bearer ${token}` },
      });
      expect(sent.statusCode, `${key}: ${sent.body}`).toBe(200);
    }
  });

  it('GET endpoints refuse NUL in every query parameter', async () => {
    const doc = openApiOf(t.app);
    const failures: string[] = [];
    let sent = 0;
    for (const [path, ops] of Object.entries(doc.paths)) {
      const op = ops.get;
      if (!op) continue;
      for (const p of (op.parameters ?? []).filter((x) => x.in === 'query')) {
        const url = `${fillPath(path)}?${p.name}=${encodeURIComponent('ab\u0000cd')}`;
        const before = await snapshot();
        const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
        sent += 1;
        const after = await snapshot();
        if (res.statusCode !== 400 || JSON.stringify(before) !== JSON.stringify(after))
          failures.push(`GET ${path} ?${p.name} → ${res.statusCode}`);
      }
    }
    expect(sent).toBeGreaterThan(20);
    expect(failures).toEqual([]);
  });

  it("a birth date in the future (Guatemala's today) or more than 120 years ago is refused", async () => {
    const admin = as(t.app, token);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Guatemala' }).format(new Date());
    const tomorrow = new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const old = `${Number(today.slice(0, 4)) - 121}-01-01`;
    for (const birthDate of [tomorrow, old]) {
      const res = await admin.post('/api/population/persons', personBody({ birthDate }));
      expect(res.statusCode, birthDate).toBe(400);
      // The range on that day (the last 120 years to today, Guatemala) as params.
      expect(res.json().errors).toContainEqual({
        field: 'birthDate',
        code: 'date_out_of_range',
        params: birthDateRange(today),
      });
    }
    expect((await admin.post('/api/population/persons', personBody({ birthDate: today }))).statusCode).toBe(200);
  });

  it('an image over the pixel limit is 400 image_too_large, and nothing is kept', async () => {
    const bomb = pixelBomb();
    expect(bomb.length).toBeLessThan(200 * 1024);
    const upload = async (method: 'PUT' | 'POST', url: string) => {
      const m = multipartFile('photo', 'bomba.png', bomb, 'image/png');
      const before = await snapshot();
      const res = await t.app.inject({
        method,
        url,
        headers: { ...m.headers, authorization: `Bearer ${token}` },
        payload: m.payload,
      });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
      expect(res.json().code).toBe('image_too_large');
      expect(res.json().errors).toContainEqual(expect.objectContaining({ field: 'photo', code: 'image_too_large' }));
      expect(await snapshot()).toEqual(before);
    };
    await upload('PUT', `/api/population/persons/${ids.person}/photo`);
    await upload('POST', `/api/population/activities/${ids.activity}/photos`);
    await upload('PUT', '/api/account/photo');
  });
});

describe('database errors in the log', () => {
  it('carry the statement and the SQLSTATE but no parameter value', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    // A route whose query fails in PostgreSQL with a child's name among its parameters.
    const t = await buildTestApp(
      {},
      {
        logger: { level: 'error', stream },
        beforeReady: (app, database) =>
          app.get('/api/test-boom', { config: { permission: 'public' } }, async () => {
            await database.db.execute(sql`select ${'Secreta María'}::int as n, ${'0000-01-01'}::date as d`);
            return {};
          }),
      },
    );
    const app = t.app;
    try {
      const res = await app.inject({ method: 'GET', url: '/api/test-boom' });
      expect(res.statusCode).toBe(500);
      const log = lines.join('');
      expect(log).toContain('unhandled error');
      expect(log).not.toContain('Secreta');
      expect(log).not.toContain('0000-01-01');
      expect(log).toMatch(/22P02|select \$1::int/);
    } finally {
      await t.close();
    }
  });
});
