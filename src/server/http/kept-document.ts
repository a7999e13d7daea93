import 'server-only';
import { loadScriptsAfterFirstPaint } from './first-paint-scripts';
import { createStylesheetInliner } from './first-paint-styles';

/**
 * What a prerendered document gets before we keep it and serve it ourselves, said once for the
 * document cache (docs/decisions/012-document-fast-path.md) and the 404 pages (decision 017):
 * - its scripts load after the first paint (first-paint-scripts.ts, decision 018);
 * - its stylesheet is written into its head (first-paint-styles.ts, decision 030);
 * - the nonces Next wrote into it are dropped first: a page Next rendered on its first request and then cached
 *   keeps that request's nonce in its tags, which no later policy names (a kept copy is allowed by the hashes
 *   of its scripts, decision 032), and which the two steps above would not recognise their tags with.
 * The loader goes in before the stylesheet: the stylesheet's place is found by the link React wrote, which the
 * loader does not touch.
 */

/** Tags as React writes them: ` nonce="…"` right in the tag (an escaped quote in text or script never matches). */
const NONCE_ATTRIBUTE = / nonce="[A-Za-z0-9+/=_-]*"/g;

export function withoutNonces(html: string): string {
  return html.includes(' nonce="') ? html.replace(NONCE_ATTRIBUTE, '') : html;
}

/** @param distDir Next's build directory (`.next`), where the stylesheets are read from */
export function createDocumentPreparer(distDir: string): (html: string) => string {
  const inlineStylesheets = createStylesheetInliner(distDir);
  return function prepareDocument(html: string): string {
    return inlineStylesheets(loadScriptsAfterFirstPaint(withoutNonces(html)));
  };
}
