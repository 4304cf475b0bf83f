import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TEST_ADMIN, type TestApp } from './helpers.ts';
import { loadConfig, servedSecurely } from '../src/config.ts';

/**
 * Security headers on every answer and the API explorer's switch (issue 9
 * item 6): a policy the web app satisfies, no framing by other sites, no
 * sniffing, no referrer; HSTS and Secure cookies unless PUBLIC_URL is plain
 * http on loopback, and the explorer only with API_DOCS=true, whatever
 * NODE_ENV says (issue 23 item 4).
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

  /** The Set-Cookie of a sign-in. */
  async function sessionCookie(t: TestApp) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: TEST_ADMIN.username, password: TEST_ADMIN.password },
    });
    expect(res.statusCode, res.body).toBe(200);
    return String(res.headers['set-cookie']);
  }

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

  describe('on plain http at loopback', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp({ WEB_DIST: web, API_DOCS: 'true', PUBLIC_URL: 'http://127.0.0.1:3000' });
    });
    afterAll(() => t.close());

    it('an API answer and the web shell carry the headers; no HSTS, no Secure cookie', async () => {
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
      expect(await sessionCookie(t)).not.toMatch(/;\s*Secure/i);
    });

    it('serves the API explorer when API_DOCS=true', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/docs/' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
    });
  });

  describe("the app page's inline boot script (issue 24 section 4)", () => {
    let t: TestApp;
    let withScript: string;
    const script = "window.__early = fetch('/api/user-check', { method: 'POST' });";
    const hash = `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
    beforeAll(async () => {
      withScript = mkdtempSync(join(tmpdir(), 'amparo-web-'));
      writeFileSync(
        join(withScript, 'index.html'),
        `<!doctype html><html><head><meta charset="UTF-8" /><script>${script}</script><script type="module" src="/assets/index.js"></script></head><body></body></html>`,
      );
      t = await buildTestApp({ WEB_DIST: withScript });
    });
    afterAll(async () => {
      await t.close();
      rmSync(withScript, { recursive: true, force: true });
    });

    it('is allowed by its hash alone, on every answer; no other inline script is', async () => {
      for (const url of ['/', '/population/served/list', '/api/health']) {
        const csp = String((await t.app.inject({ method: 'GET', url })).headers['content-security-policy']);
        const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1]?.split(' ');
        expect(scriptSrc, url).toEqual(["'self'", hash]);
      }
    });

    it('adds nothing for a build without one', async () => {
      const plain = await buildTestApp({ WEB_DIST: web });
      try {
        const csp = String((await plain.app.inject({ method: 'GET', url: '/' })).headers['content-security-policy']);
        expect(/script-src ([^;]*)/.exec(csp)?.[1]).toBe("'self'");
      } finally {
        await plain.close();
      }
    });
  });

  describe('as npm start runs by default (production, explorer off) behind an https PUBLIC_URL', () => {
    let t: TestApp;
    afterAll(() => t?.close());

    it('sends HSTS and a Secure session cookie, and hides the API explorer', async () => {
      const defaults = loadConfig({});
      expect(defaults).toMatchObject({ NODE_ENV: 'production', API_DOCS: false });
      t = await buildTestApp({
        NODE_ENV: defaults.NODE_ENV,
        WEB_DIST: web,
        PUBLIC_URL: 'https://amparo.example.org',
      });
      const api = await t.app.inject({ method: 'GET', url: '/api/health' });
      expectCommonHeaders(api.headers);
      expect(api.headers['strict-transport-security']).toMatch(/max-age=31536000/);
      expect(String(api.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
      const shell = await t.app.inject({ method: 'GET', url: '/' });
      expect(shell.headers['strict-transport-security']).toMatch(/max-age=31536000/);
      for (const url of ['/api/docs', '/api/docs/', '/api/docs/json'])
        expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
      expect(await sessionCookie(t)).toMatch(/;\s*Secure/i);
    });

    it('turns HSTS and Secure cookies on for any PUBLIC_URL but plain http on loopback, whatever NODE_ENV', () => {
      const secure = (PUBLIC_URL: string, NODE_ENV = 'test') => servedSecurely(loadConfig({ PUBLIC_URL, NODE_ENV }));
      expect(secure('http://localhost:3000')).toBe(false);
      expect(secure('http://127.0.0.1:3301', 'production')).toBe(false);
      expect(secure('http://[::1]:3000')).toBe(false);
      expect(secure('https://localhost:3000')).toBe(true);
      expect(secure('http://192.168.1.20:3000', 'development')).toBe(true);
      expect(secure('http://amparo.local')).toBe(true);
    });
  });
});
