/**
 * Scripts after the first paint (docs/decisions/018-scripts-after-first-paint.md). Next writes every
 * chunk of a page as `<script src async>` in the head (and the bootstrap chunk, with a low-priority preload, in
 * the body). Async scripts run as soon as they arrive, so on a fast connection all of the framework and shell
 * is parsed and run before the browser has painted anything, and the first frame waits for it.
 *
 * The prerendered documents we serve ourselves (the document cache and the 404 pages) carry one inline loader
 * instead, which adds the very same script elements, in the same order, once the first contentful paint has
 * happened: at once where the browser has no paint timing, and after 3 s at the latest (a tab opened in the
 * background paints nothing until it is shown). Nothing the first frame shows needs JavaScript: prices,
 * currency, language and every link are in the HTML (decisions 004, 016).
 *
 * No `server-only` guard: the build step (compile-hints.ts), the first-load JavaScript budget
 * (scripts/check-js-budget.ts) and the benchmark read pages with firstLoadScripts, outside the react-server
 * condition. Plain string work, with no import of the server's.
 */

/** A chunk script exactly as React writes it for Next (no integrity, nonce or crossorigin are configured). */
const CHUNK_SCRIPT = /<script src="(\/_next\/static\/[^"<>]+\.js)" async=""><\/script>/g;
/** The bootstrap chunk's preload, which would fetch it before the paint anyway. */
const CHUNK_PRELOAD = /<link rel="preload" as="script" fetchPriority="low" href="\/_next\/static\/[^"<>]+\.js"\/>/g;

/**
 * The loader, kept in ES5 so it parses wherever the page does. `s` is the list of chunk paths; `d` makes it run once
 * whichever trigger comes first. Each script element is added in a task of its own: starting a request costs the main
 * thread time, and a dozen in one callback made one long task inside the window Total Blocking Time counts (the
 * decision has the figures). The bootstrap chunk is last in the list, so every other element is in the document before
 * anything asks for it. `__scriptsAfterPaint` tells the browser tests (tests/e2e/fixtures.ts) that `load` may come
 * before the page's scripts have run.
 */
const LOADER = [
  '(function(s){var d=0,i=0;self.__scriptsAfterPaint=s;function go(){if(d)return;d=1;add()}',
  'function add(){var e=document.createElement("script");e.src=s[i++];e.async=true;document.head.appendChild(e);',
  'if(i<s.length)setTimeout(add,0)}',
  'var P=window.PerformanceObserver;',
  'if(!P||!P.supportedEntryTypes||P.supportedEntryTypes.indexOf("paint")<0)return go();',
  'new P(function(l,o){if(l.getEntriesByName("first-contentful-paint").length){o.disconnect();go()}})',
  '.observe({type:"paint",buffered:true});setTimeout(go,3000)})',
].join('');

/**
 * The document with its chunk scripts loaded after the first paint, or the document unchanged when it has
 * none in the expected form (a later Next that writes them differently then simply keeps its own loading).
 */
export function loadScriptsAfterFirstPaint(html: string): string {
  const marker = '\u0000loader\u0000';
  if (html.includes(marker)) return html;
  const sources: string[] = [];
  const out = html
    .replace(CHUNK_SCRIPT, (_, src: string) => {
      sources.push(src);
      return sources.length === 1 ? marker : '';
    })
    .replace(CHUNK_PRELOAD, '');
  // The loader takes the first script's place, which must be in the head so it runs before the first paint.
  const at = out.indexOf(marker);
  const head = out.indexOf('</head>');
  if (sources.length === 0 || at < 0 || head < 0 || at > head) return html;
  // The paths are plain `/_next/static/…js` strings (no quote, `<` or `>`), so JSON is safe inside <script>.
  return out.replace(marker, () => `<script>${LOADER}(${JSON.stringify(sources)})</script>`);
}

/** The loader's list of chunk paths, as loadScriptsAfterFirstPaint writes it. */
const LOADER_LIST = /self\.__scriptsAfterPaint=s;[^\n]*?\}\)\((\["\/_next\/static\/[^\]<>]*\])\)<\/script>/;

/**
 * Every script a page loads at first, in document order and once each: its `<script src>` elements (except the
 * `nomodule` polyfills modern browsers skip) and the chunks its loader adds after the first paint. Counted by
 * the first-load JavaScript budget (scripts/check-js-budget.ts) and the benchmark, whichever HTML they read.
 */
export function firstLoadScripts(html: string): string[] {
  const tags = [...html.matchAll(/<script([^>]*)\bsrc="([^"]+)"([^>]*)>/g)]
    .filter((m) => !/nomodule/i.test(`${m[1]}${m[3]}`))
    .map((m) => m[2] ?? '');
  const listed = LOADER_LIST.exec(html);
  const deferred = listed ? (JSON.parse(listed[1] ?? '[]') as string[]) : [];
  return [...new Set([...deferred, ...tags])].filter((src) => src.startsWith('/_next/'));
}
