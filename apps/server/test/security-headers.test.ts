import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers.ts';

/**
 * Security headers on every answer and the API explorer's switch (issue 9
 * item 6): a policy the web app satisfies, no framing by other sites, no
 * sniffing, no referrer, HSTS in production only.
 */
describe('security headers', () => {
  let web: string;
  beforeAll(() => {
    web = mkdtempSync(join(tmpdir(), 'amparo-web-'));
    writeFileSync(
      join(web, 'index.html'),
      '<!doctype html><html><head><script type="module" src="/assets/index.js"></script></head><body><div id="root"></div></body></html>',
    );
    writeFileSync(
      join(web, 'sign-in.html'),
      '<!doctype html><html><head><script type="module" src="/assets/sign-in.js"></script></head><body><div id="root"></div></body></html>',
    );
  });
  afterAll(() => rmSync(web, { recursive: true, force: true }));

  function expectCommonHeaders(headers: Record<string, unknown>) {
    const csp = String(headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'self'");
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('no-referrer');
  }

  describe('outside production', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp({ WEB_DIST: web });
    });
    afterAll(() => t.close());

    it('an API answer and the web shell carry the headers; no HSTS', async () => {
      const api = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(api.statusCode).toBe(200);
      expectCommonHeaders(api.headers);
      expect(api.headers['strict-transport-security']).toBeUndefined();
      for (const url of ['/', '/sign-in', '/population/persons']) {
        const shell = await t.app.inject({ method: 'GET', url });
        expect(shell.statusCode, url).toBe(200);
        expect(shell.headers['content-type']).toContain('text/html');
        expectCommonHeaders(shell.headers);
      }
      // The sign-in page is its own, lighter page (issue 11 item 8); every other path gets the app.
      for (const [url, script] of [
        ['/sign-in', 'sign-in.js'],
        ['/sign-in?redirect=%2Fdashboard', 'sign-in.js'],
        ['/sign-in/x', 'index.js'],
        ['/population/persons?q=sign-in', 'index.js'],
      ] as const)
        expect((await t.app.inject({ method: 'GET', url })).body, url).toContain(`/assets/${script}`);
      // Errors too (problem+json from the error handler).
      expectCommonHeaders((await t.app.inject({ method: 'GET', url: '/api/nope' })).headers);
    });

    it('serves the API explorer', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/docs/' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
    });
  });

  describe('in production', () => {
    let t: TestApp;
    afterAll(() => t?.close());

    it('sends HSTS, and hides the API explorer', async () => {
      t = await buildTestApp({ NODE_ENV: 'production', WEB_DIST: web });
      const api = await t.app.inject({ method: 'GET', url: '/api/health' });
      expectCommonHeaders(api.headers);
      expect(api.headers['strict-transport-security']).toMatch(/max-age=31536000/);
      const shell = await t.app.inject({ method: 'GET', url: '/' });
      expect(shell.headers['strict-transport-security']).toMatch(/max-age=31536000/);
      for (const url of ['/api/docs', '/api/docs/', '/api/docs/json'])
        expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    });

    it('serves the API explorer when API_DOCS=true', async () => {
      const app = await buildTestApp({ NODE_ENV: 'production', WEB_DIST: '', API_DOCS: 'true' });
      try {
        expect((await app.app.inject({ method: 'GET', url: '/api/docs/' })).statusCode).toBe(200);
        expect((await app.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(200);
      } finally {
        await app.close();
      }
    });
  });
});
