import 'server-only';
import { timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { env } from '@/env';
import { chatQuestion } from '@/lib/validation/chat';
import { enforceLimit, type Limit } from '../../auth/rate-limit';
import { clientIp } from '../../auth/sessions';
import { answerQuestion } from '../../chat/answer';
import { requestLocale } from '../context';
import { ApiError, BusinessCode } from '../errors';
import { apiRouter } from '../route';

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

/**
 * POST /api/chat (docs/product/api.md#documentation-and-chat): `{key, question, uuid}` answers `{answer}`, the answer
 * being sanitized HTML in the question's language; `uuid` also keys the conversation's short context (follow-ups,
 * docs/decisions/047-chat-answers.md). A wrong widget key is 4030; an empty or over-long question a 4001 naming
 * the field.
 */
export const chatRouter = apiRouter('Chat').route(
  {
    method: 'post',
    path: '/chat',
    summary: 'Answer a question from the documentation (sanitized HTML)',
    auth: 'chatKey',
    body: chatQuestion,
    response: z.object({ answer: z.string().describe('sanitized HTML') }),
  },
  async (c, { body }) => {
    if (!keyMatches(body.key, env().CHAT_WIDGET_KEY)) throw new ApiError(BusinessCode.forbidden, 'api.chat.badKey');
    const db = c.get('db');
    await enforceLimit(db, CHAT_LIMITS.perIp, clientIp(c), 'chat.slowDown');
    await enforceLimit(db, CHAT_LIMITS.perConversation, body.uuid, 'chat.slowDown');
    const answer = await answerQuestion(db, {
      question: body.question,
      locale: requestLocale(c, body.language),
      currency: body.currency,
      conversation: body.uuid,
    });
    return { answer: answer.html };
  },
);
