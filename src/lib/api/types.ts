import type { paths } from './openapi';

/**
 * The `message` of a route's success answer as GET /api/openapi.json describes it (src/lib/api/openapi.d.ts,
 * `npm run api:types`): `ApiMessage<'/api/finance/order-server/order/get', 'post'>` is the order the call answers.
 */
export type ApiMessage<Path extends keyof paths, Method extends keyof paths[Path]> = paths[Path][Method] extends {
  responses: { 200: { content: { 'application/json': { message: infer M } } } };
}
  ? M
  : never;
