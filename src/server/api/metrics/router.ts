import 'server-only';
import { Hono } from 'hono';
import { env } from '@/env';
import { bearerMatches } from '../../metrics/access';
import { collectDatabaseGauges } from '../../metrics/database';
import { renderMetrics } from '../../metrics/registry';
import type { AppEnv } from '../context';
import { ApiError, BusinessCode, notFound } from '../errors';
import { describeRoutes } from '../openapi/describe';

/**
 * GET /api/metrics: this process's metrics in Prometheus's text format, for the operators' scraper
 * (docs/decisions/052-metrics.md). `token` is the configured METRICS_TOKEN; without one the endpoint does not exist.
 */
export function createMetricsRouter(token: () => string | undefined = () => env().METRICS_TOKEN) {
  const router = new Hono<AppEnv>();
  router.get('/metrics', async (c) => {
    const expected = token();
    if (expected === undefined) throw notFound();
    if (!bearerMatches(c.req.header('authorization'), expected)) {
      throw new ApiError(BusinessCode.unauthorized, 'api.unauthorized', {
        headers: { 'WWW-Authenticate': 'Bearer realm="metrics"' },
      });
    }
    await collectDatabaseGauges(c.get('db'));
    const { contentType, body } = await renderMetrics();
    return c.body(body, 200, { 'content-type': contentType, 'cache-control': 'no-store' });
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
