import 'server-only';
import type { Context } from 'hono';
import type { z } from 'zod';
import { ApiError, BusinessCode, type FieldErrors, invalidInput } from './errors';

/** Maps a zod issue to the i18n key shown next to the field. A schema may name its own key as the message. */
function fieldKey(issue: z.core.$ZodIssue): string {
  if (/^(api|validation|forms)\./.test(issue.message)) return issue.message;
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? 'api.field.required' : 'api.field.invalid';
    case 'too_big':
      return issue.origin === 'string' ? 'api.field.tooLong' : 'api.field.tooBig';
    case 'too_small':
      return issue.origin === 'string' && issue.minimum === 1 ? 'api.field.required' : 'api.field.tooSmall';
    default:
      return 'api.field.invalid';
  }
}

export function fieldErrors(error: z.ZodError): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const name = issue.path.map(String).join('.') || '_';
    fields[name] ??= fieldKey(issue);
  }
  return fields;
}

export function parseWith<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value);
  if (!result.success) throw invalidInput(fieldErrors(result.error));
  return result.data;
}

/** Reads a JSON body (an empty body is `{}`) and validates it: malformed JSON is 4001/400, bad fields 4001/422. */
export async function jsonBody<T extends z.ZodType>(c: Context, schema: T): Promise<z.output<T>> {
  const text = await c.req.text();
  let value: unknown = {};
  if (text.trim() !== '') {
    try {
      value = JSON.parse(text);
    } catch {
      throw new ApiError(BusinessCode.invalidInput, 'api.malformedJson', { status: 400 });
    }
  }
  return parseWith(schema, value);
}

/** Validates the query string (every value a string). */
export function queryInput<T extends z.ZodType>(c: Context, schema: T): z.output<T> {
  return parseWith(schema, c.req.query());
}
