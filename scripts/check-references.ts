/**
 * Fails (exit 1, one `file:line:column rule text` line per finding) when the sources or docs cite a document
 * the repository does not hold, or a repository document or heading that does not exist:
 *
 * - the product description, design, style or toolchain notes the code was first written from (`SPEC §4`,
 *   `DESIGN §5`, `STYLE`, `TOOLCHAIN.md`), a path to them (`../shared`), or an issue number (`issue 9`): cite
 *   docs/product/*.md, docs/design.md, docs/engineering.md or a decision record instead;
 * - a `docs/….md` or `docs/decisions/NNN-…` path, or a relative Markdown link, naming a file that is not there,
 *   or a `#anchor` that is not one of that file's headings (GitHub's slugs).
 *
 *   npx tsx scripts/check-references.ts [--quiet]
 *
 * Reads src, tests, scripts, bench, docs and the Markdown files at the root; skips node_modules, builds and data.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { findViolations, markdownAnchors, type RepoView } from './lib/references';

const ROOT = path.resolve(__dirname, '..');
const SCANNED_DIRS = ['src', 'tests', 'scripts', 'bench', 'docs'];
/** Skipped wherever they are. */
const SKIPPED_DIRS = new Set(['node_modules', 'test-results', 'playwright-report', 'coverage']);
/** Skipped at these paths only: `src/server/db/seed/data` is source, `./data` is the databases. */
const SKIPPED_PATHS = new Set(['data', 'dist', 'build', 'out', 'src/server/db/migrations/meta']);
const SCANNED_EXTENSIONS = new Set([
  '.ts',
  '.tsx',
  '.js',
  '.cjs',
  '.mjs',
  '.cts',
  '.mts',
  '.md',
  '.css',
  '.sql',
  '.json',
]);
/** This checker and its tests spell out what they look for. */
const SELF = new Set(['scripts/check-references.ts', 'scripts/lib/references.ts', 'scripts/lib/references.test.ts']);

function listFiles(dir: string, out: string[]): void {
  let entries: import('node:fs').Dirent[];
  try {
    entries = readdirSync(path.join(ROOT, dir), { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    const repoPath = dir === '' ? entry.name : `${dir}/${entry.name}`;
    if (entry.isDirectory()) {
      if (SKIPPED_DIRS.has(entry.name) || SKIPPED_PATHS.has(repoPath) || entry.name.startsWith('.')) continue;
      listFiles(repoPath, out);
    } else if (entry.isFile() && SCANNED_EXTENSIONS.has(path.extname(entry.name)) && !SELF.has(repoPath)) {
      out.push(repoPath);
    }
  }
}

function scannedFiles(): string[] {
  const files: string[] = [];
  for (const dir of SCANNED_DIRS) listFiles(dir, files);
  for (const name of readdirSync(ROOT)) if (name.endsWith('.md')) files.push(name);
  return files.sort();
}

function repoView(texts: Map<string, string>): RepoView {
  const anchorCache = new Map<string, Set<string> | undefined>();
  return {
    exists: (repoPath) => texts.has(repoPath) || existsSync(path.join(ROOT, repoPath)),
    anchors: (repoPath) => {
      if (!anchorCache.has(repoPath)) {
        let text = texts.get(repoPath);
        if (text === undefined) {
          try {
            text = readFileSync(path.join(ROOT, repoPath), 'utf8');
          } catch {
            text = undefined;
          }
        }
        anchorCache.set(repoPath, text === undefined ? undefined : markdownAnchors(text));
      }
      return anchorCache.get(repoPath);
    },
  };
}

function main(): void {
  const quiet = process.argv.includes('--quiet');
  const texts = new Map<string, string>();
  for (const file of scannedFiles()) texts.set(file, readFileSync(path.join(ROOT, file), 'utf8'));
  const repo = repoView(texts);
  let count = 0;
  const perRule = new Map<string, number>();
  for (const [file, text] of texts) {
    for (const v of findViolations(file, text, repo)) {
      count += 1;
      perRule.set(v.rule, (perRule.get(v.rule) ?? 0) + 1);
      if (!quiet) console.log(`${v.file}:${v.line}:${v.column} ${v.rule} ${v.text}`);
    }
  }
  if (count === 0) {
    console.log(`references: ${texts.size} files, nothing cited that the repository does not hold`);
    return;
  }
  const summary = [...perRule].map(([rule, n]) => `${rule} ${n}`).join(', ');
  console.error(`references: ${count} to fix in ${texts.size} files (${summary})`);
  process.exitCode = 1;
}

main();
