import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assertPdfRows,
  PDF_MAX_ROWS,
  pdfContent,
  pdfDefinition,
  pdfFilename,
  PdfRenderer,
  PdfRenderError,
  PdfTooLargeError,
  renderPdf,
  type PdfDocument,
  type PdfTableSection,
} from './pdf.ts';
import { sendContent } from '../plugins/actor.ts';
import { buildTestApp, type TestApp } from '../../test/helpers.ts';

/**
 * Printable documents (decision 0017). The text of the rendered PDF is read back with `pdftotext`
 * (Debian's poppler-utils; .ci/run installs it); without it those checks are skipped, the rest run.
 */
const hasPdftotext = !spawnSync('pdftotext', ['-v']).error;
const NEEDS = 'needs pdftotext (apt-get install -y poppler-utils)';
if (!hasPdftotext) console.warn(`pdf.test.ts: pdftotext is missing, the text checks are skipped: ${NEEDS}`);

const dir = mkdtempSync(join(tmpdir(), 'amparo-pdf-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The PDF's text, page by page (pdftotext separates pages by form feeds), laid out as printed. */
function pages(pdf: Buffer): string[] {
  const file = join(dir, `${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, pdf);
  const out = spawnSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
  expect(out.status, out.stderr).toBe(0);
  return out.stdout.split('\f').filter((p) => p.trim() !== '');
}

/** The page count the PDF declares (its page tree's /Count), read without any tool. */
const pageCount = (pdf: Buffer) => Number(/\/Type \/Pages\s*\/Count (\d+)/.exec(pdf.toString('latin1'))?.[1] ?? 0);

const table = (rows: number): PdfTableSection => ({
  kind: 'table',
  title: 'Líneas del plan',
  columns: [
    { header: 'Nº', width: 30 },
    { header: 'Concepto' },
    { header: 'Sede', width: 90 },
    { header: 'Ejecutado', money: true },
  ],
  rows: Array.from({ length: rows }, (_, i) => [
    String(i + 1),
    i % 10 === 0
      ? 'Niñez y adolescencia: atención psicológica en la comunidad de Santa María Nebaj'
      : 'Niñez y adolescencia',
    i % 2 ? 'Quetzaltenango' : 'Central',
    i === 0 ? '1234.56' : i === 1 ? null : `${i}.05`,
  ]),
  totals: ['Total', null, null, '45678.90'],
});

const doc = (rows: number): PdfDocument => ({
  title: 'Resumen para el donante',
  subtitle: 'Plan operativo 2026',
  filters: [
    { label: 'Sede', value: 'Todas' },
    { label: 'Año', value: '2026' },
  ],
  sections: [
    { kind: 'keyValues', items: [{ label: 'Responsable', value: 'María José Ordóñez' }] },
    { kind: 'text', text: 'Ejecución por línea presupuestaria, en quetzales.' },
    table(rows),
  ],
});

// 24 November 2026, 20:05 UTC is 14:05 in Guatemala (UTC-6).
const generatedAt = new Date('2026-11-24T20:05:00Z');

describe('renderPdf', () => {
  let es: Buffer;
  beforeAll(async () => {
    es = await renderPdf(doc(300), { locale: 'es', organization: 'Asociación Amparo', generatedAt });
  });

  it('renders a PDF of several pages for a 300-row table', () => {
    expect(es.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pageCount(es)).toBeGreaterThan(1);
  });

  it.skipIf(!hasPdftotext)(
    `prints the title, the filters, accents and ñ, money as 'Q 1,234.56', the totals and 'Página N de M' (${NEEDS})`,
    () => {
      const text = pages(es);
      const n = pageCount(es);
      expect(text).toHaveLength(n);
      const first = text[0]!;
      expect(first).toContain('Resumen para el donante');
      expect(first).toContain('Plan operativo 2026');
      expect(first).toMatch(/Filtros: Sede: Todas\s+·\s+Año: 2026/);
      expect(first).toMatch(/Responsable:\s+María José Ordóñez/);
      expect(first).toContain('Niñez y adolescencia: atención psicológica');
      expect(first).toMatch(/\n\s*1\s+Niñez y adolescencia.*Central\s+Q 1,234\.56\n/);
      expect(first).toMatch(/\n\s*2\s+Niñez y adolescencia\s+Quetzaltenango\s+—\n/);
      expect(first).toMatch(/\n\s*3\s+Niñez y adolescencia\s+Central\s+Q 2\.05\n/);
      expect(text.at(-1)).toMatch(
        /\n\s*300\s+Niñez y adolescencia\s+Quetzaltenango\s+Q 299\.05\n\s*Total\s+Q 45,678\.90\n/,
      );
      text.forEach((page, i) => {
        // Every page: the header (charity and title), the table's header row, the footer.
        expect(page).toMatch(/^\s*Asociación Amparo\s+Resumen para el donante\n/);
        expect(page).toMatch(/Nº\s+Concepto\s+Sede\s+Ejecutado\n/);
        expect(page).toMatch(new RegExp(`Generado 24-11-2026 14:05\\s+Página ${i + 1} de ${n}\\s*$`));
      });
    },
  );

  it.skipIf(!hasPdftotext)(`labels the page in English with locale 'en' (${NEEDS})`, async () => {
    const en = await renderPdf(
      { ...doc(3), title: 'Funder summary', filters: [{ label: 'Office', value: 'All' }] },
      { locale: 'en', generatedAt },
    );
    const [page] = pages(en);
    expect(page).toMatch(/^\s*Amparo\s+Funder summary\n/);
    expect(page).toContain('Filters: Office: All');
    expect(page).toMatch(/Generated 24-11-2026 14:05\s+Page 1 of 1\s*$/);
    expect(page).not.toMatch(/Página|Generado|Filtros/);
  });

  it("says 'Ninguno' when the document was made without filters", () => {
    const def = pdfDefinition({ ...doc(1), filters: [] }, { locale: 'es' });
    const filters = (def.content as { style?: string; text?: unknown }[]).find((c) => c.style === 'filters');
    expect(filters?.text).toEqual([{ text: 'Filtros: ', bold: true }, 'Ninguno']);
  });

  it('lays out tables with a repeated header row, unbroken rows, money right-aligned and a bold totals row', () => {
    const def = pdfDefinition(doc(2), { locale: 'es' });
    const content = def.content as { table?: { headerRows: number; dontBreakRows: boolean; body: unknown[][] } }[];
    const t = content.find((c) => c.table?.headerRows)!.table!;
    expect(t.headerRows).toBe(1);
    expect(t.dontBreakRows).toBe(true);
    expect(t.body[1]![3]).toEqual({ text: 'Q 1,234.56', alignment: 'right', noWrap: true, bold: false });
    expect(t.body.at(-1)![0]).toMatchObject({ text: 'Total', bold: true });
    expect(t.body.at(-1)![3]).toMatchObject({ text: 'Q 45,678.90', alignment: 'right', bold: true });
  });

  it(`refuses a document over ${PDF_MAX_ROWS} table rows (totals included) with 422 document_too_large`, async () => {
    expect(() => assertPdfRows(PDF_MAX_ROWS)).not.toThrow();
    // PDF_MAX_ROWS rows plus the totals row: one too many.
    const err = await renderPdf(doc(PDF_MAX_ROWS), { locale: 'es' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PdfTooLargeError);
    expect(err).toMatchObject({
      status: 422,
      code: 'document_too_large',
      rows: PDF_MAX_ROWS + 1,
      fieldErrors: [{ field: 'rows', code: 'too_big', params: { max: PDF_MAX_ROWS } }],
    });
  });

  it('refuses a money cell that is not a decimal string and a row with the wrong number of cells', async () => {
    const bad = (rows: (string | null)[][]): PdfDocument => ({ ...doc(0), sections: [{ ...table(0), rows }] });
    for (const amount of ['1,234.56', 'Q 12.00', '1e3', '12.'])
      await expect(renderPdf(bad([['1', 'x', 'y', amount]]), { locale: 'es' })).rejects.toThrow(TypeError);
    await expect(renderPdf(bad([['1', 'x', '1.00']]), { locale: 'es' })).rejects.toThrow(/3 cells for 4 columns/);
  });
});

describe('pdfContent and pdfFilename', () => {
  it('names the file without accents or unsafe characters', () => {
    expect(pdfFilename('Resumen para el donante: Año 2026/Niñez', '2026-11-24')).toBe(
      'resumen-para-el-donante-ano-2026-ninez-2026-11-24.pdf',
    );
    expect(pdfFilename('"../../etc"; x=', '2026-11-24')).toBe('etc-x-2026-11-24.pdf');
  });

  it('sends application/pdf as an attachment, never cached', async () => {
    const content = await pdfContent(doc(1), { locale: 'es', filename: 'resumen-2026-11-24.pdf' });
    expect(content.mime).toBe('application/pdf');
    expect(content.headers).toEqual({
      'content-disposition': `attachment; filename="resumen-2026-11-24.pdf"; filename*=UTF-8''resumen-2026-11-24.pdf`,
      'cache-control': 'no-store',
    });
    expect((content.body as Buffer).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });
});

describe('the render worker failing, and the queue of renders (issue 24 section 5)', () => {
  // A worker that hangs, dies or throws, from the document's title; any other title answers stand-in bytes at once.
  const STUB = new URL('../../test/fixtures/pdf-worker-stub.ts', import.meta.url);
  const titled = (title: string): PdfDocument => ({ ...doc(3), title });
  const isPdf = (pdf: Buffer) => expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');

  it('stops a render that hangs at its timeout (500 document_failed) and renders the next one', async () => {
    const renderer = new PdfRenderer({ queueMax: 2, timeoutMs: 2000, workerUrl: STUB });
    const started = performance.now();
    const err = await renderer.render(titled('hang'), { locale: 'es' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PdfRenderError);
    expect(err).toMatchObject({ status: 500, code: 'document_failed', message: 'pdf: render took over 2000 ms' });
    expect(performance.now() - started).toBeGreaterThanOrEqual(1900);
    isPdf(await renderer.render(titled('Después del bloqueo'), { locale: 'es' }));
  });

  it('fails a render whose worker dies or throws (500 document_failed) and renders the next one', async () => {
    const renderer = new PdfRenderer({ queueMax: 2, timeoutMs: 2000, workerUrl: STUB });
    await expect(renderer.render(titled('crash'), { locale: 'es' })).rejects.toMatchObject({
      status: 500,
      code: 'document_failed',
      message: 'pdf: render worker exited with code 3',
    });
    const thrown = await renderer.render(titled('throw'), { locale: 'es' }).catch((e: unknown) => e);
    expect(thrown).toMatchObject({ code: 'document_failed', message: 'pdf: render failed' });
    expect(((thrown as Error).cause as Error).message).toBe('stub: layout failed');
    isPdf(await renderer.render(titled('Después de la caída'), { locale: 'es' }));
  });

  it('admits one running render and queueMax waiting; the next is refused at once, 503 with Retry-After', async () => {
    const renderer = new PdfRenderer({ queueMax: 2, timeoutMs: 20_000 });
    // Admission is counted when render() is called, before any await: these four calls hold or ask for a place
    // whatever the speed of the machine, so the fourth is refused every time.
    const admitted = [1, 2, 3].map((n) => renderer.render(titled(`Documento ${n}`), { locale: 'es' }));
    const refused = await renderer.render(titled('Documento 4'), { locale: 'es' }).catch((e: unknown) => e);
    expect(refused).toMatchObject({ status: 503, code: 'documents_busy' });
    const retryAfter = Number((refused as { headers: Record<string, string> }).headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    for (const pdf of await Promise.all(admitted)) isPdf(pdf);
    // Once they are done, a render is admitted again.
    expect(renderer.queue.admitted).toBe(0);
    isPdf(await renderer.render(titled('Documento 5'), { locale: 'es' }));
  });

  describe('through HTTP', () => {
    let t: TestApp;
    const renderer = new PdfRenderer({ queueMax: 0, timeoutMs: 2000, workerUrl: STUB });
    beforeAll(async () => {
      t = await buildTestApp(
        {},
        {
          // A route that prints the document named in its path, as an export route does.
          beforeReady: (app) =>
            app.get<{ Params: { title: string } }>(
              '/api/pdf-probe/:title',
              { config: { permission: 'public' } },
              async (request, reply) =>
                sendContent(reply, {
                  mime: 'application/pdf',
                  headers: {},
                  body: await renderer.render(titled(request.params.title), { locale: 'es' }),
                }),
            ),
        },
      );
    });
    afterAll(() => t.close());

    it('answers problem+json for a render that hangs or dies, then renders the next one', async () => {
      for (const title of ['hang', 'crash']) {
        const res = await t.app.inject({ method: 'GET', url: `/api/pdf-probe/${title}` });
        expect(res.statusCode).toBe(500);
        expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
        expect(res.json()).toMatchObject({ status: 500, code: 'document_failed' });
      }
      const ok = await t.app.inject({ method: 'GET', url: '/api/pdf-probe/Informe' });
      expect(ok.statusCode).toBe(200);
      isPdf(ok.rawPayload);
    });

    it('answers 503 documents_busy with Retry-After while the queue is full', async () => {
      const holding = renderer.render(titled('hang'), { locale: 'es' }).catch((e: unknown) => e);
      const res = await t.app.inject({ method: 'GET', url: '/api/pdf-probe/Informe' });
      expect(res.statusCode).toBe(503);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.json()).toMatchObject({ status: 503, code: 'documents_busy' });
      expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(await holding).toBeInstanceOf(PdfRenderError);
      expect((await t.app.inject({ method: 'GET', url: '/api/pdf-probe/Informe' })).statusCode).toBe(200);
    });
  });
});
