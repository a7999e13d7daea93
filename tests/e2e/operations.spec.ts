import { expect, test } from './fixtures';

// The operators' endpoints through the production server (docs/decisions/051-openapi.md, 052-metrics.md).

test('the API description is served by the production server; the metrics are off without a token', async ({
  request,
}) => {
  const description = await request.get('/api/openapi.json');
  expect(description.status()).toBe(200);
  expect(description.headers()['cache-control']).toBe('public, max-age=300');
  const document = (await description.json()) as { openapi: string; paths: Record<string, unknown> };
  expect(document.openapi).toBe('3.1.0');
  expect(Object.keys(document.paths)).toContain('/api/cvm/area/search');

  const metrics = await request.get('/api/metrics', { headers: { authorization: 'Bearer anything-at-all-here' } });
  expect(metrics.status()).toBe(404);
  expect(await metrics.json()).toEqual({ code: 4040, message: 'api.notFound' });
});
