import 'server-only';
import type { Context, MiddlewareHandler } from 'hono';
import { env } from '@/env';
import type { AppEnv } from './context';
import { ApiError, BusinessCode, invalidInput } from './errors';
import { hostilePath } from './input';

/** Methods that never change anything, so another site may send them (the same-origin policy hides the answer). */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The hosts that are this site: the one the request was addressed to (behind the operator's proxy, the host it
 * forwarded), and SITE_URL's, which a proxy that rewrites Host still leaves in the visitor's Origin.
 */
function ownHosts(c: Context): string[] {
  const hosts = [new URL(c.req.url).host, new URL(env().SITE_URL).host];
  if (env().TRUST_PROXY) {
    const forwarded = c.req.header('x-forwarded-host')?.split(',').at(-1)?.trim();
    if (forwarded) hosts.push(forwarded);
  }
  return hosts;
}

function originHost(origin: string): string | undefined {
  try {
    return new URL(origin).host;
  } catch {
    return undefined;
  }
}

/**
 * Refuses a state-changing call another site could have made a visitor's browser send, before any body is read
 * (docs/decisions/034-hostile-input.md):
 *
 * - a body that is not `application/json` (415): an HTML form can post `text/plain`, urlencoded or multipart
 *   bodies to any site without a CORS preflight, and a `text/plain` body can hold JSON;
 * - an `Origin` naming another host, or `Origin: null` (403); without an Origin, a `Sec-Fetch-Site` other than
 *   `same-origin` or `none` (403). Clients that are not browsers send neither and are let through: they hold no
 *   visitor's cookies.
 *
 * Session calls also need their CSRF token (requireSession); this guard covers the calls without a session
 * (login, sign-up, contact), where a forged request signs the visitor into the attacker's account or speaks
 * in their name.
 */
export function refuseCrossSiteWrites(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const origin = c.req.header('origin');
    if (origin !== undefined) {
      const host = originHost(origin);
      if (host === undefined || !ownHosts(c).includes(host)) throw crossSite();
    } else {
      const site = c.req.header('sec-fetch-site');
      if (site !== undefined && site !== 'same-origin' && site !== 'none') throw crossSite();
    }
    if (hasBody(c) && !isJson(c.req.header('content-type'))) {
      throw new ApiError(BusinessCode.unsupportedMediaType, 'api.unsupportedMediaType');
    }
    return next();
  };
}

const crossSite = () => new ApiError(BusinessCode.forbidden, 'api.crossSite');

/** `application/json`, with parameters (`; charset=utf-8`) or not. */
function isJson(contentType: string | undefined): boolean {
  return contentType?.split(';')[0]?.trim().toLowerCase() === 'application/json';
}

/** A call with no body (logout, a claim) needs no type; anything with bytes must say it is JSON. */
function hasBody(c: Context): boolean {
  const length = c.req.header('content-length');
  if (length !== undefined) return length.trim() !== '0';
  return c.req.header('transfer-encoding') !== undefined || c.req.header('content-type') !== undefined;
}

/** An escape of a C0 control character or DEL, or such a character itself. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is this pattern's purpose.
const CONTROL_IN_QUERY = /%(?:[01][0-9a-f]|7f)|[\u0000-\u001f\u007f]/i;

/**
 * A query string carrying control characters is refused for every route (422 naming the field), whether or not
 * the route reads its query: a NUL in a query once reached PostgreSQL and answered 500. The common query (no
 * escape of that kind) costs one regular-expression test.
 */
export function refuseControlCharactersInQuery(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const url = c.req.url;
    const q = url.indexOf('?');
    if (q >= 0 && CONTROL_IN_QUERY.test(url.slice(q))) {
      const hostile = hostilePath(c.req.queries());
      if (hostile) throw invalidInput({ [hostile[0] ?? '_']: 'api.field.invalid' });
    }
    return next();
  };
}
