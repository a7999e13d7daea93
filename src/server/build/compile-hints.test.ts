import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { COMPILE_HINT, hintFirstLoadChunks } from '@/server/build/compile-hints';

/** A build's layout as `next build` leaves it: prerendered HTML under server/app, chunks under static. */
let distDir: string;
const chunk = (name: string) => path.join(distDir, 'static', 'chunks', name);

beforeEach(() => {
  distDir = mkdtempSync(path.join(tmpdir(), 'compile-hints-'));
  mkdirSync(path.join(distDir, 'server', 'app', 'en', 'usd'), { recursive: true });
  mkdirSync(path.join(distDir, 'static', 'chunks'), { recursive: true });
  for (const name of ['react.js', 'page.js', 'polyfills.js', 'chat.js']) {
    writeFileSync(chunk(name), `(globalThis.TURBOPACK||[]).push(["${name}"]);`);
  }
  writeFileSync(
    path.join(distDir, 'server', 'app', 'en', 'usd.html'),
    '<html><head><script src="/_next/static/chunks/react.js" async=""></script>' +
      '<script src="/_next/static/chunks/polyfills.js" noModule=""></script></head>' +
      '<body><script src="/_next/static/chunks/react.js" async=""></script></body></html>',
  );
  writeFileSync(
    path.join(distDir, 'server', 'app', 'en', 'usd', 'doc.html'),
    '<html><head><script src="/_next/static/chunks/page.js" async=""></script></head><body></body></html>',
  );
});

afterEach(() => rmSync(distDir, { recursive: true, force: true }));

describe('compile hints on first-load chunks (decision 019)', () => {
  it('marks every chunk a prerendered page loads at first, once, and leaves the rest as built', () => {
    expect(hintFirstLoadChunks(distDir)).toBe(2);
    expect(readFileSync(chunk('react.js'), 'utf8')).toBe(
      `${COMPILE_HINT}(globalThis.TURBOPACK||[]).push(["react.js"]);`,
    );
    expect(readFileSync(chunk('page.js'), 'utf8').startsWith(COMPILE_HINT)).toBe(true);
    // Loaded on demand, or only by browsers without modules: compiled lazily as before.
    expect(readFileSync(chunk('chat.js'), 'utf8').startsWith('//')).toBe(false);
    expect(readFileSync(chunk('polyfills.js'), 'utf8').startsWith('//')).toBe(false);
    // A second run (a restart on the same build) changes nothing.
    expect(hintFirstLoadChunks(distDir)).toBe(0);
    expect(readFileSync(chunk('react.js'), 'utf8').split(COMPILE_HINT)).toHaveLength(2);
  });

  it('keeps the hint on the first line, where V8 looks for it', () => {
    hintFirstLoadChunks(distDir);
    expect(readFileSync(chunk('react.js'), 'utf8').split('\n')[0]).toBe('//# allFunctionsCalledOnLoad');
  });
});
