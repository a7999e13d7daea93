import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * What the chat helper remembers of a conversation (docs/decisions/047-chat-answers.md): the last intent and its
 * entities, so "and in Tokyo?" continues the question before it. One row per conversation uuid, overwritten by
 * every answer and worthless after `expires_at`; expired rows are ignored when read and swept now and then.
 */
export const chatContexts = pgTable(
  'chat_contexts',
  {
    conversation: uuid('conversation').primaryKey(),
    intent: text('intent').notNull(),
    entities: jsonb('entities').$type<Record<string, string | number>>().notNull(),
    language: text('language').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('chat_contexts_expires_at_idx').on(t.expiresAt)],
);
