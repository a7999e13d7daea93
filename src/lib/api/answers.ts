import { z } from 'zod';

/**
 * Parts of the schemas of what the API answers (docs/decisions/051-openapi.md): each area writes the schema of its
 * answer beside its data layer and derives its TypeScript type from it, so the document, the tests' check of every
 * answer and the code read one description.
 */

/** A whole number: an id, an amount in minor units, a count, a size. */
export const int = () => z.number().int();

/** A moment as JSON carries it: ISO 8601 in UTC (`Date.prototype.toISOString`). */
export const isoTime = () => z.iso.datetime();

/** A calendar day, `YYYY-MM-DD`. */
export const isoDate = () => z.iso.date();

/** A text in every language it was written in: English always, Chinese and Japanese when translated. */
export const localizedAnswer = z.object({ en: z.string(), zh: z.string().optional(), ja: z.string().optional() });
