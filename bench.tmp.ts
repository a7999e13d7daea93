import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from './src/server/api/context';
import { queryInput } from './src/server/api/input';
import { apiRouter } from './src/server/api/route';

const query = z.object({ language: z.string().max(16).optional() });
const list = Array.from({ length: 8 }, (_, i) => ({ id: `r${i}`, name: `Region ${i}`, pct: i }));
const row = z.object({ id: z.string(), name: z.string(), pct: z.number().int() });

const plain = new Hono<AppEnv>();
plain.get('/x', async (c) => {
  const q = queryInput(c, query);
  c.header('cache-control', 'public, max-age=60');
  return c.json({ code: 2000, message: q.language ? list : list });
});
const helper = apiRouter('Bench').route(
  { method: 'get', path: '/x', summary: 'x', query, response: z.array(row) },
  async (c, { query: q }) => {
    c.header('cache-control', 'public, max-age=60');
    return q.language ? list : list;
  },
);

async function run(app: { request: (p: string) => Response | Promise<Response> }, n: number) {
  const t = performance.now();
  for (let i = 0; i < n; i++) await (await app.request('/x?language=en')).text();
  return ((performance.now() - t) * 1000) / n;
}
async function main() {
  const N = 20_000;
  const all = { plain: [] as number[], helper: [] as number[] };
  await run(plain, N); await run(helper.hono, N);
  for (let round = 0; round < 12; round++) {
    const order = round % 2 ? (['helper', 'plain'] as const) : (['plain', 'helper'] as const);
    for (const name of order) all[name].push(await run(name === 'plain' ? plain : helper.hono, N));
  }
  const med = (a: number[]) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)]?.toFixed(1);
  const min = (a: number[]) => Math.min(...a).toFixed(1);
  console.log(`plain median ${med(all.plain)} min ${min(all.plain)} | helper median ${med(all.helper)} min ${min(all.helper)} µs/request`);
  process.exit(0);
}
main();
