import 'server-only';

/**
 * Business codes of the `{code, message}` contract (docs/product/errors.md#business-codes), each with its HTTP status.
 * `message` of a failure is an i18n key under `api.` that the client turns into a toast (docs/product/errors.md#what-the-visitor-sees).
 */
export const BusinessCode = {
  ok: 2000,
  invalidInput: 4001,
  unauthorized: 4010,
  forbidden: 4030,
  notFound: 4040,
  methodNotAllowed: 4050,
  conflict: 4090,
  soldOut: 4100,
  payloadTooLarge: 4130,
  unsupportedMediaType: 4150,
  tooManyRequests: 4290,
  internal: 5000,
  dependencyDown: 5030,
} as const;
export type BusinessCode = (typeof BusinessCode)[keyof typeof BusinessCode];

const STATUS: Record<BusinessCode, number> = {
  2000: 200,
  4001: 422,
  4010: 401,
  4030: 403,
  4040: 404,
  4050: 405,
  4090: 409,
  4100: 409,
  4130: 413,
  4150: 415,
  4290: 429,
  5000: 500,
  5030: 503,
};

/** Field name -> i18n key of its problem, e.g. `{ email: 'api.field.invalid' }`. */
export type FieldErrors = Record<string, string>;

/** The one error type of the API; `onError` in app.ts maps it to the envelope. */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly status: number;

  constructor(
    readonly code: BusinessCode,
    /** i18n key, e.g. `api.notFound`. */
    readonly messageKey: string,
    options: {
      status?: number;
      fields?: FieldErrors;
      headers?: Record<string, string>;
      /** More of the answer beside code and message, e.g. the row as it is now beside a 409. */
      extra?: Record<string, unknown>;
    } = {},
  ) {
    super(messageKey);
    this.status = options.status ?? STATUS[code];
    this.fields = options.fields;
    this.headers = options.headers;
    this.extra = options.extra;
  }

  readonly fields: FieldErrors | undefined;
  readonly headers: Record<string, string> | undefined;
  readonly extra: Record<string, unknown> | undefined;
}

export const notFound = (key = 'api.notFound') => new ApiError(BusinessCode.notFound, key);
export const invalidInput = (fields: FieldErrors, key = 'api.invalidInput') =>
  new ApiError(BusinessCode.invalidInput, key, { fields });

/**
 * True when PostgreSQL refused a write for a unique key (23505), as thrown by pg or wrapped by Drizzle: the
 * database's answer to a race two checks would both have passed (a second seat, a slug taken meanwhile).
 */
export function isUniqueViolation(error: unknown): boolean {
  return hasSqlState(error, '23505');
}

/**
 * True when PostgreSQL refused a delete because a foreign key still names the row (23503): something the
 * resource's own "what refers to it" check does not know about.
 */
export function isForeignKeyViolation(error: unknown): boolean {
  return hasSqlState(error, '23503');
}

function hasSqlState(error: unknown, state: string): boolean {
  let e: unknown = error;
  for (let depth = 0; e && depth < 4; depth += 1) {
    if ((e as { code?: unknown }).code === state) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
