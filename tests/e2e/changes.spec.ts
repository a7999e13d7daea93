import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { expect, test } from './fixtures';
import { type Instance, startInstance } from './instances';

/**
 * An operator's change reaches every instance within 2 s (docs/decisions/040-changes-reach-every-instance.md):
 * two instances on one database, behind a round-robin proxy as a load balancer would put them, and the data
 * changed in the database with the notification src/server/changes/bus.ts sends, in the same transaction. Both
 * instances run on a database of their own (the first one's), not the e2e server's: the other specs, running
 * beside this one, read the announcements the change touches. Desktop project only (playwright.config.ts).
 */
let first: Instance;
let second: Instance;
let proxy: Server;
let proxyPort = 0;

/** What one answer through the proxy was: which instance gave it, its status, headers and body. */
type Answer = {
  upstream: string;
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
};

/** A tiny load balancer: each request goes to the next instance in turn; the answer says which (x-upstream). */
function startProxy(upstreams: number[]): Promise<Server> {
  let turn = 0;
  const server = createServer((req, res) => {
    const port = upstreams[turn % upstreams.length] as number;
    turn += 1;
    const inner = request(
      {
        host: '127.0.0.1',
        port,
        path: req.url,
        method: req.method,
        headers: { ...req.headers, host: `localhost:${port}` },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'x-upstream': String(port) });
        answer.pipe(res);
      },
    );
    inner.on('error', () => res.writeHead(502).end());
    req.pipe(inner);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** One request through the proxy, as a visitor's browser would send it (its language settled, no cookie). */
function viaProxy(path: string, options: { method?: string; body?: string } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { 'accept-language': 'en-US,en;q=0.9' };
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const asked = request(
      { host: '127.0.0.1', port: proxyPort, path, method: options.method ?? 'GET', headers, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            upstream: String(res.headers['x-upstream']),
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', reject);
      },
    );
    asked.on('error', reject);
    asked.end(options.body);
  });
}

/** The ways a visitor sees an announcement title: the ticker on kept pages and on a 404 page, and the API. */
const VIEWS: { name: string; ask: () => Promise<Answer> }[] = [
  { name: 'the English home page', ask: () => viaProxy('/') },
  { name: 'the Japanese home page', ask: () => viaProxy('/ja') },
  { name: 'a Japanese 404 page', ask: () => viaProxy('/ja/no-such-page') },
  {
    name: 'the announcements API',
    ask: () => viaProxy('/api/finance/message/searchAnnounce', { method: 'POST', body: '{"language":"ja","row":3}' }),
  },
];

/**
 * Asks every view through the proxy until each instance has shown `shows` in it (true) or `deadlineMs` passes;
 * gives, per view, the time from `since` until the last instance showed it.
 */
async function whenEveryInstanceShows(
  shows: (body: string) => boolean,
  since: number,
  deadlineMs: number,
): Promise<Record<string, number>> {
  const reached: Record<string, number> = {};
  // Each view on its own, as visitors would ask at once; two requests in a row reach both instances.
  await Promise.all(
    VIEWS.map(async (view) => {
      const seen = new Set<string>();
      while (Date.now() - since < deadlineMs) {
        for (const answer of [await view.ask(), await view.ask()]) if (shows(answer.body)) seen.add(answer.upstream);
        if (seen.size === 2) {
          reached[view.name] = Date.now() - since;
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }),
  );
  return reached;
}

/** Runs `change` in a transaction that also announces it, exactly as bus.ts does; resolves at its commit. */
async function changeAndAnnounce(db: pg.Client, change: (db: pg.Client) => Promise<void>): Promise<number> {
  await db.query('begin');
  try {
    await change(db);
    const payload = JSON.stringify({ kinds: ['announcements'], at: Date.now() });
    await db.query('select pg_notify($1, $2)', ['cirrus_changes', payload]);
    await db.query('commit');
  } catch (error) {
    await db.query('rollback');
    throw error;
  }
  return Date.now();
}

async function withDatabase<T>(run: (db: pg.Client) => Promise<T>): Promise<T> {
  const db = new pg.Client({ connectionString: first.databaseUrl });
  await db.connect();
  try {
    return await run(db);
  } finally {
    await db.end();
  }
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(300_000);
  const base = Number(process.env.E2E_PORT ?? 3210);
  first = await startInstance('e2e-changes', base + 90);
  second = await startInstance('e2e-changes-b', base + 91, { databaseUrl: first.databaseUrl });
  proxy = await startProxy([base + 90, base + 91]);
  proxyPort = (proxy.address() as AddressInfo).port;
});

test.afterAll(async () => {
  proxy?.close();
  await second?.close();
  await first?.close();
});

/**
 * The bound these specs hold every view to: seconds, as a visitor would notice. Decision 040's 2 s target is the
 * changes benchmark's to measure; this spec polls four views at once on instances sharing two cores, and on a
 * machine busy with other work its pages take up to 3 s (docs/decisions/040-changes-reach-every-instance.md).
 */
const REACH_LIMIT_MS = 4_000;

test('a changed announcement title is on every instance within seconds, and stays', async () => {
  test.setTimeout(90_000);
  // Both instances keep both home pages in memory before the change: that is what must be let go.
  for (const path of ['/', '/ja']) {
    await expect
      .poll(
        async () => {
          const [a, b] = [await viaProxy(path), await viaProxy(path)];
          return [a, b].map((answer) => answer.headers['x-document-cache']).join(' ');
        },
        { timeout: 30_000 },
      )
      .toBe('hit hit');
  }
  await withDatabase(async (db) => {
    const newest = await db.query<{ id: number; locale: string; title: string }>(
      `select t.announcement_id as id, t.locale, t.title from announcement_translations t
         where t.announcement_id = (select id from announcements order by published_at desc, id desc limit 1)
           and t.locale in ('en', 'ja')`,
    );
    const before = newest.rows;
    expect(before).toHaveLength(2);
    const stamp = Date.now().toString(36);
    const titleFor = (locale: string) => `Changed ${locale} title ${stamp}`;
    try {
      const committed = await changeAndAnnounce(db, async (tx) => {
        for (const row of before) {
          await tx.query('update announcement_translations set title = $1 where announcement_id = $2 and locale = $3', [
            titleFor(row.locale),
            row.id,
            row.locale,
          ]);
        }
      });
      // The English page shows the English title, every Japanese view the Japanese one.
      const reached = await whenEveryInstanceShows(
        (body) => body.includes(titleFor('ja')) || body.includes(titleFor('en')),
        committed,
        10_000,
      );
      console.log(`[changes] commit to every instance, per view (ms): ${JSON.stringify(reached)}`);
      for (const view of VIEWS) expect(reached[view.name], view.name).toBeLessThan(REACH_LIMIT_MS);

      // No instance flips back to a copy from before the change.
      for (let i = 0; i < 20; i += 1) {
        const answer = await viaProxy('/ja');
        expect(answer.body, `request ${i + 1} (${answer.upstream})`).toContain(titleFor('ja'));
      }
      for (let i = 0; i < 20; i += 1) {
        const answer = await viaProxy('/');
        expect(answer.body, `request ${i + 1} (${answer.upstream})`).toContain(titleFor('en'));
      }
    } finally {
      await changeAndAnnounce(db, async (tx) => {
        for (const row of before) {
          await tx.query('update announcement_translations set title = $1 where announcement_id = $2 and locale = $3', [
            row.title,
            row.id,
            row.locale,
          ]);
        }
      });
    }
  });
});

test('an announcement scheduled 3 s ahead appears on every instance within seconds of its time', async () => {
  test.setTimeout(90_000);
  const title = `Scheduled ${Date.now().toString(36)}`;
  await withDatabase(async (db) => {
    let id: number | undefined;
    try {
      let due = 0;
      // Scheduling is itself a change, announced like any other: every instance arms its timer on it.
      await changeAndAnnounce(db, async (tx) => {
        const row = await tx.query<{ id: number; due: string }>(
          `insert into announcements (category, published_at) values ('maintenance', now() + interval '3 seconds')
             returning id, (extract(epoch from published_at) * 1000)::float8 as due`,
        );
        id = row.rows[0]?.id;
        due = Number(row.rows[0]?.due);
        for (const locale of ['en', 'ja']) {
          await tx.query(
            'insert into announcement_translations (announcement_id, locale, title, body) values ($1, $2, $3, $4)',
            [id, locale, `${title} ${locale}`, 'Body.'],
          );
        }
      });
      // Not shown before its time.
      while (Date.now() < due - 500) {
        const answer = await viaProxy('/ja');
        expect(answer.body, `before its time (${answer.upstream})`).not.toContain(title);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - Date.now())));
      const reached = await whenEveryInstanceShows((body) => body.includes(title), due, 10_000);
      console.log(`[changes] publication time to every instance, per view (ms): ${JSON.stringify(reached)}`);
      for (const view of VIEWS) expect(reached[view.name], view.name).toBeLessThan(REACH_LIMIT_MS);
    } finally {
      if (id !== undefined) {
        await changeAndAnnounce(db, async (tx) => {
          await tx.query('delete from announcements where id = $1', [id]);
        });
      }
    }
  });
});
