/**
 * Explicit compile hints for the first-load chunks (docs/decisions/019-compile-hints.md).
 *
 * V8 compiles a function lazily, on its first call, on the main thread: when Next's bootstrap first requires
 * React DOM, the whole module (the largest first-load chunk) is parsed there, inside the task that blocks the
 * page. A file that starts with the magic comment `//# allFunctionsCalledOnLoad` (Chrome 136 and later) is
 * compiled eagerly instead, while it streams in, off the main thread. Other browsers read a comment. It shortens
 * the tasks after the first paint; the decision has the figures.
 *
 * Only the chunks prerendered pages load at first are marked, since nearly all of their functions do run at
 * start-up; chunks loaded on demand (chat, dialogs, the configurator's forms) keep lazy compilation.
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { firstLoadScripts } from '../http/first-paint-scripts';

export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/** Every `.html` file under dir (none when it does not exist). */
export function htmlFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) return htmlFiles(full);
    return entry.endsWith('.html') ? [full] : [];
  });
}

/** The chunk files (inside distDir) that any prerendered page of the build loads at first. */
export function firstLoadChunkFiles(distDir: string): string[] {
  const sources = new Set<string>();
  for (const file of htmlFiles(path.join(distDir, 'server', 'app'))) {
    for (const src of firstLoadScripts(readFileSync(file, 'utf8'))) sources.add(src);
  }
  return [...sources]
    .filter((src) => src.startsWith('/_next/static/'))
    .map((src) => path.join(distDir, decodeURIComponent(src.slice('/_next/'.length).split('?')[0] ?? '')));
}

/**
 * Puts the compile hint at the top of every first-load chunk of the build in distDir (once: a marked file is
 * left alone). Run right after `next build`, before anything serves the files. Returns how many it marked.
 */
export function hintFirstLoadChunks(distDir: string): number {
  let marked = 0;
  for (const file of firstLoadChunkFiles(distDir)) {
    if (!existsSync(file)) continue;
    const code = readFileSync(file, 'utf8');
    if (code.startsWith(COMPILE_HINT)) continue;
    writeFileSync(file, COMPILE_HINT + code);
    marked += 1;
  }
  return marked;
}
