/**
 * First-load JavaScript per page, in gzip bytes: every <script src> a page's HTML loads, fetched from a
 * running server and gzipped here (level 9), so the number does not depend on the server's compression.
 *
 *   BASE_URL=http://localhost:3000 npx tsx bench/page-weight.ts /  /zh  /product/vps
 */
import { gzipSync } from 'node:zlib';

const base = process.env.BASE_URL ?? 'http://localhost:3000';
const paths = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['/', '/zh', '/ja'];

async function pageWeight(path: string) {
  const html = await (await fetch(new URL(path, base))).text();
  // Polyfills are marked nomodule: modern browsers never load them, so they are not counted.
  const tags = [...html.matchAll(/<script([^>]*)\bsrc="([^"]+)"([^>]*)>/g)].filter(
    (m) => !/nomodule/i.test(`${m[1]}${m[3]}`),
  );
  const sources = [...new Set(tags.map((m) => m[2] ?? ''))].filter(Boolean);
  const files = await Promise.all(
    sources.map(async (src) => {
      const body = Buffer.from(await (await fetch(new URL(src, base))).arrayBuffer());
      return { src, gzip: gzipSync(body, { level: 9 }).length };
    }),
  );
  files.sort((a, b) => b.gzip - a.gzip);
  return { path, total: files.reduce((sum, f) => sum + f.gzip, 0), files };
}

async function main() {
  for (const path of paths) {
    const { total, files } = await pageWeight(path);
    console.log(`${path}\t${(total / 1024).toFixed(1)} KB gzip in ${files.length} scripts`);
    for (const f of files.slice(0, 5)) console.log(`  ${(f.gzip / 1024).toFixed(1)} KB  ${f.src}`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
