import 'server-only';

/**
 * Page paths a visitor can type that Next cannot route: a malformed percent escape (`/%ZZ`, a cut UTF-8 sequence
 * like `/zh/%E0%A4%A`) makes Next's router answer a bare `text/plain` 500, and a control character (`%00`) reaches
 * route parameters, the prerender cache's file names and PostgreSQL. Each such `%` is escaped as `%25` before Next
 * sees the path, so the path stays what the visitor typed, read literally: no route has it, and the answer is the
 * site's own 404 page in the visitor's language (docs/decisions/034-hostile-input.md).
 */

/** `%` not followed by two hex digits, or an escape of a C0 control character or DEL. */
const UNSAFE_ESCAPE = /%(?![0-9a-fA-F]{2})|%(?=[01][0-9a-fA-F]|7[fF])/;

/** Whether the path's escapes decode as UTF-8. */
function decodes(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * The request target with its path made routable, or the same string when it already is (the common case costs
 * one regular-expression test). The query string is left alone: pages never read it on the server.
 */
export function routablePath(url: string): string {
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  if (!path.includes('%') || (!UNSAFE_ESCAPE.test(path) && decodes(path))) return url;
  // Every `%` of the path is escaped, not only the bad ones: a cut multi-byte sequence is made of well-formed
  // escapes, and the path then reads as the text the visitor sent, as the 404 message shows it in the browser.
  return path.replaceAll('%', '%25') + (q < 0 ? '' : url.slice(q));
}
