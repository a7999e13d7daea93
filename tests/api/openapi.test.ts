import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { API_TYPES_FILE, apiTypes } from '../../scripts/lib/api-types';
import { openApiPath } from '../../src/server/api/openapi/document';
import { call, testApp } from '../support/api';

// GET /api/openapi.json (docs/decisions/051-openapi.md): every route of the app described, nothing more, and the
// document valid OpenAPI 3.1.

const app = testApp();

type JsonSchema = Record<string, unknown>;
type Operation = {
  operationId: string;
  parameters?: { name: string; in: string; required: boolean; schema: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, unknown> & {
    200: { content: Record<string, { schema: { properties?: { message?: JsonSchema } } }> };
  };
  security?: Record<string, string[]>[];
  tags: string[];
};
type Document = { openapi: string; paths: Record<string, Record<string, Operation>> };

async function fetchDocument() {
  const res = await call(app, 'GET', '/api/openapi.json');
  expect(res.status).toBe(200);
  return { res, doc: JSON.parse(res.text) as Document };
}

/** `GET /api/x/{id}` for every route of the app; middleware (`use`, registered as ALL) is not a route. */
function appRoutes(): Set<string> {
  return new Set(
    app.routes.filter((r) => r.method !== 'ALL').map((r) => `${r.method} ${openApiPath(r.path).replace(/\/$/, '')}`),
  );
}

function documentedRoutes(doc: Document): Set<string> {
  const found = new Set<string>();
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const method of Object.keys(operations)) found.add(`${method.toUpperCase()} ${path}`);
  }
  return found;
}

describe('the OpenAPI document', () => {
  it('describes every route of the app, and only those', async () => {
    const { doc } = await fetchDocument();
    const routes = appRoutes();
    const documented = documentedRoutes(doc);
    expect(routes.size).toBeGreaterThan(100);
    expect([...routes].filter((r) => !documented.has(r))).toEqual([]);
    expect([...documented].filter((r) => !routes.has(r))).toEqual([]);
  });

  it('names every operation once', async () => {
    const { doc } = await fetchDocument();
    const ids = Object.values(doc.paths).flatMap((operations) =>
      Object.values(operations).map((operation) => operation.operationId),
    );
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('is valid OpenAPI 3.1', async () => {
    const { doc } = await fetchDocument();
    expect(doc.openapi).toBe('3.1.0');
    const validator = new Validator();
    const result = await validator.validate(doc as unknown as Parameters<Validator['validate']>[0]);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it("passes Redocly's recommended rules without an error", async () => {
    const { res } = await fetchDocument();
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: res.text, absoluteRef: 'openapi.json', config });
    const errors = problems
      .filter((p) => p.severity === 'error')
      .map((p) => `${p.ruleId} at ${p.location[0]?.pointer ?? '?'}: ${p.message}`);
    expect(errors).toEqual([]);
  });

  it('is the raw document, public and cacheable, with no secret in it', async () => {
    const { res } = await fetchDocument();
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    expect(res.text).not.toContain(process.env.PAYMENT_WEBHOOK_SECRET ?? 'unset');
    expect(res.text).not.toContain('"code":2000,"message"');
  });

  it('takes parameters and bodies from the schemas the handlers parse with', async () => {
    const { doc } = await fetchDocument();
    const update = doc.paths['/api/admin/staff/{id}']?.put;
    expect(update?.parameters).toEqual([
      expect.objectContaining({ name: 'id', in: 'path', required: true, schema: expect.objectContaining({}) }),
    ]);
    expect(update?.requestBody?.content['application/json']?.schema).toHaveProperty('properties');
    expect(update?.security).toEqual([{ staffSession: [], csrfToken: [] }]);
    expect(Object.keys(update?.responses ?? {})).toEqual(
      expect.arrayContaining(['200', '401', '403', '404', '409', '422', '500', '503']),
    );
    expect(doc.paths['/api/admin/staff']?.get?.security).toEqual([{ staffSession: [] }]);

    const search = doc.paths['/api/doc/search']?.get;
    expect(search?.parameters?.map((p) => p.name).sort()).toEqual(['language', 'limit', 'q']);
    expect(search?.security).toEqual([]);

    const claim = doc.paths['/api/ac/coupon/receive']?.post;
    expect(claim?.security).toEqual([{ customerSession: [], csrfToken: [] }]);
    expect(claim?.requestBody?.content['application/json']?.schema).toMatchObject({ required: ['couponId'] });

    expect(doc.paths['/api/metrics']?.get?.security).toEqual([{ metricsToken: [] }]);
    expect(doc.paths['/api/admin/orders/export']?.get?.responses['200']).toMatchObject({
      content: { 'text/csv': {} },
    });
  });

  it('types the message of every success answer', async () => {
    const { doc } = await fetchDocument();
    const untyped: string[] = [];
    let envelopes = 0;
    for (const [route, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const message = operation.responses[200].content['application/json']?.schema.properties?.message;
        // The raw answers (this document, the metrics, a CSV export) have no envelope.
        if (message === undefined) continue;
        envelopes += 1;
        if (Object.keys(message).length === 0) untyped.push(`${method.toUpperCase()} ${route}`);
      }
    }
    expect(envelopes).toBeGreaterThan(100);
    // Every route, public and back office, is declared with its answer schema (src/server/api/route.ts).
    expect(untyped).toEqual([]);
  });

  it('is what the committed client types were made from (npm run api:types)', async () => {
    const committed = readFileSync(path.resolve(import.meta.dirname, '../..', API_TYPES_FILE), 'utf8');
    expect(await apiTypes(), `${API_TYPES_FILE} is out of date: run npm run api:types`).toBe(committed);
  });
});
