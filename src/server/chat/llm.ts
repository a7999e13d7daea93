import 'server-only';
import type { Locale } from '@/lib/locales';
import { logEvent } from '../log';
import type { Passage } from './retrieve';

export type LlmSettings = { url: string; key?: string | undefined; model: string; timeoutMs: number };
/** A catalog fact with the page that shows it (a path in the answer's language). */
export type LlmFact = { text: string; link: string };

const LANGUAGE_NAME: Record<Locale, string> = { en: 'English', zh: 'Simplified Chinese', ja: 'Japanese' };

/**
 * Asks an OpenAI-compatible chat-completions endpoint (CHAT_LLM_URL, CHAT_LLM_KEY, CHAT_LLM_MODEL) to write the
 * answer from the facts and passages the helper retrieved, each with the link it must cite
 * (docs/decisions/047-chat-answers.md). Returns its text (HTML or plain, sanitized by the caller), or null on any
 * failure or after the timeout, so the caller falls back to the retrieval answer.
 */
export async function askLlm(
  settings: LlmSettings,
  input: { question: string; locale: Locale; passages: Passage[]; facts: LlmFact[] },
): Promise<string | null> {
  const context = [
    ...input.passages.map((p, i) => `[passage ${i + 1}] ${p.title} (link: ${p.path})\n${p.text}`),
    ...input.facts.map((f, i) => `[fact ${i + 1}] (link: ${f.link}) ${f.text}`),
  ].join('\n\n');
  const system = [
    `You are the support assistant of a cloud hosting provider's website. Answer in ${LANGUAGE_NAME[input.locale]}.`,
    'Use only the facts and passages below; if they do not answer the question, say so briefly.',
    'Answer in at most 120 words of simple HTML: <p>, <ul>, <li>, <strong>, <em>, <code>, and <a href="/path"> links.',
    'Cite every fact or passage you use with a link to its given path. Copy prices, numbers and names exactly as',
    'written; never state a number that is not in them.',
  ].join(' ');
  try {
    const response = await fetch(settings.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(settings.key ? { authorization: `Bearer ${settings.key}` } : {}),
      },
      body: JSON.stringify({
        model: settings.model,
        temperature: 0.2,
        max_tokens: 400,
        messages: [
          { role: 'system', content: `${system}\n\n${context}` },
          { role: 'user', content: input.question },
        ],
      }),
      signal: AbortSignal.timeout(settings.timeoutMs),
    });
    if (!response.ok) throw new Error(`status ${response.status}`);
    const body = (await response.json()) as { choices?: { message?: { content?: unknown } }[] };
    const content = body.choices?.[0]?.message?.content;
    if (typeof content !== 'string' || content.trim() === '') throw new Error('empty answer');
    return content;
  } catch (error) {
    logEvent('warn', 'chat provider failed; answering by retrieval', {
      error: error instanceof Error ? error.message : String(error),
    });
    return null;
  }
}
