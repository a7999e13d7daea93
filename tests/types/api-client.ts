/**
 * A client generated from /api/openapi.json (src/lib/api/openapi.d.ts, `npm run api:types`) reads each answer's
 * `message` with its type. Checked by the compiler only (`npm run typecheck`): an answer schema that loses a
 * field, gains one or changes its type fails here (docs/decisions/051-openapi.md).
 */
import type { ApiMessage as Message } from '../../src/lib/api/types';

/** True only when A and B are the same type. */
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Assert<T extends true> = T;

type Region = Message<'/api/cvm/area/search', 'get'>[number];
type ProductLine = Message<'/api/cvm/user/product', 'get'>[number];
type Plan = ProductLine['plans'][number];
type Quote = Message<'/api/product/cvm/quote', 'post'>;

export type AnswerChecks = [
  Assert<
    Same<keyof Region, 'id' | 'countryCode' | 'country' | 'city' | 'networkNote' | 'testIp' | 'priceAdjustmentPct'>
  >,
  Assert<Same<Region['priceAdjustmentPct'], number>>,
  Assert<Same<keyof ProductLine, 'id' | 'name' | 'description' | 'dedicated' | 'plans'>>,
  Assert<Same<ProductLine['dedicated'], boolean>>,
  Assert<Same<Plan['id'], string>>,
  Assert<Same<Plan['monthlyPriceCents'], number>>,
  Assert<Same<Plan['monthlyByRegion'], { [key: string]: number }>>,
  Assert<Same<Plan['regions'], string[]>>,
  Assert<Same<Quote['billing'], 'term' | 'hourly'>>,
  Assert<Same<Quote['hourly'], { rateMicroUsd: number; capMinor: number } | null>>,
  Assert<Same<Quote['lines'][number]['amountMinor'], number>>,
];
