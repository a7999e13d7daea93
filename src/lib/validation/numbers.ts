import './zod-config';
import { z } from 'zod';

/** The largest id a table's `integer` key holds; a larger one can name no row (PostgreSQL would refuse it). */
export const MAX_RECORD_ID = 2_147_483_647;

/**
 * A whole number from JSON or from a query string: a JSON number, or a string of decimal digits. Nothing else
 * is read as a number (zod's plain coercion takes `true` as 1, `[5]` as 5 and `""` as 0), and the bounds are
 * always set, so no value outside the column's range reaches the database. `tooSmall` and `tooBig` name a
 * bound's refusal in a form's own words.
 */
export function wholeNumber(bounds: { min: number; max: number; tooSmall?: string; tooBig?: string }) {
  return z
    .union(
      [
        z.number(),
        z
          .string()
          .trim()
          .regex(/^[+-]?\d{1,16}$/, 'api.field.invalid'),
      ],
      {
        message: 'api.field.invalid',
      },
    )
    .pipe(
      z.coerce
        .number<string | number>()
        .int('api.field.invalid')
        .min(bounds.min, bounds.tooSmall ?? (bounds.min > 0 ? 'api.field.tooSmall' : 'api.field.invalid'))
        .max(bounds.max, bounds.tooBig ?? 'api.field.tooBig'),
    );
}

/** A row id: 1 up to MAX_RECORD_ID. */
export const recordId = z
  .union(
    [
      z.number(),
      z
        .string()
        .trim()
        .regex(/^\+?\d{1,16}$/, 'api.field.invalid'),
    ],
    {
      message: 'api.field.invalid',
    },
  )
  .pipe(
    z.coerce
      .number<string | number>()
      .int('api.field.invalid')
      .min(1, 'api.field.invalid')
      .max(MAX_RECORD_ID, 'api.field.invalid'),
  );
