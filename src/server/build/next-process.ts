import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { loadEnv } from '../../env';
import { hintFirstLoadChunks } from './compile-hints';
import { precompressBuildFiles } from './precompress';

const NEXT_BIN = path.resolve('node_modules/next/dist/bin/next');
const SOURCES = ['src', 'public', 'package.json', 'package-lock.json', 'next.config.ts', 'postcss.config.mjs'];
/** Settings baked into prerendered pages: a change needs a new build. */
const BAKED_SETTINGS = [
  'SITE_URL',
  'BRAND_NAME',
  'CUSTOMER_CENTER_URL',
  'SUPPORT_CHAT_URL',
  'SUPPORT_MAIL_URL',
  'SUPPORT_SURVEY_URL',
  'STORAGE_VERSION',
  'ANALYTICS_ID',
  'CHAT_WIDGET_KEY',
];

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target).reduce(
    (newest, entry) => Math.max(newest, newestMtime(path.join(target, entry))),
    stat.mtimeMs,
  );
}

/** Every file under the sources of a checkout, as sorted paths relative to it. */
function sourceFiles(root: string): string[] {
  const files: string[] = [];
  const walk = (relative: string) => {
    const target = path.join(root, relative);
    if (!existsSync(target)) return;
    if (!statSync(target).isDirectory()) {
      files.push(relative.split(path.sep).join('/'));
      return;
    }
    for (const entry of readdirSync(target)) walk(path.join(relative, entry));
  };
  for (const source of SOURCES) walk(source);
  return files.sort();
}

/**
 * The build id: a hash of what the build is made from (every source file and the settings baked into pages), not
 * a random value. The same commit built on two machines gets the same id, so instances behind one balancer agree,
 * and the shell's build check only reloads a visitor when a new release really is out.
 */
export function contentBuildId(env: NodeJS.ProcessEnv, root = process.cwd()): string {
  const hash = createHash('sha256');
  for (const file of sourceFiles(root)) {
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(path.join(root, file)))
      .update('\0');
  }
  hash.update(settingsOf(env));
  return hash.digest('hex').slice(0, 20);
}

function settingsOf(env: NodeJS.ProcessEnv): string {
  // SITE_URL as the pages get it: unset, it follows PORT (src/env.ts), so another port is another build.
  const effective: NodeJS.ProcessEnv = { ...env, SITE_URL: loadEnv(env).SITE_URL };
  return JSON.stringify(BAKED_SETTINGS.map((k) => [k, effective[k] ?? '']));
}

/** A build is needed when there is none, a source changed after it, or a baked-in setting changed. */
export function buildIsStale(distDir: string, env: NodeJS.ProcessEnv): boolean {
  const buildId = path.join(distDir, 'BUILD_ID');
  const stamp = path.join(distDir, 'cirrus-settings.json');
  if (!existsSync(buildId) || !existsSync(stamp)) return true;
  if (readFileSync(stamp, 'utf8') !== settingsOf(env)) return true;
  const built = statSync(buildId).mtimeMs;
  return SOURCES.some((s) => newestMtime(s) > built);
}

export function markBuilt(distDir: string, env: NodeJS.ProcessEnv): void {
  writeFileSync(path.join(distDir, 'cirrus-settings.json'), settingsOf(env));
}

export function runNext(args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  return spawn(process.execPath, [NEXT_BIN, ...args], { stdio: 'inherit', env });
}

export function waitForExit(child: ChildProcess): Promise<number> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))));
}

/** `next build` into distDir when stale; resolves with its exit code (0 when nothing had to be built). */
export async function buildIfStale(
  distDir: string,
  env: NodeJS.ProcessEnv,
  log: (line: string) => void,
  force = false,
): Promise<number> {
  if (!force && !buildIsStale(distDir, env)) return 0;
  log(`building the site into ${distDir} (next build)...`);
  const buildEnv: NodeJS.ProcessEnv = {
    ...env,
    NEXT_DIST_DIR: distDir,
    NODE_ENV: 'production',
    CIRRUS_BUILD_ID: contentBuildId(env),
  };
  const code = await waitForExit(runNext(['build'], buildEnv));
  if (code === 0) {
    log(`compile hints on ${hintFirstLoadChunks(distDir)} first-load chunks (docs/decisions/019-compile-hints.md)`);
    // After the hints, which change the files the copies are made from.
    log(
      `brotli and gzip copies of ${precompressBuildFiles(distDir)} build files (docs/decisions/022-build-files-fast-path.md)`,
    );
    markBuilt(distDir, env);
  }
  return code;
}

/**
 * The production server (src/server/http/main.ts): `/api` straight to Hono, the rest to Next. Node itself with
 * tsx's loader and the react-server condition, like `npm start` and the admin CLI run (tsx's command would add a
 * process of its own in between): docs/decisions/050-production-server-in-src.md.
 */
export function runProductionServer(env: NodeJS.ProcessEnv): ChildProcess {
  return spawn(process.execPath, PRODUCTION_SERVER_ARGS, { stdio: 'inherit', env });
}

/** Node's arguments for the production server (the benchmark starts it the same way). */
export const PRODUCTION_SERVER_ARGS = [
  '--import',
  'tsx',
  '--conditions=react-server',
  path.resolve('src/server/http/main.ts'),
];
