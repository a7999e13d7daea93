import 'server-only';
import type { Database } from '../../db/client';
import { bearerMatches } from '../../metrics/access';
import { aggregatedByPrimary, answerPrimary, askPrimary } from '../../metrics/cluster';
import { collectDatabaseGauges } from '../../metrics/database';
import { metrics, renderMetrics } from '../../metrics/registry';
import { ApiError, BusinessCode, notFound } from '../errors';
import { apiRouter } from '../route';

/** Answers the primary's collection with this process's metrics, the gauges of `db` refreshed first. */
export function answerPrimaryFrom(db: Database): void {
  answerPrimary(async () => {
    await collectDatabaseGauges(db);
    return metrics().registry.getMetricsAsJSON();
  });
}

/**
 * GET /api/metrics: this process's metrics in Prometheus's text format, for the operators' scraper
 * (docs/decisions/052-metrics.md). The token is the app's (`metricsToken`, METRICS_TOKEN unless the app was made
 * with another); without one the endpoint does not exist.
 */
export const metricsRouter = apiRouter('Operations').route(
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
  async (c) => {
    const expected = c.get('metricsToken');
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
    await collectDatabaseGauges(c.get('db'));
    const { body } = await renderMetrics();
    return c.body(body, 200, headers);
  },
);
