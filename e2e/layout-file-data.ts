import type { APIRequestContext } from '@playwright/test';
import { adminApi, RUN } from './fixtures';

/** 'YYYY-MM-DD' in Guatemala, `days` from today. */
const dayInGuatemala = (days: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Guatemala' }).format(new Date(Date.now() + days * 86_400_000));

/** A one-pixel PNG: the smallest file the documents accept. */
const PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * One person's file with long free text in every tab (issue 24 section 6 item 3): a name, a note of some
 * 200 characters and a link of one very long word (no space, no hyphen: only `overflow-wrap: anywhere` breaks
 * it), so a cell that cuts, or lets a word widen its table, shows. Made through the API, tagged with `tag`.
 * Also a user with a long name refused a screen, for the security log.
 */
export async function seedFile(request: APIRequestContext, tag: string) {
  const api = await adminApi(request);
  const code = `${tag}${RUN}`.replace(/\W/g, '').toUpperCase().slice(-12);
  const word = `https://expedientes.amparo.org.gt/informe_psicologico_inicial_de_la_adolescente_${code}`;
  const note = (what: string) =>
    `${what}: la familia acudió a la sede después de la denuncia; se acordó acompañamiento psicológico semanal ` +
    `y visitas domiciliarias cada quince días con la trabajadora social. Anexo: ${word}`;
  const today = dayInGuatemala(0);
  const year = Number(today.slice(0, 4));

  const me = ((await api('post', '/api/user-check', {})) as { user: { id: string } }).user;
  const role = (await api('post', '/api/roles', {
    slug: `lectura-${code.toLowerCase()}`,
    name: `Lectura de expedientes ${code}`,
    permissions: ['poblacion', 'poblacion_poblacion'],
  })) as { id: string };
  const reader = {
    username: `lectura.${code.toLowerCase()}`,
    fullName: `María Fernanda CastañedaHernándezDeVillatoroYMontenegroSandoval${code}`,
    password: 'Lectura-Segura-2026',
  };
  const user = (await api('post', '/api/users', {
    ...reader,
    email: `lectura.${code.toLowerCase()}@amparo.org.gt`,
    roleId: role.id,
    active: true,
    extraPermissions: [],
  })) as { id: string };

  // Admitted two years ago, departed last year, re-admitted today: a closed period and the current one.
  const created = (await api('post', '/api/population/persons', {
    names: 'María de los Ángeles Guadalupe',
    lastNames: `Castañeda Hernández de Villatoro ${code}`,
    sex: 'F',
    age: 14,
    country: 'GT',
    state: '01',
    thematic: ['MALTRATO_FISICO', 'NEGLIGENCIA'],
    admissionDate: `${year - 2}-01-15`,
    admissionReason: note('Ingreso'),
    referrer: 'PGN',
    departureDate: `${year - 1}-06-30`,
    departureReason: 'REINTEGRACION_FAMILIAR',
    departureNote: note('Egreso'),
  })) as { id: string; version: number };
  const person = created.id;
  const path = `/api/population/persons/${person}`;
  await api('post', `${path}/readmission`, {
    admissionDate: today,
    admissionReason: note('Reingreso'),
    referrer: 'JUZGADO',
    version: created.version,
  });

  // The answer is the file's links: the one just made is the only one.
  const [link] = (await api('post', `${path}/links`, {
    names: 'Rosa Elvira de los Ángeles',
    lastNames: `Coj Ixcamparic de Tzunún ${code}`,
    sex: 'F',
    age: 38,
    phones: ['+502 5555-1234', '+502 4444-9876', '+502 7766-5544'],
    bond: 'MADRE',
    livesWith: true,
    legalGuardian: true,
    notes: note('Vínculo'),
  })) as { id: string }[];
  await api('post', `${path}/perpetrators`, {
    names: `Juan Carlos Batz Tzoc de la Cruz ${code}`,
    alias: 'El del camión',
    sex: 'M',
    approximateAge: 45,
    bond: 'PADRASTRO',
    thematic: ['MALTRATO_FISICO', 'MALTRATO_PSICOLOGICO'],
    reported: true,
    reportedTo: ['MP', 'PNC'],
    caseNumber: `MP001-${year}-12345`,
    notes: note('Presunto agresor'),
  });
  await api('post', `${path}/attentions`, {
    attendedAt: `${dayInGuatemala(-1)}T09:30`,
    professionalId: me.id,
    area: 'PSICOLOGIA',
    modality: 'INDIVIDUAL',
    durationMinutes: 45,
    summary: note('Sesión de acogida'),
    nextFollowUp: dayInGuatemala(7),
  });

  const document = (await api('post', '/api/documentation/documents', {
    title: `Informe psicológico inicial de la adolescente y su familia, con recomendaciones ${code}`,
    documentType: 'INFORME',
    documentDate: today,
    personId: person,
    tags: [],
  })) as { id: string };
  const file = `informe_psicologico_inicial_de_la_adolescente_y_su_familia_${code}.png`;
  const uploaded = await request.post(`/api/documentation/documents/${document.id}/files`, {
    multipart: { file: { name: file, mimeType: 'image/png', buffer: PIXEL } },
  });
  if (!uploaded.ok()) throw new Error(`upload: ${uploaded.status()} ${await uploaded.text()}`);
  await api('put', `${path}/consents`, {
    kind: 'data_processing',
    granted: true,
    givenOn: today,
    givenBy: 'guardian',
    guardianLinkId: link!.id,
    documentId: document.id,
    notes: note('Consentimiento'),
  });

  const [hq] = (await api('post', '/api/catalog/headquarter', { lang: 'es' })) as { value: string }[];
  const activity = (await api('post', '/api/population/activities', {
    name: `Taller de crianza positiva con madres, padres y cuidadores de la comunidad ${code}`,
    activityType: 'TALLER',
    startsAt: `${dayInGuatemala(-2)}T09:00`,
    headquarterId: hq!.value,
    state: '01',
    town: '0101',
    place: `Salón comunal de la aldea San José Las Flores, a un costado de la iglesia ${word}`,
    facilitatorIds: [me.id],
    participantIds: [person],
  })) as { id: string };
  await api('post', `${path}/grants`, {
    userId: user.id,
    canRead: true,
    canWrite: false,
    reason: note('Acceso'),
    expiresOn: null,
  });

  return { person, activity: activity.id, reader, word };
}
