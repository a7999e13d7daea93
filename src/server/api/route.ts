import 'server-only';
import { isDeepStrictEqual } from 'node:util';
import { type Context, Hono, type MiddlewareHandler } from 'hono';
import type { z } from 'zod';
import type { Permission } from '@/lib/admin/permissions';
import { requireStaff } from '../admin/sessions';
import { requireSession } from '../auth/sessions';
import type { AppEnv } from './context';
import { BusinessCode } from './errors';
import { jsonBody, parseWith, queryInput } from './input';
import type { HttpMethod, RouteAuth, TaggedRouteDoc } from './openapi/describe';

/**
 * Who may call a route. A staff route cannot be declared without the permission the server checks
 * (docs/product/roles.md), and the role matrix test walks every one of them as every role.
 */
type Access =
  | { auth: 'staff'; permission: Permission; onSignedOut?: never }
  | {
      auth: 'customer';
      permission?: never;
      /** What the route does besides refusing a visitor without a session (GET /api/auth/me clears its cookies). */
      onSignedOut?: (c: Context<AppEnv>) => void;
    }
  | { auth?: Exclude<RouteAuth, 'staff' | 'customer'>; permission?: never; onSignedOut?: never };

type Schema = z.ZodType | undefined;
type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

/** What a handler answers: the envelope's `message` as its schema takes it, or a whole Response of its own. */
type Answer<R> = R extends z.ZodType ? z.input<R> : never;

export type RouteSpec<P extends Schema, Q extends Schema, B extends Schema, R extends Schema> = Access & {
  method: HttpMethod;
  /** The Hono pattern under /api: `/admin/staff/:id`. */
  path: string;
  summary: string;
  description?: string;
  params?: P;
  query?: Q;
  body?: B;
  /** Middleware run after the access check and before the input is read (a rate limit). */
  use?: MiddlewareHandler<AppEnv>[];
  /** Failures beyond those the input, the access check and the API itself bring (404, 409, 429…). */
  errors?: number[];
  /** Overrides the router's tag. */
  tag?: string;
} & (
    | {
        /** The schema of `message` in the success answer (`z.null()` when there is none). */
        response: R;
        raw?: never;
      }
    | {
        response?: never;
        /** The answer is not the envelope (the OpenAPI document, the metrics, a CSV export). */
        raw: { mediaType: string; description: string };
      }
  );

type Input<P, Q, B> = { params: Parsed<P>; query: Parsed<Q>; body: Parsed<B> };
type Handler<P, Q, B, R> = (
  c: Context<AppEnv>,
  input: Input<P, Q, B>,
) => Promise<Answer<R> | Response> | Answer<R> | Response;

/**
 * In the tests every envelope answer is checked against the schema the document publishes, so a schema cannot
 * drift from what the handler sends: a field it does not name, or one of another type, fails the test that
 * called it (docs/decisions/051-openapi.md).
 */
const CHECK_ANSWERS = process.env.NODE_ENV === 'test';

function checkAnswer(doc: TaggedRouteDoc, schema: z.ZodType, message: unknown): void {
  const sent: unknown = JSON.parse(JSON.stringify(message ?? null));
  const parsed = schema.safeParse(sent);
  const problem = !parsed.success
    ? parsed.error.issues.map((i) => `${i.path.join('.') || '(message)'}: ${i.message}`).join('; ')
    : isDeepStrictEqual(JSON.parse(JSON.stringify(parsed.data ?? null)), sent)
      ? undefined
      : 'the answer holds fields its schema does not name';
  if (problem) {
    const text = `answer of ${doc.method.toUpperCase()} /api${doc.path} does not match its schema: ${problem}`;
    console.error(text);
    throw new Error(text);
  }
}

/**
 * The success answer: `{code: 2000, message}`, written here for every route (and kept as such with a payment
 * notification, whose replay answers the same).
 */
export function successEnvelope<M>(message: M): { code: typeof BusinessCode.ok; message: M } {
  return { code: BusinessCode.ok, message };
}

/**
 * A router whose routes are declared once: the handler, the access it needs, the schemas of what it reads and
 * answers, and its description in /api/openapi.json are one object. The handler gets its input parsed through the
 * one input gate (src/server/api/input.ts) and answers the `message`; the `{code: 2000, message}` envelope is
 * written here and nowhere else.
 */
export class ApiRouter {
  readonly hono = new Hono<AppEnv>();
  readonly docs: TaggedRouteDoc[] = [];

  constructor(readonly tag: string) {}

  route<
    P extends Schema = undefined,
    Q extends Schema = undefined,
    B extends Schema = undefined,
    R extends Schema = undefined,
  >(spec: RouteSpec<P, Q, B, R>, handler: Handler<P, Q, B, R>): this {
    const { use = [], onSignedOut, ...rest } = spec;
    const doc = { ...rest, tag: spec.tag ?? this.tag } as TaggedRouteDoc;
    this.docs.push(doc);
    const access: MiddlewareHandler<AppEnv>[] =
      spec.auth === 'staff'
        ? [requireStaff(spec.permission)]
        : spec.auth === 'customer'
          ? [requireSession({ onSignedOut })]
          : [];
    const response = spec.response;
    this.hono.on([spec.method.toUpperCase()], [spec.path], ...access, ...use, async (c) => {
      const input = {
        params: spec.params ? parseWith(spec.params, c.req.param()) : undefined,
        query: spec.query ? queryInput(c, spec.query) : undefined,
        body: spec.body ? await jsonBody(c, spec.body) : undefined,
      } as Input<P, Q, B>;
      const answer = await handler(c, input);
      if (answer instanceof Response) return answer;
      if (CHECK_ANSWERS && response) checkAnswer(doc, response, answer);
      return c.json(successEnvelope(answer ?? null));
    });
    return this;
  }

  /** Routes of another router under this one (an area split over files). */
  include(other: ApiRouter): this {
    this.hono.route('/', other.hono);
    this.docs.push(...other.docs);
    return this;
  }
}

export function apiRouter(tag: string): ApiRouter {
  return new ApiRouter(tag);
}
