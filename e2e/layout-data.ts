import type { APIRequestContext } from '@playwright/test';
import { isValidNit } from '../packages/shared/src/identifiers.ts';
import { adminApi, RUN } from './fixtures';

/**
 * Records with long, realistic Spanish names for each list the layout test visits (issue 24 section 6 item 3),
 * so a free-text column has something to wrap; made through the API, tagged with `tag` to keep them unique.
 * The person list uses the people already there (creating one takes a whole case file).
 */
export async function seedLists(request: APIRequestContext, tag: string) {
  const api = await adminApi(request);
  const year = new Date().getFullYear();
  const code = `${tag}${RUN}`.replace(/\W/g, '').toUpperCase().slice(-12);
  const catalog = (catalog: string, item: string, es: string, parent?: string) =>
    api('post', '/api/catalogs/items', { catalog, code: item, es, en: `${es} (en)`, parent });
  await catalog('strategic_axis', `EJE_${code}`, 'Prevención de la violencia y protección integral de la niñez');
  await catalog('program', `PRG_${code}`, 'Fortalecimiento de capacidades familiares y comunitarias', `EJE_${code}`);
  await catalog('expense_type', `GTO_${code}`, 'Materiales didácticos, refacciones y transporte de participantes');
  await catalog('activity_type', `ACT_${code}`, 'Taller participativo de formación comunitaria');

  const me = ((await api('post', '/api/user-check', {})) as { user: { id: string } }).user;
  const hq = (await api('post', '/api/headquarters', {
    code: `H${code}`.slice(0, 10),
    name: `Sede regional de atención integral de Quetzaltenango y Totonicapán ${code}`,
    country: 'GT',
    state: '01',
  })) as { id: string };
  const role = (await api('post', '/api/roles', {
    slug: `coordinacion-${code.toLowerCase()}`,
    name: `Coordinación departamental de programas comunitarios ${code}`,
    permissions: ['poblacion', 'poblacion_poblacion'],
  })) as { id: string };
  await api('post', '/api/users', {
    username: `maria.fernanda.${code.toLowerCase()}`,
    fullName: 'María Fernanda de los Ángeles Castañeda Hernández de Villatoro',
    email: `maria.fernanda.castaneda.hernandez.${code.toLowerCase()}@amparo.org.gt`,
    password: 'Coordinacion-Segura-2026',
    roleId: role.id,
    active: true,
    extraPermissions: [],
  });
  const coop = (await api('post', '/api/cooperating', {
    name: `Fundación para el Desarrollo Comunitario y la Cooperación Internacional ${code}`,
    code: `C-${code}`.slice(0, 20),
    country: 'DE',
    startDate: `${year}-01-01`,
    endDate: `${year}-12-31`,
    currency: 'GTQ',
    ceiling: '900000',
  })) as { id: string };
  const items: string[] = [];
  for (const [itemCode, name] of [
    ['R-1', 'Talleres de crianza positiva y materiales de apoyo'],
    ['R-2', 'Transporte y alimentación de participantes en comunidades rurales'],
  ])
    items.push(
      (
        (await api('post', `/api/cooperating/${coop.id}/items`, { code: itemCode, name, initialAmount: '400000' })) as {
          id: string;
        }
      ).id,
    );
  const line = (await api('post', '/api/budget/planning', {
    year,
    strategicAxis: `EJE_${code}`,
    program: `PRG_${code}`,
    expenseType: `GTO_${code}`,
    description: 'Taller de crianza positiva con madres, padres y cuidadores de la comunidad',
    goalUnit: 'talleres',
    responsibleId: me.id,
    plannerId: me.id,
    headquarterId: hq.id,
    municipality: null,
    // Five-figure months and a six-figure year: the widest amounts the month table must show whole.
    months: Array.from({ length: 12 }, (_, i) => ({ month: i + 1, goal: '1', amount: '12345.50' })),
  })) as { id: string };
  await api('post', `/api/budget/assignment/${line.id}/transaction/${items[0]}`, {
    type: 'increase',
    reason: 'Convenio firmado con la fundación',
    months: Array.from({ length: 12 }, (_, i) => ({ month: i + 1, amount: '10000.25' })),
  });
  await api('post', '/api/population/activities', {
    name: 'Taller de crianza positiva con madres, padres y cuidadores de la comunidad',
    activityType: `ACT_${code}`,
    startsAt: `${year}-03-14T09:00`,
    headquarterId: hq.id,
    state: '01',
    town: '0101',
    place: 'Salón comunal de la aldea San José Las Flores, a un costado de la iglesia',
    facilitatorIds: [me.id],
  });
  await api('post', '/api/documentation/documents', {
    title: 'Acta de la asamblea comunitaria sobre protección integral de la niñez y adolescencia',
    documentType: 'ACTA',
    documentDate: `${year}-02-02`,
    area: 'Coordinación de programas comunitarios y participación ciudadana',
    tags: [],
  });
  // A NIT of this call only (NITs are unique): nine random digits and the check digit that makes them valid.
  const nitBody = String(100_000_000 + Math.floor(Math.random() * 900_000_000));
  const provider = (await api('post', '/api/providers', {
    name: `Distribuidora de Útiles Escolares y Materiales Didácticos del Altiplano, Sociedad Anónima ${code}`,
    tradeName: 'Librería y Papelería La Buena Enseñanza de Quetzaltenango',
    nit: nitBody + [...'0123456789K'].find((check) => isValidNit(nitBody + check))!,
    taxRegime: 'general',
    country: 'GT',
    state: '09',
    town: '0901',
  })) as { id: string };
  // Its framework agreement, valid this whole year, for the provider's agreements screens (issue 26 section 1).
  const agreement = (await api('post', `/api/providers/${provider.id}/agreements`, {
    reference: `Contrato de suministro de útiles escolares ${code}`.slice(0, 60),
    description: 'Útiles escolares y materiales didácticos para los talleres comunitarios de la sede de Quetzaltenango',
    validFrom: `${year}-01-01`,
    validUntil: `${year}-12-31`,
    items: [
      {
        description: 'Cuaderno universitario de cien hojas con espiral y pasta dura',
        unit: 'unidad',
        unitPrice: '18.50',
      },
      { description: 'Caja de crayones de cera gruesos de doce colores', unit: 'caja', unitPrice: '1250.75' },
    ],
  })) as { id: string };
  // A range of fuel coupons of this call's series (ranges of one series never overlap), for the vouchers screens
  // (issue 26 section 2): some coupons voided, so its movements screen has rows.
  const voucherRange = (await api('post', '/api/vouchers', {
    kind: 'fuel',
    series: `CB${code}`.slice(0, 20),
    description: 'Cupones de combustible para los vehículos de la sede regional de Quetzaltenango y Totonicapán',
    start: 100_001,
    end: 100_500,
    expiresOn: `${year + 1}-12-31`,
    faceValue: '100',
    headquarterId: hq.id,
  })) as { id: string };
  await api('post', `/api/vouchers/${voucherRange.id}/void`, {
    number: 100_007,
    reason: 'Cupón extraviado durante el traslado de la sede de Quetzaltenango a la comunidad de San José Las Flores',
  });
  await api('post', '/api/support/tickets', {
    type: 'SOFTWARE',
    priority: 'media',
    criticality: 'baja',
    headquarterId: hq.id,
    subject: 'La computadora de recepción no enciende después del corte de energía eléctrica',
    description: 'Desde el corte de energía de ayer la computadora de recepción no enciende ni muestra luces.',
  });
  return { line, provider, agreement, voucherRange };
}
