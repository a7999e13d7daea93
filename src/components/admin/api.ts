'use client';

/**
 * How the back office calls /api/admin (docs/product/back-office-api.md): JSON both ways, the session cookie sent
 * on the same origin only, and the session's CSRF token on every state-changing call. The site's own client
 * (src/lib/api-client.ts) is not used: it reads the public shell's stores and shows toasts the back office does
 * not have, and importing it here would tie the two bundles together.
 */

export const SUCCESS_CODE = 2000;

export class AdminApiError extends Error {
  override name = 'AdminApiError';
  constructor(
    readonly code: number,
    /** An i18n key such as api.admin.staleVersion, or api.requestFailed when the answer had none. */
    readonly messageKey: string,
    readonly status: number,
    /** Field problems, `{name: key}` (a dotted name for nested fields, e.g. translations.en.title). */
    readonly fields?: Record<string, string>,
    /** On a 409, the row as it is now. */
    readonly current?: unknown,
    /** What else the answer said about the refusal (the sale that keeps a plan on offer). */
    readonly details?: Record<string, unknown>,
  ) {
    super(messageKey);
  }
}

let csrfToken: string | null = null;
const unauthorizedListeners = new Set<() => void>();

/** The session provider keeps this in step with the sign-in and `me` answers. */
export function setCsrfToken(token: string | null): void {
  csrfToken = token;
}

/** Called when any call answers 401 (the session ended), so the shell can ask to sign in again. */
export function onUnauthorized(listener: () => void): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

type Options = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | undefined | null>;
  signal?: AbortSignal;
};

export async function adminApi<T>(path: string, options: Options = {}): Promise<T> {
  const method = options.method ?? (options.body === undefined ? 'GET' : 'POST');
  const url = new URL(`/api/admin${path}`, window.location.origin);
  for (const [k, v] of Object.entries(options.query ?? {})) {
    if (v !== undefined && v !== null && v !== '') url.searchParams.set(k, String(v));
  }
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (method !== 'GET' && csrfToken) headers['x-csrf-token'] = csrfToken;

  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      credentials: 'same-origin',
      signal: options.signal ?? AbortSignal.timeout(40_000),
    });
  } catch (error) {
    if (options.signal?.aborted) throw new AdminApiError(0, 'api.aborted', 0);
    console.error(JSON.stringify({ level: 'error', msg: 'admin api network error', path, error: String(error) }));
    throw new AdminApiError(0, 'api.requestFailed', 0);
  }
  const envelope = (await response.json().catch(() => undefined)) as
    | { code?: number; message?: unknown; fields?: Record<string, string>; current?: unknown }
    | undefined;
  if (envelope?.code === SUCCESS_CODE) return envelope.message as T;

  const key = typeof envelope?.message === 'string' ? envelope.message : 'api.requestFailed';
  if (response.status === 401) for (const listener of unauthorizedListeners) listener();
  throw new AdminApiError(
    envelope?.code ?? response.status,
    key,
    response.status,
    envelope?.fields,
    envelope?.current,
    envelope as Record<string, unknown> | undefined,
  );
}

/** A list answer (docs/product/back-office-api.md): at most 100 rows a page. */
/** A page of a list; `capped` when there are more than `total` matches (the server counts up to 1,000). */
export type Page<T> = { total: number; capped?: boolean; page: number; rows: number; items: T[] };
