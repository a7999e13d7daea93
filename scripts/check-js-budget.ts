/**
 * The deterministic part of the performance target (docs/product/targets.md#performance), enforced in CI: the first-load JavaScript of every prerendered page of a
 * production build, in gzip bytes (level 9, the same count as `npm run bench`), against the budgets in
 * bench/js-budget.json, and that each of those chunks carries the compile hint (decision 019). Reads the build's
 * own HTML and chunks; needs no server.
 *
 *   npx tsx scripts/check-js-budget.ts [distDir]     (default .next-test, the build the browser tests made)
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { CURRENCY_CODES } from '../src/lib/currency';
import { isLocale } from '../src/lib/locales';
import { COMPILE_HINT, firstLoadChunkFiles, htmlFiles } from '../src/server/build/compile-hints';
import { firstLoadScripts } from '../src/server/http/first-paint-scripts';

type Budget = { defaultKb: number; routes: Record<string, number> };

/** The internal `/{locale}/{currency}/` segment every page is prerendered under (decision 004). */
const CURRENCY_SEGMENTS: string[] = CURRENCY_CODES.map((code) => code.toLowerCase());

const distDir = path.resolve(process.argv[2] ?? '.next-test');
const budget = JSON.parse(readFileSync(path.resolve('bench/js-budget.json'), 'utf8')) as Budget;

/** Each chunk is read once: the budget gzips it and the hint check reads its start. */
const chunks = new Map<string, Buffer>();
function readChunk(file: string): Buffer {
  let bytes = chunks.get(file);
  if (bytes === undefined) {
    bytes = readFileSync(file);
    chunks.set(file, bytes);
  }
  return bytes;
}

const gzipCache = new Map<string, number>();
function gzipBytes(src: string): number {
  let size = gzipCache.get(src);
  if (size === undefined) {
    const file = path.join(distDir, decodeURIComponent(src.replace(/^\/_next\//, '').split('?')[0] ?? ''));
    size = gzipSync(readChunk(file), { level: 9 }).length;
    gzipCache.set(src, size);
  }
  return size;
}

function main() {
  const appDir = path.join(distDir, 'server', 'app');
  if (!existsSync(appDir)) {
    console.error(`check-js-budget: no production build in ${distDir} (run the browser tests or a build first)`);
    process.exit(1);
  }
  // Pages live under /<locale>/<currency>/... (decision 004); the route is the rest of the path.
  const pages = htmlFiles(appDir)
    .map((file) =>
      path
        .relative(appDir, file)
        .replace(/\.html$/, '')
        .split(path.sep),
    )
    .filter((parts) => isLocale(parts[0]) && CURRENCY_SEGMENTS.includes(parts[1] ?? ''))
    .map((parts) => ({ file: path.join(appDir, `${parts.join('/')}.html`), route: `/${parts.slice(2).join('/')}` }));
  const failures: string[] = [];
  const worst = new Map<string, number>();
  for (const page of pages) {
    const total = firstLoadScripts(readFileSync(page.file, 'utf8')).reduce((sum, src) => sum + gzipBytes(src), 0);
    const route = page.route === '/_not-found' ? '/404' : page.route;
    worst.set(route, Math.max(worst.get(route) ?? 0, total));
  }
  const rows = [...worst].sort((a, b) => b[1] - a[1]);
  for (const [route, bytes] of rows) {
    const limitKb = budget.routes[route] ?? budget.defaultKb;
    const kb = bytes / 1024;
    const mark = kb > limitKb ? 'OVER' : 'ok';
    console.log(`${mark.padEnd(4)} ${kb.toFixed(1).padStart(6)} KB / ${limitKb} KB  ${route}`);
    if (kb > limitKb) failures.push(`${route}: ${kb.toFixed(1)} KB > ${limitKb} KB`);
  }
  if (pages.length === 0) failures.push('no prerendered pages found');
  // The build step marks them (decision 019); a build made some other way would quietly lose the hint.
  const hint = Buffer.from(COMPILE_HINT);
  const unhinted = firstLoadChunkFiles(distDir).filter(
    (file) => !readChunk(path.resolve(file)).subarray(0, hint.length).equals(hint),
  );
  if (unhinted.length > 0) failures.push(`first-load chunks without the compile hint: ${unhinted.join(', ')}`);
  if (failures.length > 0) {
    console.error(`\nfirst-load JavaScript over budget (bench/js-budget.json) or unhinted:\n${failures.join('\n')}`);
    process.exit(1);
  }
  console.log(`\n${rows.length} routes within their first-load JavaScript budget`);
}

main();
