import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import pdfmake from 'pdfmake';
import { pdfDefinition, type PdfWorkerInput } from './pdf.ts';

/**
 * The render worker of `pdf.ts` (decision 0017): lays out one document with pdfmake and posts its bytes
 * back. Roboto comes from the pdfmake package itself, named by its absolute paths: the local access policy
 * admits those four files and nothing else, and the URL policy refuses every URL, so the render opens no
 * other file and fetches nothing (pictures arrive as data URLs, which need neither). Real paths rather
 * than pdfmake's virtual file system because an SVG's <text> is drawn by svg-to-pdfkit, which opens the
 * font pdfmake names through pdfkit, and pdfkit reads the disk (or its cache of fonts by path).
 */
const fontDir = join(dirname(createRequire(import.meta.url).resolve('pdfmake/package.json')), 'fonts', 'Roboto');
const faces = {
  normal: 'Roboto-Regular',
  bold: 'Roboto-Medium',
  italics: 'Roboto-Italic',
  bolditalics: 'Roboto-MediumItalic',
};
const fonts = Object.fromEntries(Object.entries(faces).map(([face, file]) => [face, join(fontDir, `${file}.ttf`)]));
const allowed = new Set(Object.values(fonts));
pdfmake.setFonts({ Roboto: fonts });
pdfmake.setUrlAccessPolicy(() => false);
pdfmake.setLocalAccessPolicy((path) => allowed.has(path));

const { doc, opts } = workerData as PdfWorkerInput;
const pdf = await pdfmake
  .createPdf(pdfDefinition(doc, { ...opts, generatedAt: new Date(opts.generatedAt) }))
  .getBuffer();
parentPort!.postMessage(pdf);
