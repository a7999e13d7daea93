import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { type Instance, startInstance } from './instances';

/**
 * The zero-downtime restart of README.md#deploying-several-instances: two instances of one site behind nginx
 * configured by deploy/nginx.conf, under load; one is stopped (SIGTERM: it drains, docs/decisions/061-stopping-and-readiness.md)
 * and started again while the load goes on. No request may fail: not a page, not an API read, not a quote POST.
 * In the `rolling-restart` project (playwright.config.ts), after the other instance specs.
 */
const base = Number(process.env.E2E_PORT ?? 3210);
const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((candidate) => existsSync(candidate));

let first: Instance | undefined;
let second: Instance | undefined;
let nginx: { child: ChildProcess; dir: string } | undefined;

test.afterAll(async () => {
  nginx?.child.kill('SIGQUIT');
  if (nginx) rmSync(nginx.dir, { recursive: true, force: true });
  await second?.close();
  await first?.close();
});

/** deploy/nginx.conf as it is, but for the ports and the paths of this run. */
async function startNginx(port: number, upstreams: [number, number]): Promise<{ child: ChildProcess; dir: string }> {
  if (!NGINX) throw new Error('nginx is not installed: .ci/run installs it');
  const dir = mkdtempSync(path.join(tmpdir(), 'cirrus-nginx-'));
  let conf = readFileSync('deploy/nginx.conf', 'utf8')
    .replace('127.0.0.1:3001', `127.0.0.1:${upstreams[0]}`)
    .replace('127.0.0.1:3002', `127.0.0.1:${upstreams[1]}`)
    .replace('listen 80;', `listen 127.0.0.1:${port};`)
    .replace(/^pid .*$/m, `pid ${dir}/nginx.pid;`)
    .replace(/^error_log .*$/m, `error_log ${dir}/error.log warn;`)
    .replace(
      'http {',
      `http {\n  client_body_temp_path ${dir}/body;\n  proxy_temp_path ${dir}/proxy;\n` +
        `  fastcgi_temp_path ${dir}/fastcgi;\n  uwsgi_temp_path ${dir}/uwsgi;\n  scgi_temp_path ${dir}/scgi;`,
    );
  // Run as root (CI), its workers would be another user, who cannot write the temporary folder.
  if (process.getuid?.() === 0) conf = `user root;\n${conf}`;
  writeFileSync(path.join(dir, 'nginx.conf'), conf);
  const child = spawn(
    NGINX,
    ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', `${dir}/error.log`, '-g', 'daemon off;'],
    {
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  // Listening once it answers (a 200 from an instance behind it).
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`nginx exited (${child.exitCode}): ${readFileSync(`${dir}/error.log`, 'utf8')}`);
    const status = await ask(`http://127.0.0.1:${port}/api/health/ready`, new http.Agent()).catch(() => 0);
    if (status === 200) return { child, dir };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function ask(url: string, agent: http.Agent, body?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        agent,
        method: body ? 'POST' : 'GET',
        headers: body
          ? {
              'content-type': 'application/json',
              origin: new URL(url).origin,
              'content-length': Buffer.byteLength(body),
            }
          : {},
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

const QUOTE = JSON.stringify({ regionId: 'hong-kong', planId: 'std-1c1g', imageId: 'ubuntu-24.04', currency: 'HKD' });
/** What a visitor asks for: a kept page, a page Next renders, an API read and a quote (a POST). */
const MIX: { path: string; body?: string }[] = [
  { path: '/' },
  { path: '/zh/jobs?restart=1' },
  { path: '/api/build' },
  { path: '/api/product/cvm/quote', body: QUOTE },
];

/** `clients` visitors on kept-alive connections, each asking one thing after another until stopped. */
function startLoad(origin: string, clients: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
  let answered = 0;
  const failures: string[] = [];
  let stopped = false;
  const waiters: { count: number; resolve: () => void }[] = [];
  const loops = Array.from({ length: clients }, async (_, client) => {
    for (let i = client; !stopped; i += 1) {
      const { path: target, body } = MIX[i % MIX.length] as (typeof MIX)[number];
      const status = await ask(`${origin}${target}`, agent, body).catch((error: Error) => error.message);
      if (status !== 200) failures.push(`${body ? 'POST' : 'GET'} ${target}: ${status}`);
      answered += 1;
      for (const waiter of waiters.filter((w) => answered >= w.count)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    }
  });
  return {
    get answered() {
      return answered;
    },
    /** Resolves once `more` further requests have their answer. */
    more(more: number): Promise<void> {
      return new Promise((resolve) => waiters.push({ count: answered + more, resolve }));
    },
    async stop() {
      stopped = true;
      await Promise.all(loops);
      agent.destroy();
      return { answered, failures };
    },
  };
}

test('one of two instances behind nginx restarts under load and no request fails', async () => {
  test.setTimeout(300_000);
  first = await startInstance('e2e-ops', base + 35);
  // On the first one's database: stopping it leaves the database running.
  second = await startInstance('e2e-ops-b', base + 36, { databaseUrl: first.databaseUrl });
  nginx = await startNginx(base + 37, [base + 35, base + 36]);

  const load = startLoad(`http://127.0.0.1:${base + 37}`, 6);
  await load.more(120);
  const stopping = Date.now();
  await second.close();
  const stopMs = Date.now() - stopping;
  const duringStop = load.answered;
  // The first instance alone, then both again.
  await load.more(60);
  second = await startInstance('e2e-ops-b', base + 36, { databaseUrl: first.databaseUrl });
  await load.more(120);
  const { answered, failures } = await load.stop();

  console.log(
    `operations: restart of one of two instances: ${answered} requests, ${failures.length} failed; stop took ${stopMs} ms (${duringStop} answered before it ended)`,
  );
  expect(failures).toEqual([]);
  expect(answered).toBeGreaterThan(300);
});
