import type { FieldError, Problem } from '@amparo/shared/errors';

/**
 * The one HTTP client of the web app. The session travels in an httpOnly
 * cookie set by the server (scripts never see the token). Every JSON answer is
 * `{ success, data }`; errors are RFC 9457 problem+json and surface as
 * `ApiError` with the problem's `code` and field errors for the forms.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fieldErrors: FieldError[];
  constructor(problem: Partial<Problem> & { status: number }) {
    super(problem.code ?? 'internal');
    this.status = problem.status;
    this.code = problem.code ?? 'internal';
    this.fieldErrors = problem.errors ?? [];
  }
}

/** Fired when any call answers 401, so the app can log the user out. */
export const SESSION_EXPIRED_EVENT = 'amparo:session-expired';

type Query = Record<string, string | number | boolean | undefined | null>;

export interface RequestOptions {
  body?: unknown;
  query?: Query;
  signal?: AbortSignal;
  /** Do not announce 401 (used by the session check itself). */
  quiet401?: boolean;
}

function buildUrl(path: string, query?: Query): string {
  const url = `/api/${path.replace(/^\//, '')}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

export async function apiRequest<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const isForm = typeof FormData !== 'undefined' && options.body instanceof FormData;
  const url = buildUrl(path, options.query);
  let response: Response;
  try {
    // The page load's first answers, asked for by the inline boot script before any module ran (src/boot/early.ts).
    const early =
      isForm || typeof window === 'undefined'
        ? undefined
        : window.__amparoEarly?.take(
            method,
            url,
            options.body === undefined ? undefined : JSON.stringify(options.body),
          );
    response = await (early ??
      fetch(url, {
        method,
        credentials: 'same-origin',
        headers: options.body !== undefined && !isForm ? { 'content-type': 'application/json' } : undefined,
        body:
          options.body === undefined ? undefined : isForm ? (options.body as FormData) : JSON.stringify(options.body),
        signal: options.signal,
      }));
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError({ status: 0, code: 'internal' });
  }
  const type = response.headers.get('content-type') ?? '';
  const payload = type.includes('json') ? await response.json().catch(() => null) : null;
  if (!response.ok) {
    if (response.status === 401 && !options.quiet401) window.dispatchEvent(new Event(SESSION_EXPIRED_EVENT));
    throw new ApiError({ status: response.status, ...(payload ?? {}) });
  }
  return (payload?.data ?? payload) as T;
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => apiRequest<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => apiRequest<T>('PUT', path, { ...options, body }),
  delete: <T>(path: string, options?: RequestOptions) => apiRequest<T>('DELETE', path, options),
};
