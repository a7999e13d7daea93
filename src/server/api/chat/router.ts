import 'server-only';
import { timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono';
import { z } from 'zod';
import { env } from '@/env';
import { chatQuestion } from '@/lib/validation/chat';
import { enforceLimit, type Limit } from '../../auth/rate-limit';
import { clientIp } from '../../auth/sessions';
import { answerQuestion } from '../../chat/answer';
import { type AppEnv, requestLocale } from '../context';
import { ApiError, BusinessCode } from '../errors';
import { jsonBody } from '../input';
import { describeRoutes } from '../openapi/describe';

/** The chat helper target (docs/decisions/015-chat-helper.md): questions are rate-limited per conversation and per IP (shared by all instances, in PostgreSQL). */
export const CHAT_LIMITS = {
  perConversation: { name: 'chat-conversation', max: 20, windowMs: 10 * 60_000 },
  perIp: { name: 'chat-ip', max: 60, windowMs: 10 * 60_000 },
} satisfies Record<string, Limit>;

function keyMatches(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export const chatRouter = new Hono<AppEnv>();

/**
 * POST /api/chat (docs/product/api.md#documentation-and-chat): `{key, question, uuid}` answers `{code: 2000, message: {answer}}`, the answer being
 * sanitized HTML in the question's language; `uuid` also keys the conversation's short context (follow-ups,
 * docs/decisions/047-chat-answers.md). A wrong widget key is 4030; an empty or over-long question a 4001 naming
 * the field.
 */
chatRouter.post('/chat', async (c) => {
  const input = await jsonBody(c, chatQuestion);
  if (!keyMatches(input.key, env().CHAT_WIDGET_KEY)) throw new ApiError(BusinessCode.forbidden, 'api.chat.badKey');
  const db = c.get('db');
  await enforceLimit(db, CHAT_LIMITS.perIp, clientIp(c), 'chat.slowDown');
  await enforceLimit(db, CHAT_LIMITS.perConversation, input.uuid, 'chat.slowDown');
  const answer = await answerQuestion(db, {
    question: input.question,
    locale: requestLocale(c, input.language),
    currency: input.currency,
    conversation: input.uuid,
  });
  return c.json({ code: 2000, message: { answer: answer.html } });
});

export const chatDocs = describeRoutes('Chat', [
  {
    method: 'post',
    path: '/chat',
    summary: 'Answer a question from the documentation (sanitized HTML)',
    auth: 'chatKey',
    body: chatQuestion,
    response: z.object({ answer: z.string() }),
  },
]);
