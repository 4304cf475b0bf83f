import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assertPdfRows,
  EMPHASIS_FILL,
  PDF_MAX_IMAGE_BYTES,
  PDF_MAX_ROWS,
  PdfContentError,
  pdfContent,
  pdfDefinition,
  pdfFilename,
  PdfRenderer,
  PdfRenderError,
  PdfTooLargeError,
  renderPdf,
  type PdfDocument,
  type PdfSection,
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

describe('emphasis, pictures, QR codes, charts, signatures and page sizes (issue 25 section 7)', () => {
  /** The PDF written to a file, for poppler's tools. */
  const file = (pdf: Buffer) => {
    const path = join(dir, `${Math.random().toString(36).slice(2)}.pdf`);
    writeFileSync(path, pdf);
    return path;
  };
  /** `pdfimages -list`'s rows (page, num, type, width, height, color, comp, bpc, enc, ...), one per embedded image. */
  const images = (pdf: Buffer) => {
    const out = spawnSync('pdfimages', ['-list', file(pdf)], { encoding: 'utf8' });
    expect(out.status, out.stderr).toBe(0);
    return out.stdout
      .split('\n')
      .slice(2)
      .filter((l) => l.trim() !== '')
      .map((l) => l.trim().split(/\s+/));
  };
  const pageSize = (pdf: Buffer) =>
    /Page size:\s+([\d.]+) x ([\d.]+) pts/
      .exec(spawnSync('pdfinfo', [file(pdf)], { encoding: 'utf8' }).stdout)!
      .slice(1)
      .map(Number);

  /** A w × h RGB PNG of one colour (no alpha, so pdfimages lists one image, no soft mask). */
  const png = (w: number, h: number): Buffer => {
    const chunk = (type: string, data: Buffer) => {
      const len = Buffer.alloc(4);
      len.writeUInt32BE(data.length);
      const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
      const crc = Buffer.alloc(4);
      crc.writeUInt32BE(crc32(body));
      return Buffer.concat([len, body, crc]);
    };
    const ihdr = Buffer.alloc(13);
    ihdr.writeUInt32BE(w, 0);
    ihdr.writeUInt32BE(h, 4);
    ihdr.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB, deflate, no filter, no interlace
    const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(w * 3, 0x3c)]);
    const raw = Buffer.concat(Array.from({ length: h }, () => row));
    return Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', ihdr),
      chunk('IDAT', deflateSync(raw)),
      chunk('IEND', Buffer.alloc(0)),
    ]);
  };
  /** A JPEG's markers up to its frame header (SOI, SOF0 w × h, 3 components, EOI): what pdfkit reads to embed it. */
  const jpeg = (w: number, h: number): Buffer => {
    const sof = Buffer.from([
      0xff,
      0xc0,
      0,
      17,
      8,
      h >> 8,
      h & 255,
      w >> 8,
      w & 255,
      3,
      1,
      0x11,
      0,
      2,
      0x11,
      1,
      3,
      0x11,
      1,
    ]);
    return Buffer.concat([Buffer.from([0xff, 0xd8]), sof, Buffer.from([0xff, 0xd9])]);
  };
  const withSections = (sections: PdfSection[], extra: Partial<PdfDocument> = {}): PdfDocument => ({
    title: 'Documento de prueba',
    filters: [],
    sections,
    ...extra,
  });
  const refusal = (d: PdfDocument) => renderPdf(d, { locale: 'es' }).catch((e: unknown) => e);

  it('marks emphasized cells bold on a light fill, and only them; refuses a pair outside the table', async () => {
    const quotes: PdfTableSection = {
      kind: 'table',
      title: 'Cuadro comparativo de cotizaciones',
      columns: [{ header: 'Proveedor' }, { header: 'Monto', money: true }],
      rows: [
        ['Librería El Estudiante', '1530.00'],
        ['Papelería Quetzal', '1275.50'],
        ['Distribuidora Maya', '1410.00'],
      ],
      emphasis: [
        [1, 0],
        [1, 1],
      ],
    };
    const def = pdfDefinition(withSections([quotes]), { locale: 'es' });
    const body = (def.content as { table?: { body: Record<string, unknown>[][] } }[]).find((c) => c.table)!.table!.body;
    expect(body[2]![0]).toMatchObject({ text: 'Papelería Quetzal', bold: true, fillColor: EMPHASIS_FILL });
    expect(body[2]![1]).toMatchObject({ text: 'Q 1,275.50', bold: true, fillColor: EMPHASIS_FILL });
    for (const r of [1, 3]) for (const c of [0, 1]) expect(body[r]![c]).not.toHaveProperty('fillColor');
    expect(body[1]![1]).toMatchObject({ bold: false });
    if (hasPdftotext)
      expect(pages(await renderPdf(withSections([quotes]), { locale: 'es' }))[0]).toMatch(
        /Papelería Quetzal\s+Q 1,275\.50/,
      );
    await expect(refusal(withSections([{ ...quotes, emphasis: [[3, 0]] }]))).resolves.toBeInstanceOf(TypeError);
    await expect(refusal(withSections([{ ...quotes, emphasis: [[0, 2]] }]))).resolves.toBeInstanceOf(TypeError);
  });

  it.skipIf(!hasPdftotext)(
    `embeds a PNG given as bytes and a JPEG given as base64, with their captions (${NEEDS})`,
    async () => {
      const pdf = await renderPdf(
        withSections([
          { kind: 'image', data: png(40, 20), width: 120, caption: 'Fotografía del equipo donado' },
          { kind: 'image', data: new Uint8Array(jpeg(30, 30)), width: 60, caption: 'Logotipo', align: 'center' },
          { kind: 'image', data: png(10, 10).toString('base64'), width: 30 },
        ]),
        { locale: 'es', generatedAt },
      );
      const list = images(pdf);
      expect(list).toHaveLength(3);
      // Columns: page num type width height color comp bpc enc.
      expect(list.map((r) => [r[3], r[4], r[8]])).toEqual([
        ['40', '20', 'image'],
        ['30', '30', 'jpeg'],
        ['10', '10', 'image'],
      ]);
      const [text] = pages(pdf);
      expect(text).toContain('Fotografía del equipo donado');
      expect(text).toContain('Logotipo');
    },
  );

  it('refuses picture bytes that are not PNG or JPEG with 400 validation (sections.N.data / image_type)', async () => {
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
    for (const data of [
      gif,
      gif.toString('base64'),
      Buffer.from('<svg/>').toString('base64'),
      'no es base64!',
      new Uint8Array(0),
    ]) {
      const err = await refusal(
        withSections([
          { kind: 'text', text: 'x' },
          { kind: 'image', data, width: 50 },
        ]),
      );
      expect(err).toBeInstanceOf(PdfContentError);
      expect(err).toMatchObject({
        status: 400,
        code: 'validation',
        fieldErrors: [{ field: 'sections.1.data', code: 'image_type' }],
      });
    }
    await expect(refusal(withSections([{ kind: 'image', data: png(2, 2), width: 0 }]))).resolves.toBeInstanceOf(
      TypeError,
    );
  });

  it(`refuses more than ${PDF_MAX_IMAGE_BYTES} bytes of pictures (images and SVGs summed) with 422 document_too_large`, async () => {
    // Half the cap plus one byte, twice: each passes alone, together they do not. The signature is PNG's, and the
    // refusal comes before the bytes are read.
    const half = Buffer.alloc(PDF_MAX_IMAGE_BYTES / 2 + 1);
    png(1, 1).copy(half);
    const err = await refusal(
      withSections([
        { kind: 'image', data: half, width: 50 },
        { kind: 'image', data: half.toString('base64'), width: 50 },
      ]),
    );
    expect(err).toBeInstanceOf(PdfTooLargeError);
    expect(err).toMatchObject({
      status: 422,
      code: 'document_too_large',
      imageBytes: PDF_MAX_IMAGE_BYTES + 2,
      fieldErrors: [
        { field: 'images', code: 'too_big', params: { max: PDF_MAX_IMAGE_BYTES, bytes: PDF_MAX_IMAGE_BYTES + 2 } },
      ],
    });
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><desc>${'x'.repeat(PDF_MAX_IMAGE_BYTES / 2)}</desc></svg>`;
    await expect(
      refusal(
        withSections([
          { kind: 'image', data: half, width: 50 },
          { kind: 'svg', svg, width: 50 },
        ]),
      ),
    ).resolves.toMatchObject({ code: 'document_too_large', fieldErrors: [{ field: 'images' }] });
  });

  it.skipIf(!hasPdftotext)(
    `prints a 62 × 29 mm plain label: the page size, a QR code drawn as vectors, its caption beside it, no header (${NEEDS})`,
    async () => {
      const label: PdfDocument = withSections(
        [
          {
            kind: 'qr',
            text: 'https://amparo.example/activos/ACT-00042',
            size: 60,
            caption: 'ACT-00042\nLaptop Dell',
            captionPosition: 'beside',
          },
        ],
        { title: 'Etiqueta ACT-00042', pageSize: { widthMm: 62, heightMm: 29 }, plain: true },
      );
      const def = pdfDefinition(label, { locale: 'es' });
      expect(def.header).toBeUndefined();
      expect(def.footer).toBeUndefined();
      expect(JSON.stringify(def.content)).toContain('"qr":"https://amparo.example/activos/ACT-00042","fit":60');
      const pdf = await renderPdf(label, { locale: 'es', organization: 'Asociación Amparo', generatedAt });
      const [w, h] = pageSize(pdf);
      expect(w).toBeCloseTo(175.75, 1); // 62 mm
      expect(h).toBeCloseTo(82.2, 1); // 29 mm
      expect(pageCount(pdf)).toBe(1);
      const text = pages(pdf).join('');
      expect(text).toMatch(/ACT-00042\s+Laptop Dell/);
      expect(text).not.toMatch(/Asociación Amparo|Etiqueta|Página|Generado|Filtros/);
      // The QR code is rectangles, not a raster image.
      expect(images(pdf)).toHaveLength(0);
      // ... that are really drawn: at 72 dpi the code's 60 × 60 pixels at the left are about half black.
      const ppm = spawnSync('pdftoppm', ['-r', '72', '-gray', file(pdf)], { maxBuffer: 1 << 24 });
      expect(ppm.status).toBe(0);
      const [, pw, ph] = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(ppm.stdout.toString('latin1'))!.map(Number);
      const pixels = ppm.stdout.subarray(ppm.stdout.length - pw! * ph!);
      let dark = 0;
      for (let y = 0; y < ph!; y++) for (let x = 0; x < 80; x++) if (pixels[y * pw! + x]! < 128) dark++;
      expect(dark).toBeGreaterThan(60 * 60 * 0.3);
      expect(dark).toBeLessThan(60 * 60 * 0.7);
    },
  );

  it.skipIf(!hasPdftotext)(
    `prints a QR code with its caption below on A4, and refuses an empty one (${NEEDS})`,
    async () => {
      const pdf = await renderPdf(
        withSections([{ kind: 'qr', text: 'CHQ-2026-0117', size: 90, caption: 'Cheque 0117' }]),
        {
          locale: 'es',
          generatedAt,
        },
      );
      const [w, h] = pageSize(pdf);
      expect([Math.round(w!), Math.round(h!)]).toEqual([595, 842]);
      expect(pages(pdf)[0]).toContain('Cheque 0117');
      expect(images(pdf)).toHaveLength(0);
      await expect(refusal(withSections([{ kind: 'qr', text: '', size: 90 }]))).resolves.toBeInstanceOf(TypeError);
    },
  );

  it('refuses a custom page its margins leave no room on, and takes Oficio with the header and footer', async () => {
    // 29 mm is less than the header's and footer's margins.
    await expect(
      refusal(withSections([{ kind: 'text', text: 'x' }], { pageSize: { widthMm: 62, heightMm: 29 } })),
    ).resolves.toBeInstanceOf(TypeError);
    const def = pdfDefinition(
      withSections([{ kind: 'text', text: 'x' }], { pageSize: { widthMm: 216, heightMm: 330 } }),
      { locale: 'es' },
    );
    expect(def.pageSize).toEqual({ width: expect.closeTo(612.28, 1), height: expect.closeTo(935.43, 1) });
    expect(def.header).toBeTypeOf('function');
    expect(def.pageMargins).toEqual([40, 58, 40, 46]);
  });

  const chart = (extra = '') =>
    `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="300" height="150" viewBox="0 0 300 150">
  <defs><linearGradient id="g"><stop offset="0" stop-color="#2a6"/><stop offset="1" stop-color="#8c8"/></linearGradient></defs>
  <rect id="bar" x="40" y="30" width="40" height="90" fill="url(#g)"/>
  <use xlink:href="#bar" x="60"/>
  <text x="150" y="145" font-size="12" text-anchor="middle">Ejecución por trimestre</text>
  ${extra}
</svg>`;

  it.skipIf(!hasPdftotext)(`embeds an SVG chart whose <text> prints as text, with a caption (${NEEDS})`, async () => {
    const pdf = await renderPdf(
      withSections([{ kind: 'svg', svg: chart(), width: 400, caption: 'Gráfica 1: gasto del POA 2026' }]),
      { locale: 'es', generatedAt },
    );
    const [text] = pages(pdf);
    expect(text).toContain('Ejecución por trimestre');
    expect(text).toContain('Gráfica 1: gasto del POA 2026');
  });

  it('refuses an SVG that is not an <svg> document or references anything outside itself', async () => {
    const cases = [
      '<html><body>gráfica</body></html>',
      'Ejecución por trimestre',
      '<svg xmlns="http://www.w3.org/2000/svg"><text>sin cerrar</text>',
      chart('<image href="https://tracker.example/pixel.png" width="1" height="1"/>'),
      chart('<image xlink:href="file:///etc/passwd" width="1" height="1"/>'),
      chart('<use xlink:href="otro.svg#bar"/>'),
      chart('<rect width="1" height="1" style="fill: url(http://x.example/a.svg#p)"/>'),
      chart('<style>@import "https://x.example/a.css";</style>'),
      `<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]>${chart('<text>&x;</text>')}`,
    ];
    for (const svg of cases) {
      const err = await refusal(withSections([{ kind: 'svg', svg, width: 200 }]));
      expect(err, svg).toBeInstanceOf(PdfContentError);
      expect(err).toMatchObject({
        status: 400,
        code: 'validation',
        fieldErrors: [{ field: 'sections.0.svg', code: 'invalid' }],
      });
    }
    // References inside the document and data: pictures are fine.
    const inline = chart(`<image href="data:image/png;base64,${png(2, 2).toString('base64')}" width="2" height="2"/>`);
    expect(() =>
      pdfDefinition(withSections([{ kind: 'svg', svg: inline, width: 200 }]), { locale: 'es' }),
    ).not.toThrow();
    await expect(
      renderPdf(withSections([{ kind: 'svg', svg: inline, width: 200 }]), { locale: 'es' }),
    ).resolves.toBeInstanceOf(Buffer);
  });

  it.skipIf(!hasPdftotext)(
    `prints signature lines side by side with names, roles and a date line, kept together (${NEEDS})`,
    async () => {
      const section: PdfSection = {
        kind: 'signatures',
        dateLabel: 'Fecha',
        signatures: [
          { name: 'Ana López', role: 'Solicitante' },
          { name: 'Luis Pérez', role: 'Coordinador de sede' },
          { name: 'Rosa Xuc', role: 'Dirección ejecutiva' },
        ],
      };
      const def = pdfDefinition(withSections([section]), { locale: 'es' });
      const block = (def.content as { unbreakable?: boolean; stack?: { columns: unknown[] }[] }[]).at(-1)!;
      expect(block.unbreakable).toBe(true);
      expect(block.stack).toHaveLength(1);
      expect(block.stack![0]!.columns).toHaveLength(3);
      // After a table that ends near the foot of the first page (its 38 rows fit there, the block does not),
      // the whole block prints on the second: names, roles and date lines together.
      const rows: PdfTableSection = {
        kind: 'table',
        columns: [{ header: 'Nº', width: 30 }, { header: 'Concepto' }],
        rows: Array.from({ length: 38 }, (_, i) => [`fila-${i + 1}`, 'Materiales de oficina']),
      };
      const text = pages(await renderPdf(withSections([rows, section]), { locale: 'es', generatedAt }));
      expect(text).toHaveLength(2);
      expect(text[0]).toContain('fila-38');
      expect(text[0]).not.toMatch(/Ana López|Solicitante|Fecha/);
      expect(text[1]).toMatch(/Ana López\s+Luis Pérez\s+Rosa Xuc/);
      expect(text[1]).toMatch(/Solicitante\s+Coordinador de sede\s+Dirección ejecutiva/);
      expect(text[1]).toMatch(/Fecha:\s+Fecha:\s+Fecha:/);
      // Five signatures, two to a row: three rows in one block.
      const five = pdfDefinition(
        withSections([
          { kind: 'signatures', perRow: 2, signatures: ['A', 'B', 'C', 'D', 'E'].map((name) => ({ name })) },
        ]),
        { locale: 'es' },
      );
      expect((five.content as { stack?: unknown[] }[]).at(-1)!.stack).toHaveLength(3);
    },
  );

  it(`counts pictures, QR codes and signature lines against the ${PDF_MAX_ROWS} rows`, async () => {
    const qr: PdfSection = { kind: 'qr', text: 'A', size: 20 };
    const err = await refusal(withSections([table(PDF_MAX_ROWS - 2), qr, qr]));
    expect(err).toMatchObject({ code: 'document_too_large', rows: PDF_MAX_ROWS + 1 });
  });
});
