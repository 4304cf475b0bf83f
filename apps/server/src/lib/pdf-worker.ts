import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import pdfmake from 'pdfmake';
import { pdfDefinition, type PdfWorkerInput } from './pdf.ts';

/**
 * The render worker of `pdf.ts` (decision 0017): lays out one document with pdfmake and posts its bytes
 * back. Roboto comes from the pdfmake package itself and is read into pdfmake's virtual file system, so
 * the render opens no other file and no URL (both access policies refuse everything).
 */
const fontDir = join(dirname(createRequire(import.meta.url).resolve('pdfmake/package.json')), 'fonts', 'Roboto');
const vfs = (pdfmake as unknown as { virtualfs: { writeFileSync(name: string, content: Buffer): void } }).virtualfs;
const faces = {
  normal: 'Roboto-Regular',
  bold: 'Roboto-Medium',
  italics: 'Roboto-Italic',
  bolditalics: 'Roboto-MediumItalic',
};
for (const file of Object.values(faces))
  vfs.writeFileSync(`amparo-${file}.ttf`, readFileSync(join(fontDir, `${file}.ttf`)));
pdfmake.setFonts({
  Roboto: Object.fromEntries(Object.entries(faces).map(([face, file]) => [face, `amparo-${file}.ttf`])),
});
pdfmake.setUrlAccessPolicy(() => false);
pdfmake.setLocalAccessPolicy(() => false);

const { doc, opts } = workerData as PdfWorkerInput;
const pdf = await pdfmake
  .createPdf(pdfDefinition(doc, { ...opts, generatedAt: new Date(opts.generatedAt) }))
  .getBuffer();
parentPort!.postMessage(pdf);
