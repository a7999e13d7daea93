import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CurrencyCode } from '../../src/lib/currency';
import type { Locale } from '../../src/lib/locales';
import { formatUsdCents } from '../../src/lib/money';
import { localizedPath } from '../../src/lib/routes';
import { listProductLines, listSnapshotPolicies } from '../../src/server/api/catalog/queries';
import { listDomainSuffixes } from '../../src/server/api/domains/queries';
import { listCurrencies } from '../../src/server/api/finance/queries';
import { answerQuestion, llmSettings } from '../../src/server/chat/answer';
import { type OwnDatabase, ownDatabase } from '../support/own-database';

/**
 * The chat's evaluation set (tests/chat-eval/questions.json, docs/decisions/047-chat-answers.md): each question is
 * asked as a visitor would (its previous questions first, in the same conversation), and its answer must be in the
 * expected language, contain the expected facts, cite the expected pages and state no number that is not in the
 * facts and passages it was built from. Prices are computed here from the seeded catalog through the pricing
 * model, never copied into the set. With CHAT_LLM_URL set the provider writes the answers (the number check is
 * then left out: the provider's wording is its own); without it, the retrieval answers are measured.
 */
type Fact =
  | string
  | { regex: string }
  | { price: { plan: string; currency: CurrencyCode; region?: string } }
  | { domain: { suffix: string; currency: CurrencyCode; kind?: 'register' | 'renew' | 'transfer' } }
  | { snapshot: { policy: string; currency: CurrencyCode } }
  | { plan: string };

type Question = {
  id: string;
  /** The language of the page the question is asked on. */
  page: Locale;
  question: string;
  previous?: string[];
  currency?: CurrencyCode;
  /** The language the answer must be in. */
  language: Locale;
  facts: Fact[];
  links: string[];
  /** Text the answer must not contain. */
  absent?: string[];
};

const QUESTIONS = JSON.parse(
  readFileSync(path.join(import.meta.dirname, '../chat-eval/questions.json'), 'utf8'),
) as Question[];
const PASS_SHARE = 0.9;

let own: OwnDatabase;
beforeAll(async () => {
  own = await ownDatabase('chat_eval');
});
afterAll(async () => {
  await own?.drop();
});

function textOf(html: string): string {
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

async function resolveFact(fact: Fact, language: Locale): Promise<{ label: string; test: (text: string) => boolean }> {
  const db = own.db;
  if (typeof fact === 'string') return { label: fact, test: (t) => t.includes(fact) };
  if ('regex' in fact) return { label: `/${fact.regex}/`, test: (t) => new RegExp(fact.regex, 'u').test(t) };
  const currencies = await listCurrencies(db);
  const rate = (code: CurrencyCode) => {
    const c = currencies.find((x) => x.type === code);
    if (!c) throw new Error(`no currency ${code}`);
    return c;
  };
  if ('price' in fact) {
    const lines = await listProductLines(db, language, { regionId: fact.price.region });
    const plan = lines.flatMap((l) => l.plans).find((p) => p.id === fact.price.plan);
    if (!plan) throw new Error(`no plan ${fact.price.plan} in ${fact.price.region ?? 'any region'}`);
    const price = formatUsdCents(plan.monthlyPriceCents, rate(fact.price.currency), language);
    return { label: `${fact.price.plan} ${price}`, test: (t) => t.includes(price) };
  }
  if ('plan' in fact) {
    const lines = await listProductLines(db, language);
    const plan = lines.flatMap((l) => l.plans).find((p) => p.id === fact.plan);
    if (!plan) throw new Error(`no plan ${fact.plan}`);
    const wanted = [plan.name, plan.diskType];
    return { label: wanted.join(' + '), test: (t) => wanted.every((w) => t.includes(w)) };
  }
  if ('domain' in fact) {
    const suffix = (await listDomainSuffixes(db)).find((s) => s.suffix === fact.domain.suffix);
    if (!suffix) throw new Error(`no suffix ${fact.domain.suffix}`);
    const kind = fact.domain.kind ?? 'register';
    const cents = {
      register: suffix.registerPriceCents,
      renew: suffix.renewPriceCents,
      transfer: suffix.transferPriceCents,
    }[kind];
    const price = formatUsdCents(cents, rate(fact.domain.currency), language);
    return { label: `${fact.domain.suffix} ${kind} ${price}`, test: (t) => t.includes(price) };
  }
  const policy = (await listSnapshotPolicies(db, language)).find((p) => p.id === fact.snapshot.policy);
  if (!policy) throw new Error(`no snapshot policy ${fact.snapshot.policy}`);
  const price = formatUsdCents(policy.monthlyPriceCents, rate(fact.snapshot.currency), language);
  return { label: `${fact.snapshot.policy} ${price}`, test: (t) => t.includes(price) };
}

/** Numbers as written (1,234.50 → 1234.50), so "99.95" is one number and never matched by a cut "95". */
function numbersIn(text: string): string[] {
  return [...text.matchAll(/\d[\d,]*(?:\.\d+)?/g)].map((m) => m[0].replace(/,/g, ''));
}

/** Answer times of the questions asked (the last of each case), for the report line. */
const timings: number[] = [];

async function evaluate(q: Question, withProvider: boolean): Promise<string[]> {
  const conversation = crypto.randomUUID();
  const settings = withProvider ? llmSettings() : null;
  for (const previous of q.previous ?? []) {
    await answerQuestion(own.db, { question: previous, locale: q.page, currency: q.currency, conversation }, settings);
  }
  const started = performance.now();
  const answer = await answerQuestion(
    own.db,
    { question: q.question, locale: q.page, currency: q.currency, conversation },
    settings,
  );
  timings.push(performance.now() - started);
  const text = textOf(answer.html);
  const problems: string[] = [];
  if (answer.language !== q.language) problems.push(`answered in ${answer.language}, not ${q.language}`);
  for (const fact of q.facts) {
    const { label, test } = await resolveFact(fact, q.language);
    if (!test(text)) problems.push(`missing fact ${label}`);
  }
  for (const link of q.links) {
    const href = `href="${localizedPath(q.language, link).replace(/&/g, '&amp;')}`;
    if (!answer.html.includes(href)) problems.push(`no link ${href}`);
  }
  for (const absent of q.absent ?? []) if (text.includes(absent)) problems.push(`says "${absent}"`);
  if (!withProvider) {
    const evidence = new Set(numbersIn([...answer.evidence, q.question].join(' ')));
    const stray = numbersIn(text).filter((n) => !evidence.has(n));
    if (stray.length) problems.push(`numbers not in the facts or passages: ${stray.join(', ')}`);
  }
  if (problems.length) problems.push(`answer: ${text.replace(/\s+/g, ' ').slice(0, 400)}`);
  return problems;
}

async function run(withProvider: boolean): Promise<number> {
  const failures: { id: string; question: string; problems: string[] }[] = [];
  const perLanguage = new Map<Locale, { pass: number; total: number }>();
  for (const q of QUESTIONS) {
    const problems = await evaluate(q, withProvider);
    const tally = perLanguage.get(q.language) ?? { pass: 0, total: 0 };
    tally.total += 1;
    if (problems.length === 0) tally.pass += 1;
    else failures.push({ id: q.id, question: q.question, problems });
    perLanguage.set(q.language, tally);
  }
  const passed = QUESTIONS.length - failures.length;
  const sorted = [...timings].sort((a, b) => a - b);
  const at = (share: number) =>
    (sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? 0).toFixed(1);
  timings.length = 0;
  const lines = [
    `chat evaluation${withProvider ? ' (provider)' : ''}: ${passed}/${QUESTIONS.length} (${((100 * passed) / QUESTIONS.length).toFixed(1)}%)`,
    ...[...perLanguage].map(([l, t]) => `  ${l}: ${t.pass}/${t.total}`),
    `  answer time: p50 ${at(0.5)} ms, p99 ${at(0.99)} ms (caches warm after the first questions)`,
    ...failures.map((f) => `  FAIL ${f.id} "${f.question}"\n    ${f.problems.join('\n    ')}`),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  return passed / QUESTIONS.length;
}

describe('chat evaluation set', () => {
  it('has at least 30 questions per language, each id once', () => {
    for (const language of ['en', 'zh', 'ja'] as const) {
      expect(QUESTIONS.filter((q) => q.language === language).length).toBeGreaterThanOrEqual(30);
    }
    expect(new Set(QUESTIONS.map((q) => q.id)).size).toBe(QUESTIONS.length);
  });

  it(`answers at least ${PASS_SHARE * 100}% of the set correctly by retrieval`, { timeout: 60_000 }, async () => {
    expect(await run(false)).toBeGreaterThanOrEqual(PASS_SHARE);
  });

  // Against a real provider only when one is configured (CHAT_LLM_URL, CHAT_LLM_KEY, CHAT_LLM_MODEL): a paid,
  // slow outside service has no place in every run.
  it.skipIf(!process.env.CHAT_LLM_URL)(
    `answers at least ${PASS_SHARE * 100}% of the set correctly through the provider`,
    { timeout: 600_000 },
    async () => {
      expect(await run(true)).toBeGreaterThanOrEqual(PASS_SHARE);
    },
  );
});
