import { describe, expect, it } from 'vitest';
import { firstLoadScripts, loadScriptsAfterFirstPaint } from '@/server/http/first-paint-scripts';

/** The head and body as React writes them for a Next 16 page (decision 018). */
const page = [
  '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>',
  '<link rel="stylesheet" href="/_next/static/chunks/site.css" data-precedence="next"/>',
  '<link rel="preload" as="script" fetchPriority="low" href="/_next/static/chunks/boot.js"/>',
  '<script src="/_next/static/chunks/react.js" async=""></script>',
  '<script src="/_next/static/chunks/router.js" async=""></script>',
  '<script src="/_next/static/chunks/polyfills.js" noModule=""></script>',
  '</head><body><main>Fast cloud servers</main>',
  '<script src="/_next/static/chunks/boot.js" async=""></script>',
  '<script>(self.__next_f=self.__next_f||[]).push([0])</script></body></html>',
].join('');

describe('scripts after the first paint', () => {
  it('moves every chunk script into one loader in the head, in order, and keeps the page otherwise', () => {
    const html = loadScriptsAfterFirstPaint(page);
    expect(html).not.toMatch(/<script src="[^"]+" async=""/);
    expect(html).not.toContain('rel="preload" as="script"');
    // The polyfill for old browsers, the inline payload and the page itself are untouched.
    expect(html).toContain('<script src="/_next/static/chunks/polyfills.js" noModule=""></script>');
    expect(html).toContain('<script>(self.__next_f=self.__next_f||[]).push([0])</script>');
    expect(html).toContain('<main>Fast cloud servers</main>');
    const loader = html.indexOf('first-contentful-paint');
    expect(loader).toBeGreaterThan(html.indexOf('site.css'));
    expect(loader).toBeLessThan(html.indexOf('</head>'));
    expect(html).toContain(
      '(["/_next/static/chunks/react.js","/_next/static/chunks/router.js","/_next/static/chunks/boot.js"])',
    );
  });

  it('counts the same first-load scripts before and after', () => {
    expect(firstLoadScripts(page)).toEqual([
      '/_next/static/chunks/react.js',
      '/_next/static/chunks/router.js',
      '/_next/static/chunks/boot.js',
    ]);
    expect(firstLoadScripts(loadScriptsAfterFirstPaint(page))).toEqual(firstLoadScripts(page));
  });

  it('leaves a document alone when its scripts are not where it expects them', () => {
    const bodyOnly =
      '<html><head></head><body><script src="/_next/static/chunks/a.js" async=""></script></body></html>';
    expect(loadScriptsAfterFirstPaint(bodyOnly)).toBe(bodyOnly);
    const none = '<html><head><title>x</title></head><body>hello</body></html>';
    expect(loadScriptsAfterFirstPaint(none)).toBe(none);
  });

  it('runs the loader once, after the first contentful paint', () => {
    const html = loadScriptsAfterFirstPaint(page);
    const source = /<script>(\(function\(s\)[^\n]*?)<\/script>/.exec(html)?.[1] ?? '';
    const added: string[] = [];
    type Entries = { getEntriesByName: (name: string) => unknown[] };
    const hooks: { observer?: (list: Entries, o: { disconnect: () => void }) => void } = {};
    const timers: { fn: () => void; ms: number }[] = [];
    /** Runs the queued timers of at most `ms`, and those they queue, as the event loop would. */
    const runTimers = (ms: number) => {
      for (let t = timers.findIndex((x) => x.ms <= ms); t >= 0; t = timers.findIndex((x) => x.ms <= ms)) {
        timers.splice(t, 1)[0]?.fn();
      }
    };
    const window = {
      PerformanceObserver: Object.assign(
        function PerformanceObserver(callback: typeof hooks.observer) {
          hooks.observer = callback;
          return { observe: () => undefined };
        },
        { supportedEntryTypes: ['paint'] },
      ),
    };
    const document = {
      createElement: () => ({}) as { src?: string },
      head: { appendChild: (e: { src: string }) => added.push(e.src) },
    };
    new Function('window', 'document', 'self', 'setTimeout', source)(
      window,
      document,
      {},
      (fn: () => void, ms: number) => timers.push({ fn, ms }),
    );
    const disconnect = { disconnect: () => undefined };
    expect(added).toEqual([]);
    hooks.observer?.({ getEntriesByName: () => [] }, disconnect);
    runTimers(0);
    expect(added).toEqual([]);
    hooks.observer?.({ getEntriesByName: () => [{}] }, disconnect);
    // One script at once, each of the others in a task of its own, in document order.
    expect(added).toEqual(['/_next/static/chunks/react.js']);
    runTimers(0);
    expect(added).toEqual([
      '/_next/static/chunks/react.js',
      '/_next/static/chunks/router.js',
      '/_next/static/chunks/boot.js',
    ]);
    // The 3 s fallback finds them added.
    runTimers(3000);
    expect(added).toHaveLength(3);
  });
});
