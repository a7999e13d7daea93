import 'server-only';
import type { z } from 'zod';

/**
 * Who may call a route, as the OpenAPI document states it (docs/decisions/051-openapi.md):
 * - `none`: anyone;
 * - `customerOptional`: anyone; a signed-in customer's session cookie, when sent, changes the answer;
 * - `customer`: a customer session (cookie `sid`), and on writes its CSRF token in `x-csrf-token`;
 * - `staff`: a staff session (cookie `staff_sid`), and on writes its CSRF token in `x-csrf-token`;
 * - `chatKey`: the chat widget's key, sent in the body (`key`): OpenAPI has no scheme for a body field;
 * - `paymentSignature`: the customer centre's HMAC signature in the `cirrus-signature` header;
 * - `metricsToken`: the operators' bearer token (METRICS_TOKEN).
 */
export type RouteAuth =
  | 'none'
  | 'customerOptional'
  | 'customer'
  | 'staff'
  | 'chatKey'
  | 'paymentSignature'
  | 'metricsToken';

export type HttpMethod = 'get' | 'post' | 'put' | 'delete' | 'patch';

/**
 * One route of the API as the document describes it: the route helper's declaration (src/server/api/route.ts)
 * without its handler, with the very schemas the input is parsed with, so a route and its description are read and
 * changed together (and tests/api/openapi.test.ts fails when a route has none).
 */
export type RouteDoc = {
  method: HttpMethod;
  /** The Hono pattern under /api, as the router registers it: `/admin/staff/:id`. */
  path: string;
  summary: string;
  description?: string;
  auth?: RouteAuth;
  /** The staff permission the route's access check asks for, named in the description. */
  permission?: string;
  /** Schemas the handler passes to parseWith(…, c.req.param()), queryInput and jsonBody. */
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The schema of `message` in the success answer, where the code has one. */
  response?: z.ZodType;
  /**
   * The success answer is not the `{code, message}` envelope: its media type and a description (the OpenAPI
   * document itself, the metrics exposition, a CSV export).
   */
  raw?: { mediaType: string; description: string };
  /** Failures beyond those the input, the authentication and the API itself bring (404, 409, 429…). */
  errors?: number[];
  /** Overrides the router's tag. */
  tag?: string;
};

export type TaggedRouteDoc = RouteDoc & { tag: string };
