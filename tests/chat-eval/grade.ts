import type { CurrencyCode } from '../../src/lib/currency';
import type { Locale } from '../../src/lib/locales';
import { LOCALES } from '../../src/lib/locales';
import { formatHourlyMicroUsd, formatUsdCents } from '../../src/lib/money';
import { localizedPath } from '../../src/lib/routes';
import {
  listBandwidthTiers,
  listDiskProducts,
  listLicences,
  listProductLines,
  listSnapshotPolicies,
  listTrafficPackages,
} from '../../src/server/api/catalog/queries';
import { listDomainSuffixes } from '../../src/server/api/domains/queries';
import { listCurrencies } from '../../src/server/api/finance/queries';
import { answerQuestion, llmSettings } from '../../src/server/chat/answer';
import type { Database } from '../../src/server/db/client';
import questionsJson from './questions.json';
import testQuestionsJson from './test-questions.json';

/**
 * Grading of the chat's evaluation set (questions.json beside this file, docs/decisions/047-chat-answers.md),
 * shared by its test (tests/api/chat-eval.test.ts, which holds the pass threshold in every run) and the benchmark
 * (bench/chat-quality.ts): each question is asked as a visitor would (its previous questions first, in the same
 * conversation), and its answer must be in the expected language, contain the expected facts, cite the expected
 * pages and state no number that is not in the facts and passages it was built from. Prices are computed here from
 * the seeded catalog through the pricing model, never copied into the set. Through a provider the number check is
 * left out: the provider's wording is its own.
 */
export type Fact =
  | string
  | { regex: string }
  | { price: { plan: string; currency: CurrencyCode; region?: string } }
  | { domain: { suffix: string; currency: CurrencyCode; kind?: 'register' | 'renew' | 'transfer' } }
  | { snapshot: { policy: string; currency: CurrencyCode } }
  | { plan: string }
  | { hourly: { plan: string; currency: CurrencyCode; region?: string } }
  /** The licence fee per vCPU and month, and with `vcpu` the month's fee for that many. */
  | { licence: { currency: CurrencyCode; vcpu?: number } }
  | { disk: { id: string; currency: CurrencyCode } }
  | { bandwidth: { mbps: number; currency: CurrencyCode } }
  | { traffic: { gb: number; currency: CurrencyCode } }
  /** An amount an article states as `{{money:<cents>}}`. */
  | { money: { cents: number; currency: CurrencyCode } };

export type Question = {
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

/**
 * The development set (questions.json): what the helper is tuned against, failures printed in full. The test set
 * (test-questions.json) was written before the tuning began and is never tuned against: its run prints only the
 * score (docs/decisions/058-chat-general.md).
 */
export const QUESTIONS = questionsJson as unknown as Question[];
export const TEST_QUESTIONS = testQuestionsJson as unknown as Question[];

/** The share of the set that must be answered correctly. */
export const PASS_SHARE = 0.9;

export function textOf(html: string): string {
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

/** A fact of the set as the text the answer must hold, prices read from the catalog in the question's language. */
export async function resolveFact(
  db: Database,
  fact: Fact,
  language: Locale,
): Promise<{ label: string; test: (text: string) => boolean }> {
  if (typeof fact === 'string') return { label: fact, test: (t) => t.includes(fact) };
  if ('regex' in fact) {
    // A leading (?i) makes the pattern case-insensitive, as in most regex dialects (JavaScript has no inline flags).
    const insensitive = fact.regex.startsWith('(?i)');
    const pattern = new RegExp(insensitive ? fact.regex.slice(4) : fact.regex, insensitive ? 'iu' : 'u');
    return { label: `/${fact.regex}/`, test: (t) => pattern.test(t) };
  }
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
  if ('hourly' in fact) {
    const lines = await listProductLines(db, language, { regionId: fact.hourly.region });
    const plan = lines.flatMap((l) => l.plans).find((p) => p.id === fact.hourly.plan);
    if (!plan) throw new Error(`no plan ${fact.hourly.plan}`);
    const price = formatHourlyMicroUsd(plan.hourlyPriceMicroUsd, rate(fact.hourly.currency), language);
    return { label: `${fact.hourly.plan} hourly ${price}`, test: (t) => t.includes(price) };
  }
  if ('licence' in fact) {
    const [licence] = await listLicences(db);
    if (!licence) throw new Error('no licence');
    const c = rate(fact.licence.currency);
    const wanted = [formatUsdCents(licence.centsPerVcpu, c, language)];
    if (fact.licence.vcpu) wanted.push(formatUsdCents(licence.centsPerVcpu * fact.licence.vcpu, c, language));
    return { label: `licence ${wanted.join(' + ')}`, test: (t) => wanted.every((w) => t.includes(w)) };
  }
  if ('disk' in fact) {
    const disk = (await listDiskProducts(db, language)).find((d) => d.id === fact.disk.id);
    if (!disk) throw new Error(`no disk ${fact.disk.id}`);
    const price = formatUsdCents(disk.pricePerGbCents, rate(fact.disk.currency), language);
    return { label: `${fact.disk.id} ${price}`, test: (t) => t.includes(price) };
  }
  if ('bandwidth' in fact) {
    const tier = (await listBandwidthTiers(db)).find((b) => b.mbps === fact.bandwidth.mbps);
    if (!tier) throw new Error(`no bandwidth ${fact.bandwidth.mbps}`);
    const price = formatUsdCents(tier.monthlyPriceCents, rate(fact.bandwidth.currency), language);
    return { label: `${fact.bandwidth.mbps} Mbps ${price}`, test: (t) => t.includes(price) };
  }
  if ('traffic' in fact) {
    const pack = (await listTrafficPackages(db)).find((p) => p.gb === fact.traffic.gb);
    if (!pack) throw new Error(`no traffic package ${fact.traffic.gb}`);
    const price = formatUsdCents(pack.monthlyPriceCents, rate(fact.traffic.currency), language);
    return { label: `${fact.traffic.gb} GB traffic ${price}`, test: (t) => t.includes(price) };
  }
  if ('money' in fact) {
    const price = formatUsdCents(fact.money.cents, rate(fact.money.currency), language);
    return { label: price, test: (t) => t.includes(price) };
  }
  const policy = (await listSnapshotPolicies(db, language)).find((p) => p.id === fact.snapshot.policy);
  if (!policy) throw new Error(`no snapshot policy ${fact.snapshot.policy}`);
  const price = formatUsdCents(policy.monthlyPriceCents, rate(fact.snapshot.currency), language);
  return { label: `${fact.snapshot.policy} ${price}`, test: (t) => t.includes(price) };
}

/** Numbers as written (1,234.50 → 1234.50), so "99.95" is one number and never matched by a cut "95". */
export function numbersIn(text: string): string[] {
  return [...text.matchAll(/\d[\d,]*(?:\.\d+)?/g)].map((m) => m[0].replace(/,/g, ''));
}

export type Graded = {
  question: Question;
  /** What is wrong with the answer (the answer's text last); empty when it is right. */
  problems: string[];
  /** Time to answer the question itself, its previous questions left out. */
  ms: number;
};

/** Asks one question of the set (its previous ones first, in a fresh conversation) and grades the answer. */
export async function gradeQuestion(db: Database, q: Question, withProvider: boolean): Promise<Graded> {
  const conversation = crypto.randomUUID();
  const settings = withProvider ? llmSettings() : null;
  for (const previous of q.previous ?? []) {
    await answerQuestion(db, { question: previous, locale: q.page, currency: q.currency, conversation }, settings);
  }
  const started = performance.now();
  const answer = await answerQuestion(
    db,
    { question: q.question, locale: q.page, currency: q.currency, conversation },
    settings,
  );
  const ms = performance.now() - started;
  const text = textOf(answer.html);
  const problems: string[] = [];
  if (answer.language !== q.language) problems.push(`answered in ${answer.language}, not ${q.language}`);
  for (const fact of q.facts) {
    const { label, test } = await resolveFact(db, fact, q.language);
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
  return { question: q, problems, ms };
}

/** Every question of a set in turn, one at a time (answer times are a single visitor's). */
export async function gradeAll(
  db: Database,
  withProvider: boolean,
  questions: Question[] = QUESTIONS,
): Promise<Graded[]> {
  const graded: Graded[] = [];
  for (const q of questions) graded.push(await gradeQuestion(db, q, withProvider));
  return graded;
}

export type Summary = {
  passed: number;
  total: number;
  share: number;
  perLanguage: { language: Locale; passed: number; total: number }[];
  failures: Graded[];
  /** Answer times in ms. */
  p50: number;
  p99: number;
  max: number;
};

/** The value at a share of sorted times (the nearest rank below), 0 for none. */
export function quantile(sorted: number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? 0;
}

export function summarize(graded: Graded[]): Summary {
  const failures = graded.filter((g) => g.problems.length > 0);
  const perLanguage = LOCALES.flatMap((language) => {
    const mine = graded.filter((g) => g.question.language === language);
    return mine.length
      ? [{ language, passed: mine.filter((g) => g.problems.length === 0).length, total: mine.length }]
      : [];
  });
  const times = graded.map((g) => g.ms).sort((a, b) => a - b);
  const passed = graded.length - failures.length;
  return {
    passed,
    total: graded.length,
    share: graded.length ? passed / graded.length : 0,
    perLanguage,
    failures,
    p50: quantile(times, 0.5),
    p99: quantile(times, 0.99),
    max: times.at(-1) ?? 0,
  };
}

/**
 * The plain-text report the test prints: the score, per language, answer times, and (for the development set
 * only) each failure in full. The test set's failures are never printed, so nobody tunes against them.
 */
export function summaryText(
  summary: Summary,
  withProvider: boolean,
  set: 'development' | 'test' = 'development',
): string {
  const shown = set === 'development' ? summary.failures : [];
  const lines = [
    `chat evaluation, ${set} set${withProvider ? ' (provider)' : ''}: ${summary.passed}/${summary.total} (${(100 * summary.share).toFixed(1)}%)`,
    ...summary.perLanguage.map(
      (l) => `  ${l.language}: ${l.passed}/${l.total} (${((100 * l.passed) / l.total).toFixed(1)}%)`,
    ),
    `  answer time: p50 ${summary.p50.toFixed(1)} ms, p99 ${summary.p99.toFixed(1)} ms (caches warm after the first questions)`,
    ...shown.map((f) => `  FAIL ${f.question.id} "${f.question.question}"\n    ${f.problems.join('\n    ')}`),
  ];
  return `${lines.join('\n')}\n`;
}
