import 'server-only';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The stylesheet inside the document (docs/decisions/030-stylesheet-in-the-document.md). Next links the
 * site's one stylesheet from the head, so the first paint waits for a second request after the document: one
 * more round trip on a phone network, and on a busy server tens of milliseconds in which the parser also stops
 * at the first inline script (a script waits for the stylesheets before it). The decision has the trace.
 *
 * The prerendered documents we serve ourselves (the document cache and the 404 pages) carry it as a `<style>`
 * in the link's place instead. The link stays, moved to the end of the head with `media="print"`: not
 * render-blocking and not script-blocking on a screen, but present, so React's hydration finds the stylesheet
 * it rendered (it looks for `link[rel="stylesheet"][href=…]`) and adds no second one, on this page or after a
 * client navigation. Printing applies the same rules twice, which changes nothing.
 */

/** A stylesheet link exactly as React writes it for Next: a build file, a precedence, nothing else. */
const STYLESHEET_LINK =
  /<link rel="stylesheet" href="(\/_next\/static\/[A-Za-z0-9_\-./]+\.css)" data-precedence="([A-Za-z0-9_-]+)"\/>/g;
/** Past this size a stylesheet stays linked: each kept document would carry it again. */
const MAX_INLINE_BYTES = 128 * 1024;

/**
 * A function that writes a document's build stylesheets into it, read once each from `distDir`. A stylesheet
 * it cannot read, or a larger one, stays linked as Next wrote it.
 * @param distDir Next's build directory (`.next`)
 */
export function createStylesheetInliner(distDir: string): (html: string) => string {
  const root = path.join(distDir, 'static');
  const read = new Map<string, string | null>();

  function styles(href: string): string | null {
    if (read.has(href)) return read.get(href) ?? null;
    let css: string | null = null;
    const file = path.join(root, href.slice('/_next/static/'.length));
    // The pattern allows dots for the file names; no path outside the build's static files is read.
    if (file.startsWith(root + path.sep) && !href.includes('..')) {
      try {
        const text = fs.readFileSync(file, 'utf8');
        // `</style` would end the element early; a build's stylesheet never has it, so never guess.
        if (Buffer.byteLength(text) <= MAX_INLINE_BYTES && !/<\/style/i.test(text)) css = text;
      } catch {
        css = null;
      }
    }
    read.set(href, css);
    return css;
  }

  return function inlineStylesheets(html: string): string {
    const head = html.indexOf('</head>');
    if (head < 0) return html;
    const links: string[] = [];
    const inHead = html.slice(0, head).replace(STYLESHEET_LINK, (link, href: string, precedence: string) => {
      const css = styles(href);
      if (css === null) return link;
      links.push(`<link rel="stylesheet" href="${href}" data-precedence="${precedence}" media="print"/>`);
      return `<style>${css}</style>`;
    });
    if (links.length === 0) return html;
    return `${inHead}${links.join('')}${html.slice(head)}`;
  };
}
