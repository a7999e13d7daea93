/**
 * Catalog GET endpoints under load (issue 5): 50 connections for a few seconds each, against a running
 * production server (`npm start`), reporting requests per second and p50 / p99 latency.
 *
 *   BASE_URL=http://localhost:3000 npx tsx bench/catalog-api.ts
 */
import autocannon from 'autocannon';

const base = process.env.BASE_URL ?? 'http://localhost:3000';
const seconds = Number(process.env.BENCH_SECONDS ?? 5);

const ENDPOINTS = [
  '/api/cvm/area/search?language=en',
  '/api/cvm/get/image?regionId=tokyo',
  '/api/cvm/securityGroup/official/search?language=zh',
  '/api/cvm/disk/getDiskProduct?language=ja',
  '/api/cvm/user/getBand?planId=std-2c4g',
  '/api/cvm/user/getFlow',
  '/api/cvm/user/product?regionId=hong-kong&language=en',
  '/api/product/cvm/fastSet/search?regionId=tokyo',
  '/api/cvm/snapshoot/strategy/getAllPublic',
];

async function run(path: string) {
  const result = await autocannon({ url: `${base}${path}`, connections: 50, duration: seconds, pipelining: 1 });
  return {
    path,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

async function main() {
  console.log('| endpoint | req/s | p50 ms | p99 ms | errors |');
  console.log('| --- | --- | --- | --- | --- |');
  for (const path of ENDPOINTS) {
    const r = await run(path);
    console.log(`| \`${r.path}\` | ${r.rps} | ${r.p50} | ${r.p99} | ${r.errors} |`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
