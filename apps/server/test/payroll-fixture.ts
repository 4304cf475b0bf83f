import { randomBytes } from 'node:crypto';
import * as XLSX from '@e965/xlsx';
import { expect } from 'vitest';
import { todayInGuatemala } from '@amparo/shared/format';
import { PAYROLL_IMPORT_COLUMNS } from '@amparo/shared/modules/execution-personal.schema';
import { as, createUser, login, type TestApp } from './helpers.ts';

/** A valid DPI (RENAP, Decreto 90-2005) from an 8-digit serial, issued in municipality 0101 (Guatemala). */
export function dpiOf(serial: number): string {
  const digits = String(serial).padStart(8, '0');
  const sum = [...digits].reduce((a, d, i) => a + Number(d) * (i + 2), 0);
  // A remainder of 10 has no check digit: the next serial.
  return sum % 11 === 10 ? dpiOf(serial + 1) : `${digits}${sum % 11}0101`;
}

export type PayrollCells = Record<string, string | number | null>;

/** Rows as a legacy .xls (BIFF8), with the Spanish headers (or `headers`), as Excel 97–2003 saves it. */
export function payrollXls(rows: PayrollCells[], headers = PAYROLL_IMPORT_COLUMNS.map((c) => c.header.es)): Buffer {
  const book = XLSX.utils.book_new();
  const aoa = [headers, ...rows.map((r) => PAYROLL_IMPORT_COLUMNS.map((c) => r[c.key] ?? null))];
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(aoa), 'Planilla');
  return XLSX.write(book, { type: 'buffer', bookType: 'biff8' }) as Buffer;
}

/**
 * The personnel execution's tests' world, through the API: this Guatemala month of this year, two programs under
 * one axis and an expense type, lines of that type (program A at the first headquarter, program A at a second one,
 * program B at the first one) with `assigned` (Q) each assigned this month from a warn-control cooperating, one
 * line of another year, three collaborators (the third inactive) at the first headquarter, and a user with
 * `ejecucion_personal`.
 */
export async function payrollFixture(t: TestApp, assigned = '50000.00') {
  const adminToken = await login(t.app);
  const admin = as(t.app, adminToken);
  const today = todayInGuatemala();
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  const tag = randomBytes(3).toString('hex').toUpperCase();
  const ok = async (call: ReturnType<typeof admin.post>) => {
    const res = await call;
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res.json().data as { id: string };
  };
  const catalog = (catalog: string, code: string, parent?: string) =>
    ok(admin.post('/api/catalogs/items', { catalog, code, es: code, en: code, parent }));
  const codes = { axis: `EJN_${tag}`, programA: `PRNA_${tag}`, programB: `PRNB_${tag}`, type: `SAL_${tag}` };
  await catalog('strategic_axis', codes.axis);
  await catalog('program', codes.programA, codes.axis);
  await catalog('program', codes.programB, codes.axis);
  await catalog('expense_type', codes.type);
  const hq = async (code: string) =>
    ok(admin.post('/api/headquarters', { code, name: `Sede ${code}`, country: 'GT', state: '01' }));
  const hqCodes = [`N1${tag}`, `N2${tag}`];
  const hqs = [await hq(hqCodes[0]!), await hq(hqCodes[1]!)];
  const me = (await admin.post('/api/user-check', {})).json().data.user.id as string;
  const coop = await ok(
    admin.post('/api/cooperating', {
      name: `Fundación Planilla ${tag}`,
      code: `CP-${tag}`,
      country: 'GT',
      startDate: `${year - 1}-01-01`,
      endDate: `${year}-12-31`,
      currency: 'GTQ',
      ceiling: '9000000.00',
      controlMode: 'warn',
    }),
  );
  const item = await ok(
    admin.post(`/api/cooperating/${coop.id}/items`, { code: 'R1', name: 'Salarios', initialAmount: '5000000' }),
  );
  const line = async (program: string, headquarterId: string, lineYear = year) => {
    const created = await ok(
      admin.post('/api/budget/planning', {
        year: lineYear,
        strategicAxis: codes.axis,
        program,
        expenseType: codes.type,
        description: `Salarios ${program}`,
        goalUnit: 'planillas',
        responsibleId: me,
        plannerId: me,
        headquarterId,
        municipality: null,
        months: Array.from({ length: 12 }, (_, i) => ({ month: i + 1, goal: '1', amount: '100000.00' })),
      }),
    );
    if (lineYear === year)
      await ok(
        admin.post(`/api/budget/assignment/${created.id}/transaction/${item.id}`, {
          type: 'increase',
          reason: 'Planilla',
          months: [{ month, amount: assigned }],
        }),
      );
    return created.id;
  };
  const lines = {
    a1: await line(codes.programA, hqs[0]!.id),
    a2: await line(codes.programA, hqs[1]!.id),
    b1: await line(codes.programB, hqs[0]!.id),
    lastYear: await line(codes.programA, hqs[0]!.id, year - 1),
  };
  const people: { id: string; code: string; dpi: string }[] = [];
  for (let i = 0; i < 3; i++) {
    const code = `C${tag}${i}`;
    const dpi = dpiOf(10_000_000 + (Number.parseInt(tag, 16) % 20_000_000) * 4 + i * 2);
    const p = await ok(
      admin.post('/api/talent/collaborators', {
        code,
        dpi,
        firstNames: `Persona ${i}`,
        lastNames: 'Planilla',
        headquarterId: hqs[0]!.id,
      }),
    );
    people.push({ id: p.id, code, dpi });
  }
  const third = (await admin.get(`/api/talent/collaborators/${people[2]!.id}`)).json().data;
  await ok(
    admin.put(`/api/talent/collaborators/${people[2]!.id}`, {
      code: third.code,
      dpi: third.dpi,
      firstNames: third.firstNames,
      lastNames: third.lastNames,
      headquarterId: third.headquarterId,
      active: false,
      version: third.version,
    }),
  );
  const payroll = await createUser(
    t.app,
    adminToken,
    ['ejecucion', 'ejecucion_personal'],
    `planilla${tag.toLowerCase()}`,
  );
  const monthText = `${year}-${String(month).padStart(2, '0')}`;
  /** A good row: Q 4,000.00 salary, Q 250.00 bonus, Q 426.80 IGSS, Q 1,333.33 benefits (Q 6,010.13). */
  const row = (over: PayrollCells = {}): PayrollCells => ({
    collaborator: people[0]!.code,
    month: monthText,
    line: codes.type,
    program: codes.programA,
    headquarter: null,
    salary: '4000.00',
    bonus: '250.00',
    igssEmployer: '426.80',
    benefits: '1333.33',
    isrWithheld: '0',
    total: '6010.13',
    ...over,
  });
  return {
    admin,
    adminToken,
    year,
    month,
    monthText,
    codes,
    hqCodes,
    hqs,
    itemId: item.id,
    lines,
    people,
    payroll: { ...payroll, api: as(t.app, payroll.token) },
    row,
  };
}
