import 'server-only';
import { Hono } from 'hono';
import { env } from '@/env';
import type { Database } from '../../db/client';
import { bearerMatches } from '../../metrics/access';
import { aggregatedByPrimary, answerPrimary, askPrimary } from '../../metrics/cluster';
import { collectDatabaseGauges } from '../../metrics/database';
import { metrics, renderMetrics } from '../../metrics/registry';
import type { AppEnv } from '../context';
import { ApiError, BusinessCode, notFound } from '../errors';
import { describeRoutes } from '../openapi/describe';

/**
 * GET /api/metrics: this process's metrics in Prometheus's text format, for the operators' scraper
 * (docs/decisions/052-metrics.md). `token` is the configured METRICS_TOKEN; without one the endpoint does not exist.
 */
export function createMetricsRouter(db: Database, token: () => string | undefined = () => env().METRICS_TOKEN) {
  const ownMetrics = async () => {
    await collectDatabaseGauges(db);
    return metrics().registry.getMetricsAsJSON();
  };
  answerPrimary(ownMetrics);
  const router = new Hono<AppEnv>();
  router.get('/metrics', async (c) => {
    const expected = token();
    if (expected === undefined) throw notFound();
    if (!bearerMatches(c.req.header('authorization'), expected)) {
      throw new ApiError(BusinessCode.unauthorized, 'api.unauthorized', {
        headers: { 'WWW-Authenticate': 'Bearer realm="metrics"' },
      });
    }
    const headers = { 'content-type': metrics().registry.contentType, 'cache-control': 'no-store' };
    // Several workers share this instance's port: the primary sums them, else this process answers alone.
    const instance = aggregatedByPrimary() ? await askPrimary() : null;
    if (instance !== null) return c.body(instance, 200, headers);
    await collectDatabaseGauges(db);
    const { body } = await renderMetrics();
    return c.body(body, 200, headers);
  });
  return router;
}

export const metricsDocs = describeRoutes('Operations', [
  {
    method: 'get',
    path: '/metrics',
    summary: "This instance's metrics (Prometheus text format)",
    description:
      'Each instance answers for itself (docs/operations-metrics.md). 404 when METRICS_TOKEN is not configured.',
    auth: 'metricsToken',
    errors: [404],
    raw: { mediaType: 'text/plain', description: 'The Prometheus text exposition format (version 0.0.4).' },
  },
]);
