import 'server-only';
import { env } from '@/env';
import { escapeHtml, sanitizeAnswerHtml } from '@/lib/chat/sanitize-html';
import type { CurrencyCode } from '@/lib/currency';
import { defaultCurrency } from '@/lib/currency';
import type { Locale } from '@/lib/locales';
import { formatUsdCents } from '@/lib/money';
import { localizedPath } from '@/lib/routes';
import { listProductLines, listRegions, type Plan } from '../api/catalog/queries';
import { listCurrencies } from '../api/finance/queries';
import type { Database } from '../db/client';
import { BUY_WORDS, CHAT_COPY, PRICE_WORDS, SERVER_WORDS } from './copy';
import { askLlm, type LlmSettings } from './llm';
import { bestExcerpt, type Passage, retrievePassages } from './retrieve';

/** Below this BM25 score the best passage shares too little with the question to be quoted as the answer. */
const MIN_SCORE = 2.5;
/** Other documents are cited when they score at least this share of the best one. */
const RELATED_SHARE = 0.6;

export type ChatAnswer = { html: string; sources: string[]; provider: 'retrieval' | 'llm' };

type PlanWithLine = Plan & { lineId: string; dedicated: boolean };

/** Plans the question points at: a core count or memory size it names, else the cheapest shared plans. */
function suggestedPlans(question: string, plans: PlanWithLine[]): PlanWithLine[] {
  const text = question.normalize('NFKC').toLowerCase();
  const cores = /(\d+)\s*(?:v?cpu|cores?|核|コア|c\b)/.exec(text)?.[1];
  const memory = /(\d+)\s*(?:gb|g\b|gib)\s*(?:ram|memory|内存|メモリ)?/.exec(text)?.[1];
  const dedicated = /dedicated|独立服务器|独享|専用サーバー|専有/.test(text);
  let pool = plans.filter((p) => p.dedicated === dedicated);
  if (cores) pool = pool.filter((p) => p.cpu === Number(cores));
  if (memory) pool = pool.filter((p) => p.memoryMb === Number(memory) * 1024);
  if (pool.length === 0) pool = plans.filter((p) => p.dedicated === dedicated);
  return [...pool].sort((a, b) => a.monthlyPriceCents - b.monthlyPriceCents).slice(0, 4);
}

function link(locale: Locale, path: string, text: string): string {
  return `<a href="${escapeHtml(localizedPath(locale, path))}">${escapeHtml(text)}</a>`;
}

/**
 * The helper's answer (issue 8): the best documentation passage in the visitor's language, quoted and cited,
 * related articles, live plan prices in the visitor's currency when the question is about prices, and a
 * prefilled configurator link when it is about buying. With CHAT_LLM_URL set, the provider writes the
 * answer from the same passages and facts; on its failure or timeout the retrieval answer is used.
 */
export async function answerQuestion(
  db: Database,
  input: { question: string; locale: Locale; currency?: CurrencyCode | undefined },
  llm: LlmSettings | null = llmSettings(),
): Promise<ChatAnswer> {
  const { question, locale } = input;
  const copy = CHAT_COPY[locale];
  const wantsPrice = PRICE_WORDS[locale].test(question) || PRICE_WORDS.en.test(question);
  const aboutServers = SERVER_WORDS[locale].test(question) || SERVER_WORDS.en.test(question);
  const wantsToBuy = BUY_WORDS[locale].test(question) || BUY_WORDS.en.test(question);

  const [passages, lines, currencies, regions] = await Promise.all([
    retrievePassages(db, question, locale),
    wantsPrice || wantsToBuy ? listProductLines(db, locale) : Promise.resolve([]),
    wantsPrice || wantsToBuy ? listCurrencies(db) : Promise.resolve([]),
    wantsToBuy ? listRegions(db, locale) : Promise.resolve([]),
  ]);
  const relevant = passages.filter(
    (p, i) => p.score >= MIN_SCORE && (i === 0 || p.score >= (passages[0]?.score ?? 0) * RELATED_SHARE),
  );

  const facts: string[] = [];
  const parts: string[] = [];
  const top = relevant[0];
  if (top) {
    const from = top.kind === 'article' ? copy.fromDocs(top.title) : copy.fromNotice(top.title);
    parts.push(`<p>${escapeHtml(from)}</p>`);
    parts.push(`<p>${escapeHtml(bestExcerpt(top.text, question))}</p>`);
    parts.push(`<p>${link(locale, top.path, copy.readMore)}</p>`);
    const others = relevant.slice(1);
    if (others.length > 0) {
      parts.push(`<p>${escapeHtml(copy.alsoSee)}</p>`);
      parts.push(`<ul>${others.map((p) => `<li>${link(locale, p.path, p.title)}</li>`).join('')}</ul>`);
    }
  }

  const plans = lines.flatMap((l) => l.plans.map((p) => ({ ...p, lineId: l.id, dedicated: l.dedicated })));
  const suggested = plans.length ? suggestedPlans(question, plans) : [];
  const currencyCode = input.currency ?? defaultCurrency(locale);
  const currency = currencies.find((c) => c.type === currencyCode) ?? currencies.find((c) => c.type === 'USD');
  // Plan prices answer a price question about servers, or one the documents could not answer.
  if (wantsPrice && (aboutServers || relevant.length === 0) && currency && suggested.length > 0) {
    const items = suggested.map((p) =>
      copy.planLine({
        name: p.name,
        disk: p.diskGb,
        price: formatUsdCents(p.monthlyPriceCents, currency, locale),
      }),
    );
    facts.push(...items);
    parts.push(`<p>${escapeHtml(copy.plansIntro)}</p>`);
    parts.push(`<ul>${items.map((i) => `<li>${escapeHtml(i)}</li>`).join('')}</ul>`);
  }
  const plan = suggested[0];
  if (wantsToBuy && plan) {
    const text = question.normalize('NFKC').toLowerCase();
    const region = regions.find((r) => text.includes(r.city.toLowerCase()) || text.includes(r.id.replace('-', ' ')));
    const offered = region && plan.regions.includes(region.id) ? region.id : plan.regions[0];
    const query = new URLSearchParams({ planId: plan.id, ...(offered ? { regionId: offered } : {}) });
    parts.push(`<p>${escapeHtml(copy.configure)}</p>`);
    parts.push(`<p>${link(locale, `/product/vps-buy?${query}`, copy.configureLink(plan.name))}</p>`);
  }

  if (parts.length === 0) {
    parts.push(`<p>${escapeHtml(copy.notFound)}</p>`);
    parts.push(
      `<ul><li>${link(locale, '/doc', copy.browseDocs)}</li><li>${link(locale, '/contact', copy.contact)}</li></ul>`,
    );
  }

  const siteUrl = env().SITE_URL;
  const sources = relevant.map((p) => p.path);
  if (llm && (relevant.length > 0 || facts.length > 0)) {
    const written = await askLlm(llm, {
      question,
      locale,
      passages: relevant.map(localizePassage(locale)),
      facts,
    });
    if (written) {
      const html = sanitizeAnswerHtml(/<\w/.test(written) ? written : `<p>${escapeHtml(written)}</p>`, siteUrl);
      return { html, sources, provider: 'llm' };
    }
  }
  return { html: sanitizeAnswerHtml(parts.join(''), siteUrl), sources, provider: 'retrieval' };
}

/** The configured provider (CHAT_LLM_URL, CHAT_LLM_KEY, CHAT_LLM_MODEL), or null for the embedded default. */
export function llmSettings(): LlmSettings | null {
  const e = env();
  if (!e.CHAT_LLM_URL) return null;
  return { url: e.CHAT_LLM_URL, key: e.CHAT_LLM_KEY, model: e.CHAT_LLM_MODEL, timeoutMs: e.CHAT_LLM_TIMEOUT_MS };
}

/** Passages handed to the provider carry the visitor's own paths, so the links it writes are right. */
function localizePassage(locale: Locale) {
  return (p: Passage): Passage => ({ ...p, path: localizedPath(locale, p.path) });
}
