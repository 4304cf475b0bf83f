/*
 * The first page's requests, started by an inline script at the top of index.html while the page's own scripts are
 * still on their way (issue 24 section 4, decision 0023 amended). Without it, a list waited for its scripts to load
 * and run, then for the session check, then for its page's code, and only then asked for its rows: one round trip
 * after another on a phone's slow link. Here every answer the first page needs is asked for at once, and the app's
 * API client takes each one over (`window.__amparoEarly.take`, from src/shared/lib/api.ts) instead of asking again.
 *
 * A plain script once built: build/early-boot.ts strips its types and its `export`s (kept for its tests), adds the
 * build's file names of each page's code (`start(assets)`) and inlines it; the server allows it by its hash in the CSP. It imports nothing, so it
 * weighs a few hundred bytes. It asks only for what the page asks on its own (e2e/early-requests.spec.ts fails on a
 * request asked twice or left untaken): the session check and the app's settings on every page; on a signed-in
 * list opened without filters, its default first page, the catalogs it shows and the unread count, with its page's
 * scripts and styles. Answers stay in memory for at most EARLY_TTL_MS and are never stored anywhere else.
 */

import type {} from './early-global';

/** One API request as the page's client makes it: `/api/<path>`, a query (empty values left out) and a JSON body. */
export interface EarlyRequest {
  method: 'GET' | 'POST';
  path: string;
  query?: Record<string, string | number | boolean>;
  body?: Record<string, unknown>;
}

/** A route's files: its scripts and stylesheets, and its translation namespaces' scripts per language. */
export interface EarlyAssets {
  scripts: string[];
  styles: string[];
  namespaces: Record<string, string[]>;
}

export interface EarlyContext {
  /** The interface language: the app's stored choice ('amparo.lang'), Spanish by default (spec section 9). */
  lang: 'es' | 'en';
  /** This year in Guatemala (UTC-6 all year, no daylight saving time since October 2006). */
  year: number;
}

/** A page whose first requests are started early, opened at exactly `path` without a query string. */
export interface EarlyRoute {
  path: string;
  /** The page's module (as the router imports it) and its translation namespaces: their files are preloaded. */
  page: string;
  namespaces: string[];
  /**
   * In the order they are sent: the list's page first, then what its rows name, the rest after (a browser opens six
   * connections to the server: a seventh request waits for one of them, and the page draws once its rows are in).
   */
  requests: (ctx: EarlyContext) => EarlyRequest[];
}

const catalogs = (names: string[], body: Record<string, unknown>): EarlyRequest[] =>
  names.map((name) => ({ method: 'POST', path: `catalog/${name}`, body }));

/**
 * The lists of issue 24 section 4, each as it asks at first: its default page (LIST_SEARCH_DEFAULTS of its
 * list-url.ts), the catalogs its filters and cells read, and what its panels load.
 */
export const EARLY_ROUTES: EarlyRoute[] = [
  {
    path: '/population/served/list',
    page: 'src/modules/population/persons/pages/persons-list-page.tsx',
    namespaces: ['population'],
    requests: ({ lang }) => [
      {
        method: 'GET',
        path: 'population/persons',
        query: { page: 1, pageSize: 25, sort: 'createdAt', order: 'desc', status: 'all' },
      },
      ...catalogs(['sex', 'age_group', 'thematic', 'department', 'headquarter'], { lang }),
    ],
  },
  {
    path: '/support/tickets/list',
    page: 'src/modules/support/pages/tickets-list-page.tsx',
    namespaces: ['support'],
    requests: ({ lang }) => [
      {
        method: 'GET',
        path: 'support/tickets',
        query: { page: 1, pageSize: 25, scope: 'mine', sort: 'createdAt', order: 'desc' },
      },
      ...catalogs(['ticket_type', 'headquarter'], { lang }),
    ],
  },
  {
    path: '/budget/planning/list',
    page: 'src/modules/budget/planning/pages/planning-list-page.tsx',
    namespaces: ['budget'],
    requests: ({ lang, year }) => [
      {
        method: 'GET',
        path: 'budget/planning',
        query: { page: 1, pageSize: 25, year, sort: 'strategicAxis', order: 'asc' },
      },
      ...catalogs(['strategic_axis', 'program', 'expense_type', 'headquarter', 'cooperating'], {
        lang,
        includeInactive: true,
      }),
      { method: 'GET', path: `budget/plans/${year}` },
      { method: 'GET', path: 'budget/lookup/users' },
    ],
  },
];

/** Asked on every page of the app, signed in or not: the session check and the app's settings. */
const EVERY_PAGE: EarlyRequest[] = [
  { method: 'POST', path: 'user-check' },
  { method: 'GET', path: 'app-info' },
];

/** Asked on a signed-in page (the shell's bell). */
const SIGNED_IN: EarlyRequest[] = [{ method: 'GET', path: 'notifications/unread-count' }];

/** How long an answer nobody took stays in memory. */
const EARLY_TTL_MS = 60_000;

/**
 * The key of a request: method, path, its query's parameters sorted, and its JSON body with sorted keys, so the same
 * request built in another order matches.
 */
export function earlyKey(method: string, url: string, body?: string): string {
  const [path, query = ''] = url.split('?');
  const params = new URLSearchParams(query);
  params.sort();
  const sortKeys = (value: unknown): unknown =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(
          Object.keys(value)
            .sort()
            .map((k) => [k, sortKeys((value as Record<string, unknown>)[k])]),
        )
      : value;
  const json = body === undefined ? '' : JSON.stringify(sortKeys(JSON.parse(body)));
  return `${method} ${path}?${params.toString()} ${json}`;
}

/** A request's URL as the app's client builds it (`/api/<path>?…`, empty values left out). */
export function earlyUrl(request: EarlyRequest): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(request.query ?? {})) if (v !== '') params.set(k, String(v));
  const qs = params.toString();
  return `/api/${request.path}${qs ? `?${qs}` : ''}`;
}

/** What a page load of `pathname` + `search` asks for early, and the route it matched (if any). */
export function earlyRequests(pathname: string, search: string, ctx: EarlyContext) {
  const route = search === '' ? EARLY_ROUTES.find((r) => r.path === pathname) : undefined;
  return { route, requests: [...EVERY_PAGE, ...(route ? [...route.requests(ctx), ...SIGNED_IN] : [])] };
}

/**
 * Starts the requests and preloads of this page load. `assets` gives, for each early route's path, its script and
 * stylesheet files (and per language its namespaces' files), as the build named them.
 */
export function start(assets: Record<string, EarlyAssets>) {
  const lang = localStorage.getItem('amparo.lang') === 'en' ? 'en' : 'es';
  const year = new Date(Date.now() - 6 * 3_600_000).getUTCFullYear();
  const { route, requests } = earlyRequests(location.pathname, location.search, { lang, year });
  const answers = new Map<string, { answer: Promise<Response>; at: number }>();
  for (const request of requests) {
    const url = earlyUrl(request);
    const body = request.body === undefined ? undefined : JSON.stringify(request.body);
    const answer = fetch(url, {
      method: request.method,
      credentials: 'same-origin',
      headers: body === undefined ? undefined : { 'content-type': 'application/json' },
      body,
    });
    // A failed request is the page's own to report, when it takes it; nothing is reported here.
    answer.catch(() => undefined);
    answers.set(earlyKey(request.method, url, body), { answer, at: Date.now() });
  }
  const files = route ? assets[route.path] : undefined;
  const preload = (href: string, rel: 'modulepreload' | 'preload') => {
    const link = document.createElement('link');
    link.rel = rel;
    link.href = href;
    if (rel === 'preload') link.as = 'style';
    else link.crossOrigin = '';
    document.head.appendChild(link);
  };
  for (const href of files?.scripts ?? []) preload(href, 'modulepreload');
  for (const href of files?.namespaces[lang] ?? []) preload(href, 'modulepreload');
  for (const href of files?.styles ?? []) preload(href, 'preload');
  // Whatever the page did not take by then is dropped: no answer outlives its minute in memory.
  setTimeout(() => answers.clear(), EARLY_TTL_MS);
  window.__amparoEarly = {
    take(method: string, url: string, body?: string) {
      const key = earlyKey(method, url, body);
      const found = answers.get(key);
      answers.delete(key);
      return found && Date.now() - found.at < EARLY_TTL_MS ? found.answer : undefined;
    },
    pending: () => [...answers.keys()],
  };
}
