import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { afterEach, describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { earlyScript } from '../../build/early-boot';
import type { AmparoEarlyAnswers } from './early-global';
import { prefetchPersons } from '../modules/population/persons/api/prefetch';

const source = readFileSync(new URL('./early.ts', import.meta.url), 'utf8');
const ASSETS = {
  '/population/served/list': {
    scripts: ['/assets/shell.js', '/assets/persons-list-page.js'],
    styles: ['/assets/persons-list-page.css'],
    namespaces: { es: ['/assets/population-es.js'], en: ['/assets/population-en.js'] },
  },
};

interface Sent {
  method: string;
  url: string;
  body?: string;
}

/**
 * The inline script exactly as the build makes it (types and exports stripped), run at `href` in a context of its
 * own: what it fetched and preloaded, and the `take` it leaves on window.
 */
async function runEarly(href: string, { lang, now = Date.now() }: { lang?: string; now?: number } = {}) {
  const clock = { now };
  const url = new URL(href, 'http://amparo.test');
  const sent: Sent[] = [];
  const links: { rel: string; href: string; as?: string }[] = [];
  const window: { __amparoEarly?: AmparoEarlyAnswers } = {};
  const context = {
    window,
    location: { pathname: url.pathname, search: url.search },
    localStorage: { getItem: (key: string) => (key === 'amparo.lang' ? (lang ?? null) : null) },
    fetch: (u: string, init: { method: string; body?: string }) => {
      sent.push({ method: init.method, url: u, ...(init.body === undefined ? {} : { body: init.body }) });
      return Promise.resolve(new Response(JSON.stringify({ success: true, data: { url: u } })));
    },
    document: {
      createElement: () => ({}) as { rel: string; href: string; as?: string },
      head: { appendChild: (link: { rel: string; href: string; as?: string }) => links.push(link) },
    },
    Date: class extends Date {
      static override now = () => clock.now;
    },
    URLSearchParams,
    setTimeout: () => 0,
    JSON,
    Object,
    Array,
    Map,
    String,
    Promise,
  };
  runInNewContext(`${await earlyScript(source)}\nstart(${JSON.stringify(ASSETS)});`, context);
  return { sent, links, early: window.__amparoEarly!, clock };
}

describe('the inline boot script (issue 24 section 4)', () => {
  it("asks a list's default first page, its catalogs, the session and settings, and preloads its files", async () => {
    const { sent, links } = await runEarly('/population/served/list');
    expect(sent).toEqual([
      { method: 'POST', url: '/api/user-check' },
      { method: 'GET', url: '/api/app-info' },
      { method: 'GET', url: '/api/population/persons?page=1&pageSize=25&sort=createdAt&order=desc&status=all' },
      ...['sex', 'age_group', 'thematic', 'department', 'headquarter'].map((name) => ({
        method: 'POST',
        url: `/api/catalog/${name}`,
        body: '{"lang":"es"}',
      })),
      { method: 'GET', url: '/api/notifications/unread-count' },
    ]);
    expect(links).toEqual([
      { rel: 'modulepreload', href: '/assets/shell.js', crossOrigin: '' },
      { rel: 'modulepreload', href: '/assets/persons-list-page.js', crossOrigin: '' },
      { rel: 'modulepreload', href: '/assets/population-es.js', crossOrigin: '' },
      { rel: 'preload', href: '/assets/persons-list-page.css', as: 'style' },
    ]);
  });

  it('asks only the session and settings for a list opened with filters, or any other page', async () => {
    for (const href of ['/population/served/list?q=ma', '/dashboard', '/forgot-password', '/population/served/list/']) {
      const { sent, links } = await runEarly(href);
      expect(
        sent.map((s) => `${s.method} ${s.url}`),
        href,
      ).toEqual(['POST /api/user-check', 'GET /api/app-info']);
      expect(links, href).toEqual([]);
    }
  });

  it("asks in the user's language", async () => {
    const { sent, links } = await runEarly('/population/served/list', { lang: 'en' });
    expect(sent.filter((s) => s.body).every((s) => s.body === '{"lang":"en"}')).toBe(true);
    expect(links.map((l) => l.href)).toContain('/assets/population-en.js');
  });

  it("asks the planning list's year in Guatemala, which turns at midnight there (UTC-6)", async () => {
    const planning = async (instant: string) =>
      (await runEarly('/budget/planning/list', { now: Date.parse(instant) })).sent.map((s) => s.url);
    expect(await planning('2027-01-01T05:59:00Z')).toContain('/api/budget/plans/2026');
    expect(await planning('2027-01-01T06:00:00Z')).toContain('/api/budget/plans/2027');
    expect(await planning('2027-01-01T06:00:00Z')).toContain(
      '/api/budget/planning?page=1&pageSize=25&year=2027&sort=strategicAxis&order=asc',
    );
  });

  it('gives each answer once, to the same request built in any order, and none after a minute', async () => {
    const now = Date.now();
    const { early } = await runEarly('/population/served/list', { now });
    const persons = '/api/population/persons?status=all&order=desc&sort=createdAt&pageSize=25&page=1';
    const answer = early.take('GET', persons);
    expect(answer).toBeDefined();
    expect(await (await answer!).json()).toMatchObject({ data: { url: expect.stringContaining('page=1') } });
    expect(early.take('GET', persons)).toBeUndefined();
    // Another request is not an early one: other page, other body, other method.
    expect(early.take('GET', '/api/population/persons?page=2&pageSize=25&sort=createdAt&order=desc&status=all')).toBe(
      undefined,
    );
    expect(early.take('POST', '/api/catalog/sex', '{"lang":"en"}')).toBeUndefined();
    expect(early.take('POST', '/api/catalog/sex', '{"lang":"es"}')).toBeDefined();
    const late = await runEarly('/population/served/list', { now });
    late.clock.now = now + 59_000;
    expect(late.early.take('GET', '/api/app-info')).toBeDefined();
    late.clock.now = now + 61_000;
    expect(late.early.take('POST', '/api/user-check')).toBeUndefined();
    expect(late.early.pending()).toHaveLength(7);
  });

  describe("the persons list's own first requests (its route's loader)", () => {
    afterEach(() => {
      delete (globalThis as { window?: unknown }).window;
    });

    it('are all answered early: the app sends none of its own', async () => {
      const { early } = await runEarly('/population/served/list');
      // The app's real API client, taking from the script's answers; any request it sends itself is recorded.
      const own: string[] = [];
      const realFetch = globalThis.fetch;
      globalThis.fetch = (async (input: string) => {
        own.push(input);
        return new Response('{}');
      }) as typeof fetch;
      (globalThis as { window?: unknown }).window = { __amparoEarly: early };
      try {
        await Promise.all(prefetchPersons(new QueryClient(), {}));
        await new Promise((resolve) => setTimeout(resolve, 10));
      } finally {
        globalThis.fetch = realFetch;
      }
      expect(own).toEqual([]);
      expect(early.pending().filter((key) => /persons|catalog/.test(key))).toEqual([]);
    });
  });
});
