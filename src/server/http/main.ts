import 'server-only';
/**
 * The production server's entry point, run by src/server/build/next-process.ts as
 * `node --import tsx --conditions=react-server src/server/http/main.ts` (docs/decisions/050-production-server-in-src.md):
 * one process, or a primary and its workers (workers.ts), each serving the site (site-server.ts).
 */
// First: the fast paths' clock, before anything loads Next (which wraps Date.now).
import './clock';
import cluster from 'node:cluster';
import { startSiteServer } from './site-server';
import { runPrimary, workerCount } from './workers';

const count = workerCount();
if (cluster.isPrimary && count > 1) {
  runPrimary(count);
} else {
  startSiteServer().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
