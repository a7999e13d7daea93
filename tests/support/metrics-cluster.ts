/**
 * A primary with two workers, as the production server runs them, for src/server/metrics/cluster.test.ts: each
 * worker counts its own requests (3 and 6), the first one asks for the instance's metrics, the primary prints them.
 */
import cluster from 'node:cluster';
import { aggregateWorkerMetrics, answerPrimary, askPrimary } from '../../src/server/metrics/cluster';
import { metrics, observeApiRequest } from '../../src/server/metrics/registry';

if (cluster.isPrimary) {
  aggregateWorkerMetrics();
  const first = cluster.fork();
  cluster.fork();
  let ready = 0;
  cluster.on('message', (_worker, message: unknown) => {
    if (message === 'ready' && ++ready === 2) first.send('scrape');
    if (typeof message === 'object' && message !== null && 'scraped' in message) {
      process.stdout.write(String((message as { scraped: unknown }).scraped));
      for (const worker of Object.values(cluster.workers ?? {})) worker?.kill();
    }
  });
  setTimeout(() => process.exit(1), 20_000).unref();
} else {
  answerPrimary(() => metrics().registry.getMetricsAsJSON());
  const id = cluster.worker?.id ?? 0;
  for (let i = 0; i < id * 3; i++) observeApiRequest('GET', '/api/x/:id', 200, 0.001);
  metrics().outboxPending.set({ outbox: 'mail' }, 5);
  process.on('message', async (message) => {
    if (message === 'scrape') process.send?.({ scraped: await askPrimary() });
  });
  process.send?.('ready');
}
