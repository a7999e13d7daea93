import 'server-only';
import type { Context } from 'hono';
import { z } from 'zod';
import { ApiError, BusinessCode, type FieldErrors, invalidInput } from './errors';

/** The value at a zod issue's path in the input, undefined when it is missing. */
function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/**
 * Maps a zod issue to the i18n key shown next to the field. A schema may name its own key as the message. A field
 * that is missing is required; one that is there with the wrong type or shape is invalid.
 */
function fieldKey(issue: z.core.$ZodIssue, input: unknown): string {
  const named = /^(api|validation|forms)\./.test(issue.message) ? issue.message : undefined;
  if (issue.code === 'invalid_type' || issue.code === 'invalid_union') {
    // Missing: the schema's own key for it ("required" in its words), not a generic "invalid".
    if (valueAt(input, issue.path) === undefined)
      return named && named !== 'api.field.invalid' ? named : 'api.field.required';
    // A schema's own key for a missing value ("required") would mislead here: the value is there, but wrong.
    return named && !named.endsWith('required') ? named : 'api.field.invalid';
  }
  if (named) return named;
  switch (issue.code) {
    case 'too_big':
      return issue.origin === 'string' ? 'api.field.tooLong' : 'api.field.tooBig';
    case 'too_small':
      return issue.origin === 'string' && issue.minimum === 1 ? 'api.field.required' : 'api.field.tooSmall';
    default:
      return 'api.field.invalid';
  }
}

export function fieldErrors(error: z.ZodError, input: unknown): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const name = issue.path.map(String).join('.') || '_';
    fields[name] ??= fieldKey(issue, input);
  }
  return fields;
}

/** Deeper than any input of ours: a body nested further is refused before zod walks it. */
const MAX_DEPTH = 16;

/**
 * C0 control characters other than tab, line feed and carriage return, and DEL. No form field holds them, and NUL
 * is refused by PostgreSQL's text types (an error, not a 4xx, once it reached a query).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is this pattern's purpose.
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** Text with its control characters turned to spaces: for free text the site reads itself (a search query). */
export function withoutControlCharacters(text: string): string {
  return text.replace(new RegExp(CONTROL_CHARACTER.source, 'g'), ' ');
}

/** The path of the first string (key or value) holding a control character, or nested too deep; undefined when clean. */
export function hostilePath(value: unknown, path: string[] = []): string[] | undefined {
  if (typeof value === 'string') return CONTROL_CHARACTER.test(value) ? path : undefined;
  if (typeof value !== 'object' || value === null) return undefined;
  if (path.length >= MAX_DEPTH) return path;
  for (const [key, item] of Object.entries(value)) {
    if (CONTROL_CHARACTER.test(key)) return [...path, key];
    const found = hostilePath(item, [...path, key]);
    if (found) return found;
  }
  return undefined;
}

/**
 * The one gate every API input passes (JSON bodies and query strings alike): hostile text or nesting is refused
 * naming its field, then the schema decides. Nothing that fails here reaches a query.
 */
export function parseWith<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const hostile = hostilePath(value);
  if (hostile) throw invalidInput({ [hostile.join('.') || '_']: 'api.field.invalid' });
  const result = schema.safeParse(value);
  if (!result.success) throw invalidInput(fieldErrors(result.error, value));
  return result.data;
}

/**
 * The body of a call that takes no fields (logout, a claim, the currency list): any object, read through the same
 * gate as every other body, so hostile bytes are refused there too rather than ignored.
 */
export const noFields = z.object({}).describe('no fields');

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
