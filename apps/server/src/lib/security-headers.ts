import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { servedSecurely, type Config } from '../config.ts';

/**
 * Security headers on every answer (issue 9 item 6), through @fastify/helmet.
 * The policy is what the built web app needs and no more:
 * - scripts only from our origin, and the pages' own inline boot script by its hash (`inlineScriptHashes`: the
 *   web build's index.html starts the first page's requests before any module loads, issue 24 section 4);
 * - styles from our origin and inline: Mantine (emotion) injects <style>
 *   elements and style attributes at run time, which cannot carry a nonce;
 * - images from our origin plus data: (Mantine's inline SVG icons/backgrounds)
 *   and blob: (files built in the browser, e.g. the exported spreadsheet);
 * - worker-src 'self': the service worker that caches the app's own files (/sw.js);
 * - object-src/frame-src 'self': the document preview embeds the file's
 *   same-origin content URL in an <object> (that answer allows being framed by
 *   us, see `allowSameOriginFraming`); nobody else may frame us
 *   (frame-ancestors 'none', X-Frame-Options DENY).
 * HSTS and upgrade-insecure-requests when the app is served over HTTPS (`servedSecurely`: PUBLIC_URL is not plain
 * http on loopback; issue 23 item 4).
 */
export function securityHeaders(config: Config, scriptHashes: readonly string[] = []) {
  const https = servedSecurely(config);
  return {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'", ...scriptHashes],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        // The web app's service worker (/sw.js, issue 24 section 4): our origin only.
        workerSrc: ["'self'"],
        objectSrc: ["'self'"],
        frameSrc: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    crossOriginEmbedderPolicy: false,
    xFrameOptions: { action: 'deny' as const },
    xContentTypeOptions: true,
    referrerPolicy: { policy: 'no-referrer' as const },
    strictTransportSecurity: https ? { maxAge: 31536000, includeSubDomains: true } : false,
  };
}

/**
 * The CSP sources (`'sha256-…'`) of the inline scripts of the built pages (index.html, sign-in.html) under `webDist`:
 * read once at start-up from the files the server sends, so the policy allows exactly what this build inlines and
 * nothing else. A missing page adds nothing.
 */
export function inlineScriptHashes(
  webDist: string,
  pages: readonly string[] = ['index.html', 'sign-in.html'],
): string[] {
  const hashes = new Set<string>();
  for (const page of pages) {
    const file = join(webDist, page);
    if (!existsSync(file)) continue;
    for (const [, body] of readFileSync(file, 'utf8').matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g))
      hashes.add(`'sha256-${createHash('sha256').update(body!, 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

/**
 * For a stored file shown inline inside our own page (the document preview):
 * it may be framed by our origin only, and as a document it may load nothing.
 */
export function allowSameOriginFraming(reply: { header(name: string, value: string): unknown }) {
  reply.header('content-security-policy', "default-src 'none'; frame-ancestors 'self'");
  reply.header('x-frame-options', 'SAMEORIGIN');
}
