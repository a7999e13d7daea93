import 'server-only';
import type { Locale } from '@/lib/locales';
import { logEvent } from '../log';
import type { Passage } from './retrieve';

export type LlmSettings = { url: string; key?: string | undefined; model: string; timeoutMs: number };

const LANGUAGE_NAME: Record<Locale, string> = { en: 'English', zh: 'Simplified Chinese', ja: 'Japanese' };

/**
 * Asks an OpenAI-compatible chat-completions endpoint (issue 8: CHAT_LLM_URL, CHAT_LLM_KEY, CHAT_LLM_MODEL)
 * to write the answer from the retrieved passages only. Returns its text (HTML or plain, sanitized by the
 * caller), or null on any failure or after the timeout, so the caller falls back to the retrieval answer.
 */
export async function askLlm(
  settings: LlmSettings,
  input: { question: string; locale: Locale; passages: Passage[]; facts: string[] },
): Promise<string | null> {
  const context = input.passages
    .map((p, i) => `[${i + 1}] ${p.title} (${p.path})\n${p.text.slice(0, 1500)}`)
    .concat(input.facts.length ? [`[catalog]\n${input.facts.join('\n')}`] : [])
    .join('\n\n');
  const system = [
    `You are the support assistant of a cloud hosting provider's website. Answer in ${LANGUAGE_NAME[input.locale]}.`,
    'Use only the numbered passages and catalog facts below; if they do not answer the question, say so briefly.',
    'Answer in at most 120 words of simple HTML: <p>, <ul>, <li>, <strong>, <em>, <code>, and <a href="/path"> links',
    'to the passages you used (their paths are given). Never invent prices.',
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
