/**
 * The JavaScript a page loads, in Chromium (issue 11): every script response of
 * /sign-in (first load, empty cache) and of /population/served/list (a fresh
 * load once signed in), as bytes on the wire and as the same files at gzip -9.
 *
 * Part of `npm run bench`; runs alone with `npm run bench:web`, which prints
 * every file and rewrites the "JavaScript loaded" section of docs/benchmarks.md.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Response } from '@playwright/test';
import { PASSWORD, ROOT, seededEmbeddedDatabase, startServer, stopServer } from './server.ts';

const PORT = 3403;

export interface ScriptFile {
  url: string;
  gzip: number;
  wire: number;
}
export interface PageScripts {
  files: number;
  gzipKB: number;
  wireKB: number;
  list: ScriptFile[];
}
export interface BundleSizes {
  signIn: PageScripts;
  listFullLoad: PageScripts;
}

/** Gzipped bytes of the JavaScript a page loads (every script response, gzipped at level 9). */
export async function bundleSizes(): Promise<BundleSizes> {
  // A few persons, so the list's page is complete only once its rows are there.
  const { dataDir, env } = seededEmbeddedDatabase(30);
  const server = await startServer(env, PORT);
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  try {
    const page = await browser.newPage();
    const measure = async (action: () => Promise<unknown>, ready: () => Promise<unknown>): Promise<PageScripts> => {
      const sizes = new Map<string, { gzip: number; wire: number }>();
      const pending: Promise<void>[] = [];
      const read = async (res: Response) => {
        try {
          const body = await res.body();
          // Bytes as the browser received them (compressed or not), beside the same file at gzip -9.
          // (Chromium reports a negative size for a file from its memory cache: 0 bytes came.)
          const wire = Math.max(0, (await res.request().sizes()).responseBodySize);
          sizes.set(res.url(), { gzip: gzipSync(body, { level: 9 }).length, wire });
        } catch {
          // A response of the page being left (its body is gone): not part of this load.
        }
      };
      const onResponse = (res: Response) => {
        if (res.request().resourceType() === 'script' || res.url().endsWith('.js')) pending.push(read(res));
      };
      page.on('response', onResponse);
      await action();
      // The page is drawn (its code has run), then nothing more comes: a busy machine can leave a gap of over
      // 500 ms between the load event and the router's first request, which networkidle alone takes for the end.
      await ready();
      await page.waitForLoadState('networkidle');
      page.off('response', onResponse);
      await Promise.all(pending);
      const kb = (n: number) => Math.round(n / 102.4) / 10;
      const all = [...sizes.values()];
      return {
        files: sizes.size,
        gzipKB: kb(all.reduce((a, b) => a + b.gzip, 0)),
        wireKB: kb(all.reduce((a, b) => a + b.wire, 0)),
        list: [...sizes].map(([url, s]) => ({ url: new URL(url).pathname, ...s })).sort((a, b) => b.gzip - a.gzip),
      };
    };
    const base = `http://127.0.0.1:${PORT}`;
    const signIn = await measure(
      () => page.goto(`${base}/sign-in`),
      () => page.getByRole('button', { name: /Ingresar|Sign in/ }).waitFor(),
    );
    await page.getByLabel(/Usuario|Username/).fill('admin');
    await page.getByLabel(/^Contraseña|^Password/).fill(PASSWORD);
    await page.getByRole('button', { name: /Ingresar|Sign in/ }).click();
    await page.waitForURL(/dashboard/);
    // A fresh load of the list page, signed in (the cookie stays): everything it needs.
    const list = await measure(
      () => page.goto(`${base}/population/served/list`),
      () => page.getByRole('row').nth(5).waitFor(),
    );
    return { signIn, listFullLoad: list };
  } finally {
    await browser.close();
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export const JAVASCRIPT_HEADING = '## JavaScript loaded (Chromium)';

export function javascriptSection(bundles: BundleSizes): string {
  return [
    JAVASCRIPT_HEADING,
    '',
    'On the wire: the bytes of every script response as the browser received them (a file already in its cache counts 0). gzip -9: the same files compressed at level 9, the yardstick of the targets (issue 11 item 8: sign-in under 150 KB).',
    '',
    '| page | files | KB on the wire | KB at gzip -9 |',
    '|---|---|---|---|',
    `| /sign-in (first load) | ${bundles.signIn.files} | ${bundles.signIn.wireKB} | ${bundles.signIn.gzipKB} |`,
    `| /population/served/list (full load) | ${bundles.listFullLoad.files} | ${bundles.listFullLoad.wireKB} | ${bundles.listFullLoad.gzipKB} |`,
    '',
  ].join('\n');
}

/**
 * Replaces the section that starts with `heading` (up to the next `## `) in
 * docs/benchmarks.md, keeping every other section; a new one goes before
 * "What moved the figures" (or last).
 */
export function replaceSection(heading: string, section: string) {
  const path = join(ROOT, 'docs/benchmarks.md');
  const doc = readFileSync(path, 'utf8');
  const start = doc.indexOf(`${heading}\n`);
  const moved = doc.indexOf('## What moved the figures\n');
  let next: string;
  if (start < 0 && moved < 0) next = `${doc.trimEnd()}\n\n${section.trimEnd()}\n`;
  else if (start < 0) next = `${doc.slice(0, moved)}${section.trimEnd()}\n\n${doc.slice(moved)}`;
  else {
    const after = doc.indexOf('\n## ', start + heading.length);
    const end = after < 0 ? doc.length : after + 1;
    next = `${doc.slice(0, start)}${section.trimEnd()}\n${after < 0 ? '' : '\n'}${doc.slice(end)}`;
  }
  writeFileSync(path, next);
}

if (import.meta.main) {
  const bundles = await bundleSizes();
  for (const [name, page] of Object.entries(bundles) as [string, PageScripts][]) {
    console.log(`\n${name}: ${page.files} files, ${page.wireKB} KB on the wire, ${page.gzipKB} KB at gzip -9`);
    for (const f of page.list) console.log(`  ${(f.gzip / 1024).toFixed(1).padStart(6)} KB  ${f.url}`);
  }
  replaceSection(JAVASCRIPT_HEADING, javascriptSection(bundles));
}
