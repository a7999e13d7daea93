import './zod-config';
import { z } from 'zod';
import { CURRENCY_CODES } from '../currency';
import { LOCALES } from '../locales';
import { CHAT_QUESTION_MAX } from './chat-limits';

/**
 * The chat question (docs/product/api.md#documentation-and-chat: `{key, question, uuid}`), shared by the widget and POST /api/chat. The widget
 * never sends an empty question (docs/product/validation.md#form-inputs); the server refuses one anyway. `language` and `currency` are
 * the page's, so the answer and its prices read like the page the visitor is on.
 */
export const chatQuestion = z.object({
  key: z.string().min(1, 'validation.required').max(200, 'api.field.invalid'),
  question: z.string().trim().min(1, 'validation.required').max(CHAT_QUESTION_MAX, 'api.field.tooLong'),
  uuid: z.uuid('api.field.invalid'),
  language: z.enum(LOCALES).optional(),
  currency: z.enum(CURRENCY_CODES).optional(),
});
export type ChatQuestion = z.infer<typeof chatQuestion>;
