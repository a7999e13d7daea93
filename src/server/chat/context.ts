import 'server-only';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Locale } from '@/lib/locales';
import type { Database } from '../db/client';
import { chatContexts } from '../db/schema';
import type { Entities, Intent } from './intents';

/**
 * A conversation's last intent and entities (docs/decisions/047-chat-answers.md), in PostgreSQL so that any
 * instance answering the next question of the conversation finds them. A row lives 30 minutes after the last
 * answer; expired rows are never read, and each instance deletes them at most once a minute (the delete is
 * idempotent, so instances sweeping together do no harm).
 */
export const CONTEXT_TTL_MS = 30 * 60_000;
const SWEEP_EVERY_MS = 60_000;
let lastSweep = 0;

/** What a follow-up inherits: one of each entity (a list of suffixes is not kept). */
export type ChatContext = { intent: Intent; entities: Omit<Entities, 'suffixes'>; language: Locale };

export async function readContext(db: Database, conversation: string): Promise<ChatContext | undefined> {
  const [row] = await db
    .select({ intent: chatContexts.intent, entities: chatContexts.entities, language: chatContexts.language })
    .from(chatContexts)
    .where(and(eq(chatContexts.conversation, conversation), gt(chatContexts.expiresAt, sql`now()`)))
    .limit(1);
  return row
    ? { intent: row.intent as Intent, entities: row.entities as Entities, language: row.language as Locale }
    : undefined;
}

export async function saveContext(db: Database, conversation: string, context: ChatContext): Promise<void> {
  const expiresAt = new Date(Date.now() + CONTEXT_TTL_MS);
  const values = { intent: context.intent, entities: context.entities, language: context.language, expiresAt };
  await db
    .insert(chatContexts)
    .values({ conversation, ...values })
    .onConflictDoUpdate({ target: chatContexts.conversation, set: values });
  if (Date.now() - lastSweep > SWEEP_EVERY_MS) {
    lastSweep = Date.now();
    await sweepContexts(db);
  }
}

/** Deletes expired conversations; returns how many. */
export async function sweepContexts(db: Database): Promise<number> {
  const gone = await db
    .delete(chatContexts)
    .where(lt(chatContexts.expiresAt, sql`now()`))
    .returning({ conversation: chatContexts.conversation });
  return gone.length;
}
