'use client';

import { useSiteStore } from '@/stores/site-store';
import { showToast } from '@/stores/toast-store';

/** docs/product/api.md#requests: every call gives up after 40 s. */
export const API_TIMEOUT_MS = 40_000;
export const SUCCESS_CODE = 2000;
export const CSRF_HEADER = 'x-csrf-token';

export class ApiCallError extends Error {
  override name = 'ApiCallError';
  constructor(
    readonly code: number,
    /** i18n key from the server, e.g. api.notFound, or api.requestFailed. */
    readonly messageKey: string,
    readonly status: number,
    readonly fields?: Record<string, string>,
  ) {
    super(messageKey);
  }
}

type Translate = (key: string) => string | undefined;
let translate: Translate = () => undefined;

/** The shell registers the visitor's translations so errors become toasts in their language (docs/product/errors.md#what-the-visitor-sees). */
export function setApiTranslator(fn: Translate): void {
  translate = fn;
}

function toastText(key: string | undefined, fallback?: string): string {
  return (key && translate(key)) || fallback || translate('api.requestFailed') || 'Request failed';
}

type CallOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | undefined>;
  /** Leave error display to the caller (e.g. forms that show field errors). */
  silent?: boolean;
  signal?: AbortSignal;
};

/**
 * The one way pages call /api: the envelope is unwrapped, a code other than 2000 becomes an error toast with
 * the translated message (else "request failed"), network failures are logged and toasted, and state-changing
 * calls carry the CSRF token (docs/design.md#security-defaults).
 */
export async function apiCall<T>(path: string, options: CallOptions = {}): Promise<T> {
  const method = options.method ?? 'POST';
  const url = new URL(path.startsWith('/api') ? path : `/api${path}`, window.location.origin);
  for (const [k, v] of Object.entries(options.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const token = useSiteStore.getState().token;
  if (method !== 'GET' && token) headers[CSRF_HEADER] = token;

  const timeout = AbortSignal.timeout(API_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  let response: Response;
  let envelope: { code?: number; message?: unknown; fields?: Record<string, string> } | undefined;
  try {
    response = await fetch(url, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal,
      credentials: 'same-origin',
    });
    envelope = await response.json().catch(() => undefined);
  } catch (error) {
    // A request the caller cancelled (a newer one replaced it) is not a failure to report.
    if (options.signal?.aborted) throw new ApiCallError(0, 'api.aborted', 0);
    console.error(JSON.stringify({ level: 'error', msg: 'api network error', path, error: String(error) }));
    if (!options.silent) showToast('error', toastText(undefined, error instanceof Error ? error.message : undefined));
    throw new ApiCallError(0, 'api.requestFailed', 0);
  }
  if (envelope?.code === SUCCESS_CODE) return envelope.message as T;

  const key = typeof envelope?.message === 'string' ? envelope.message : 'api.requestFailed';
  // Logged (docs/product/errors.md#what-the-visitor-sees); a warning, since a refused input is an expected answer, not a fault of the page.
  if (!response.ok)
    console.warn(JSON.stringify({ level: 'warn', msg: 'api http error', path, status: response.status, key }));
  if (!options.silent) showToast('error', toastText(key));
  throw new ApiCallError(envelope?.code ?? response.status, key, response.status, envelope?.fields);
}
