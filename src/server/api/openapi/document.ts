import 'server-only';
import { z } from 'zod';
import { WEBHOOK_EVENTS, WEBHOOK_SIGNATURE_SCHEME } from '@/lib/webhooks/events';
import { BusinessCode } from '../errors';
import type { RouteAuth, TaggedRouteDoc } from './describe';

type JsonSchema = Record<string, unknown>;
type Operation = Record<string, unknown>;

/** The JSON Schema (2020-12, OpenAPI 3.1's dialect) of what a client sends: the input side of transforms and pipes. */
export function inputSchema(schema: z.ZodType): JsonSchema {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  return json;
}

function outputSchema(schema: z.ZodType): JsonSchema {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }) as JsonSchema;
  return json;
}

/** Hono's `/admin/staff/:id` as OpenAPI's `/admin/staff/{id}`. */
export function openApiPath(honoPath: string): string {
  return honoPath.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

const REASONS: Record<number, string> = {
  400: 'Malformed JSON body (4001, `api.malformedJson`).',
  401: 'Not signed in, or the session ended (4010).',
  403: 'Forbidden (4030): a cross-site write, a missing or wrong CSRF token, a permission the role lacks, a wrong key.',
  404: 'Not found (4040).',
  405: 'The path exists with another method (4050); `Allow` lists them.',
  409: 'Conflict (4090: the row changed since it was read, or a duplicate; 4100: sold out). May carry the current row.',
  413: 'Body over 100 KiB (4130).',
  415: 'A body that is not `application/json` (4150).',
  422: 'Invalid input (4001): `fields` maps each field (dotted path) to the i18n key of its problem.',
  429: 'Rate limited (4290); `Retry-After` says when to try again.',
  500: 'Unexpected failure (5000); nothing about it is in the answer, the log has it.',
  503: 'A dependency (the database) is down or read-only (5030); `Retry-After` says when to try again.',
};

/** The shared description of a failure status, in components.responses. */
const responseName = (status: number) => (status === 422 ? 'InvalidInput' : `Failure${status}`);

/** What each kind of caller adds to the possible failures. */
const AUTH_ERRORS: Record<RouteAuth, number[]> = {
  none: [],
  customerOptional: [],
  customer: [401, 403],
  staff: [401, 403],
  chatKey: [403, 429],
  paymentSignature: [401],
  metricsToken: [401],
};

/** Who may call: `[]` says "anyone" in so many words (a route that says nothing is read as forgotten). */
const AUTH_SECURITY: Record<RouteAuth, (write: boolean) => object[]> = {
  none: () => [],
  customerOptional: () => [{}, { customerSession: [] }],
  customer: (write) => [write ? { customerSession: [], csrfToken: [] } : { customerSession: [] }],
  staff: (write) => [write ? { staffSession: [], csrfToken: [] } : { staffSession: [] }],
  chatKey: () => [],
  paymentSignature: () => [{ paymentSignature: [] }],
  metricsToken: () => [{ metricsToken: [] }],
};

const AUTH_NOTES: Partial<Record<RouteAuth, string>> = {
  customerOptional: 'A customer session cookie, when sent, adds what that customer holds.',
  chatKey:
    'The chat widget key (CHAT_WIDGET_KEY, published to the page) is sent in the body as `key`; a wrong one is 4030.',
};

/** The parameters of one location, read from an object schema's properties. */
function parametersOf(where: 'path' | 'query', schema: z.ZodType | undefined, names: string[] = []) {
  const json = schema ? inputSchema(schema) : {};
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required ?? []) as string[]);
  const all = where === 'path' ? names : Object.keys(properties);
  return all.map((name) => {
    const { description, ...property } = properties[name] ?? { type: 'string' };
    return {
      name,
      in: where,
      required: where === 'path' || required.has(name),
      ...(description ? { description } : {}),
      schema: property,
    };
  });
}

function operationOf(doc: TaggedRouteDoc): Operation {
  const auth = doc.auth ?? 'none';
  const write = doc.method !== 'get';
  const pathNames = [...doc.path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1] as string);
  const parameters = [...parametersOf('path', doc.params, pathNames), ...parametersOf('query', doc.query)];

  const statuses = new Set<number>([500, 503, ...AUTH_ERRORS[auth], ...(doc.errors ?? [])]);
  if (doc.params || doc.query || doc.body) statuses.add(422);
  if (write) {
    // Every write passes the cross-site and media-type guards and the body limit (src/server/api/app.ts).
    for (const status of [400, 403, 413, 415]) statuses.add(status);
  }

  const success = doc.raw
    ? { description: doc.raw.description, content: { [doc.raw.mediaType]: { schema: {} } } }
    : {
        description: 'Success (2000).',
        content: {
          'application/json': {
            schema: {
              type: 'object',
              required: ['code', 'message'],
              properties: {
                code: { const: BusinessCode.ok },
                message: doc.response ? outputSchema(doc.response) : {},
              },
            },
          },
        },
      };
  const responses: Record<string, unknown> = { 200: success };
  for (const status of [...statuses].sort((a, b) => a - b)) {
    responses[String(status)] = { $ref: `#/components/responses/${responseName(status)}` };
  }

  const notes = [
    doc.description,
    doc.permission ? `Staff permission: \`${doc.permission}\`.` : undefined,
    AUTH_NOTES[auth],
  ].filter(Boolean);
  const security = AUTH_SECURITY[auth](write);
  return {
    operationId: `${doc.method}${openApiPath(doc.path).replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ?? '').toUpperCase())}`,
    summary: doc.summary,
    ...(notes.length > 0 ? { description: notes.join('\n\n') } : {}),
    tags: [doc.tag],
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(doc.body
      ? { requestBody: { required: false, content: { 'application/json': { schema: inputSchema(doc.body) } } } }
      : {}),
    responses,
    security,
  };
}

const failure = {
  type: 'object',
  required: ['code', 'message'],
  properties: {
    code: { type: 'integer', enum: Object.values(BusinessCode).filter((code) => code !== BusinessCode.ok) },
    message: { type: 'string', description: 'An i18n key under `api.` the client shows translated.' },
    fields: {
      type: 'object',
      additionalProperties: { type: 'string' },
      description: 'Invalid input only: field (dotted path) to the i18n key of its problem.',
    },
  },
  additionalProperties: true,
};

/**
 * What the site sends (OpenAPI 3.1's `webhooks`): one operation per event type, its body `{id, type, createdAt, data}`
 * with `data` from the schema the code builds it with (src/lib/webhooks/events.ts), its headers and the signature
 * scheme, so a receiver can be written from this document alone (docs/decisions/068-refunds-and-credit-notes.md).
 */
function webhooksOf() {
  const header = (name: string, description: string) => ({
    name,
    in: 'header',
    required: true,
    description,
    schema: { type: 'string' },
  });
  return Object.fromEntries(
    Object.entries(WEBHOOK_EVENTS).map(([type, event]) => [
      type,
      {
        post: {
          summary: event.summary,
          description: WEBHOOK_SIGNATURE_SCHEME,
          operationId: `webhook_${type.replace(/\W/g, '_')}`,
          tags: ['Webhooks'],
          security: [{ webhookSignature: [] }],
          parameters: [
            header('Cirrus-Event-Id', 'the event id, the same on every retry: de-duplicate on it'),
            header('Cirrus-Event-Type', `\`${type}\``),
            header('Cirrus-Signature', '`t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`'),
          ],
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: outputSchema(
                  z.object({
                    id: z.string().describe('the event id (a UUID)'),
                    type: z.literal(type),
                    createdAt: z.string().describe('ISO 8601'),
                    data: event.data,
                  }),
                ),
              },
            },
          },
          responses: { '200': { description: 'Handled: any 2xx. Anything else, or no answer, is retried.' } },
        },
      },
    ]),
  );
}

/**
 * The OpenAPI 3.1 document of /api, made from the routes' descriptions (docs/decisions/051-openapi.md). Pure: the
 * same descriptions give the same document, so it is built once per process.
 */
export function openApiDocument(routes: TaggedRouteDoc[], info: { version: string }) {
  const paths: Record<string, Record<string, Operation>> = {};
  for (const doc of routes) {
    const path = `/api${openApiPath(doc.path)}`;
    paths[path] ??= {};
    (paths[path] as Record<string, Operation>)[doc.method] = operationOf(doc);
  }
  const tags = [...new Set(routes.map((doc) => doc.tag))].map((name) => ({ name }));
  return {
    openapi: '3.1.0',
    info: {
      title: 'Storefront API',
      version: info.version,
      description:
        'Every answer but this document, the metrics and the CSV export is `{code, message}`: `code` 2000 with the ' +
        'result in `message`, or a failure code with an i18n key in `message` (docs/product/back-office-api.md).',
    },
    // The site's own origin: the document describes the API of the instance that serves it.
    servers: [{ url: '/', description: 'This site' }],
    tags: [...tags, { name: 'Webhooks', description: WEBHOOK_SIGNATURE_SCHEME }],
    paths,
    webhooks: webhooksOf(),
    components: {
      schemas: { Failure: failure },
      responses: {
        ...Object.fromEntries(
          Object.entries(REASONS)
            .filter(([status]) => status !== '422')
            .map(([status, description]) => [
              responseName(Number(status)),
              { description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Failure' } } } },
            ]),
        ),
        InvalidInput: {
          description: REASONS[422],
          content: {
            'application/json': {
              schema: { allOf: [{ $ref: '#/components/schemas/Failure' }, { required: ['fields'] }] },
            },
          },
        },
      },
      securitySchemes: {
        customerSession: { type: 'apiKey', in: 'cookie', name: 'sid', description: 'A customer session (HttpOnly).' },
        staffSession: { type: 'apiKey', in: 'cookie', name: 'staff_sid', description: 'A staff session (HttpOnly).' },
        csrfToken: {
          type: 'apiKey',
          in: 'header',
          name: 'x-csrf-token',
          description: "The session's CSRF token, given at sign-in; required on every write of a session.",
        },
        paymentSignature: {
          type: 'apiKey',
          in: 'header',
          name: 'cirrus-signature',
          description: 'HMAC-SHA256 over the timestamp and the raw body with PAYMENT_WEBHOOK_SECRET.',
        },
        metricsToken: { type: 'http', scheme: 'bearer', description: 'METRICS_TOKEN of the instance.' },
        webhookSignature: {
          type: 'apiKey',
          in: 'header',
          name: 'cirrus-signature',
          description: `What the site signs its events with. ${WEBHOOK_SIGNATURE_SCHEME}`,
        },
      },
    },
  };
}
