/**
 * Brotli and gzip copies of the build's text files, written once beside each file (`x.js.br`, `x.js.gz`), as
 * nginx's `gzip_static` reads them (docs/decisions/022-build-files-fast-path.md). The production
 * server's fast path for `/_next/static/` (src/server/http/static-files.ts) serves them, so no worker spends the
 * seconds of CPU that brotli at its best quality takes over the whole build, and none of it while a visitor's
 * page loads.
 * Run after every other change to the files (compile-hints.ts): a copy that no longer matches its file is
 * ignored by the server, which then compresses the file itself.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** The text formats Next writes under static/ (scripts, styles, manifests); images and fonts are compressed. */
const TEXT_FILE = /\.(js|mjs|css|json|svg|txt|map)$/;

function files(dir: string): string[] {
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    const full = path.join(dir, entry);
    return statSync(full).isDirectory() ? files(full) : [full];
  });
}

/** Writes `.br` (quality 11) and `.gz` (level 9) copies of every text file under distDir/static; returns how many
 * files it compressed. */
export function precompressBuildFiles(distDir: string): number {
  let compressed = 0;
  for (const file of files(path.join(distDir, 'static'))) {
    if (!TEXT_FILE.test(file)) continue;
    const body = readFileSync(file);
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(body, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
      }),
    );
    writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
    compressed += 1;
  }
  return compressed;
}
