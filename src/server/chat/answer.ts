import 'server-only';
import { env } from '@/env';
import { escapeHtml, sanitizeAnswerHtml } from '@/lib/chat/sanitize-html';
import { type CurrencyCode, defaultCurrency } from '@/lib/currency';
import type { Locale } from '@/lib/locales';
import { type CurrencyRate, formatMoney, formatUsdCents } from '@/lib/money';
import { localizedPath } from '@/lib/routes';
import { offerPriceIn } from '../api/pintuan/queries';
import type { Database } from '../db/client';
import { type CatalogView, type ChatPlan, catalogViews } from './catalog';
import { readContext, saveContext } from './context';
import { CHAT_COPY, type ChatCopy, EXAMPLE_QUESTIONS } from './copy';
import { candidateDocuments } from './documents';
import {
  CATALOG_INTENTS,
  type Entities,
  INTENT_HINTS,
  type Intent,
  normalize,
  PASSWORD_WORDS,
  recognise,
  SIGN_UP_WORDS,
} from './intents';
import { questionLanguage } from './language';
import { askLlm, type LlmFact, type LlmSettings } from './llm';
import { bestExcerpt, type Passage, rankPassages } from './retrieve';

/** Below this BM25 score the best passage shares too little with the question to answer it. */
const MIN_SCORE = 2.5;
/** A question whose intent is recognised (refund, SLA…) needs less: the intent's own words rank the passage. */
const MIN_SCORE_WITH_INTENT = 1;
const CANDIDATES = 12;

export type ChatAnswer = {
  html: string;
  /** Site paths (without language prefix) of the pages cited. */
  sources: string[];
  provider: 'retrieval' | 'llm';
  /** The language the answer is written in: the question's. */
  language: Locale;
  intent: Intent | undefined;
  /** Every fact and passage text the answer was built from: each number in the answer comes from one of them. */
  evidence: string[];
};

type Built = {
  parts: string[];
  facts: LlmFact[];
  passages: Passage[];
  sources: string[];
  /** When the answer has nothing to say, the intent remembered is none. */
  answered: boolean;
};

/** An answer made of catalog facts only, all from one page, which it cites. */
function fromCatalog(parts: string[], facts: string[], page: string): Built {
  return { parts, facts: facts.map((text) => ({ text, link: page })), passages: [], sources: [page], answered: true };
}

type Ctx = {
  db: Database;
  question: string;
  language: Locale;
  copy: ChatCopy;
  view: CatalogView;
  currency: CurrencyRate;
  entities: Entities;
};

const money = (c: Ctx, usdCents: number) => formatUsdCents(usdCents, c.currency, c.language);

function link(locale: Locale, path: string, text: string): string {
  return `<a href="${escapeHtml(localizedPath(locale, path))}">${escapeHtml(text)}</a>`;
}

const list = (items: string[]) => `<ul>${items.map((i) => `<li>${escapeHtml(i)}</li>`).join('')}</ul>`;
const para = (text: string) => `<p>${escapeHtml(text)}</p>`;

function memoryGb(mb: number): string {
  const gb = mb / 1024;
  return Number.isInteger(gb) ? String(gb) : gb.toFixed(1);
}

function regionName(c: Ctx, id: string | undefined): string | undefined {
  return id ? c.view.regions.find((r) => r.id === id)?.city : undefined;
}

function planFact(c: Ctx, plan: ChatPlan, regionId: string | undefined): string {
  const inRegion = regionId ? plan.monthlyByRegion[regionId] : undefined;
  return c.copy.plan({
    name: plan.name,
    cpu: plan.cpu,
    memoryGb: memoryGb(plan.memoryMb),
    diskGb: plan.diskGb,
    diskType: plan.diskType,
    trafficGb: plan.trafficGb,
    price: money(c, inRegion ?? plan.monthlyPriceCents),
    region: inRegion !== undefined ? regionName(c, regionId) : undefined,
  });
}

function configureLink(c: Ctx, plan: ChatPlan, regionId: string | undefined): string {
  const region = regionId && plan.regions.includes(regionId) ? regionId : undefined;
  const query = new URLSearchParams({ planId: plan.id, ...(region ? { regionId: region } : {}) });
  return `<p>${link(c.language, `/product/vps-buy?${query}`, c.copy.configure(plan.name, regionName(c, region)))}</p>`;
}

function cite(c: Ctx, pages: { path: string; text: string }[]): string {
  return `<p>${escapeHtml(c.copy.sources)} ${pages.map((p) => link(c.language, p.path, p.text)).join(', ')}</p>`;
}

/** Plans the entities point at, cheapest first; shared plans unless a dedicated line is named. */
function matchingPlans(c: Ctx, e: Entities): { plans: ChatPlan[]; exact: boolean } {
  if (e.planId) {
    const plan = c.view.plans.find((p) => p.id === e.planId);
    if (plan) return { plans: [plan], exact: true };
  }
  const line = e.lineId ? c.view.lines.find((l) => l.id === e.lineId) : undefined;
  let pool = c.view.plans.filter((p) => (line ? p.lineId === line.id : !p.dedicated));
  if (e.regionId) pool = pool.filter((p) => p.regions.includes(e.regionId ?? ''));
  const filtered = pool.filter(
    (p) => (e.cpu === undefined || p.cpu === e.cpu) && (e.memoryGb === undefined || p.memoryMb === e.memoryGb * 1024),
  );
  const price = (p: ChatPlan) =>
    e.regionId ? (p.monthlyByRegion[e.regionId] ?? p.monthlyPriceCents) : p.monthlyPriceCents;
  const byPrice = (a: ChatPlan, b: ChatPlan) => price(a) - price(b);
  if (filtered.length > 0) return { plans: [...filtered].sort(byPrice), exact: true };
  // Nothing with exactly those cores or that memory: the plans closest to what was asked.
  const distance = (p: ChatPlan) =>
    Math.abs(Math.log2(p.cpu / (e.cpu ?? p.cpu))) +
    Math.abs(Math.log2(p.memoryMb / 1024 / (e.memoryGb ?? p.memoryMb / 1024)));
  return { plans: [...pool].sort((a, b) => distance(a) - distance(b) || byPrice(a, b)).slice(0, 3), exact: false };
}

function planPrices(c: Ctx): Built {
  const e = c.entities;
  const { plans, exact } = matchingPlans(c, e);
  const shown = plans.slice(0, 4);
  const regionId = e.regionId;
  const facts = shown.map((p) => planFact(c, p, regionId));
  const parts = [
    para(exact ? c.copy.plansIntro(regionName(c, regionId)) : c.copy.noPlanMatch),
    list(facts),
    cite(c, [{ path: '/product/vps', text: c.copy.productVps }]),
  ];
  const first = shown[0];
  if (first) parts.push(configureLink(c, first, regionId));
  return {
    parts,
    facts: facts.map((text) => ({ text, link: '/product/vps' })),
    passages: [],
    sources: ['/product/vps'],
    answered: shown.length > 0,
  };
}

function cheapest(c: Ctx): Built {
  const e = c.entities;
  const { plans } = matchingPlans(c, { ...e, planId: undefined, cpu: undefined, memoryGb: undefined });
  const [best, ...rest] = plans;
  if (!best) return planPrices(c);
  const next = rest.slice(0, 2);
  const facts = [planFact(c, best, e.regionId), ...next.map((p) => planFact(c, p, e.regionId))];
  const parts = [para(c.copy.cheapestIntro(regionName(c, e.regionId))), list(facts.slice(0, 1))];
  if (next.length) parts.push(para(c.copy.nextCheapest), list(facts.slice(1)));
  parts.push(cite(c, [{ path: '/product/vps', text: c.copy.productVps }]), configureLink(c, best, e.regionId));
  return fromCatalog(parts, facts, '/product/vps');
}

function regionsAnswer(c: Ctx): Built {
  const e = c.entities;
  const plan = e.planId ? c.view.plans.find((p) => p.id === e.planId) : undefined;
  const regions = plan ? c.view.regions.filter((r) => plan.regions.includes(r.id)) : c.view.regions;
  const facts = regions.map((r) => c.copy.regionLine({ city: r.city, country: r.country, pct: r.priceAdjustmentPct }));
  const parts = [para(plan ? c.copy.regionsOfPlan(plan.name) : c.copy.regionsIntro), list(facts)];
  parts.push(cite(c, [{ path: '/product/vps', text: c.copy.productVps }]));
  if (plan) parts.push(configureLink(c, plan, undefined));
  return fromCatalog(parts, facts, '/product/vps');
}

function regionAvailability(c: Ctx): Built {
  const e = c.entities;
  const region = c.view.regions.find((r) => r.id === e.regionId);
  if (!region) return regionsAnswer(c);
  const { plans, exact } = matchingPlans(c, { ...e, regionId: undefined });
  const plan = plans[0];
  if (!plan || !exact) return planPrices(c);
  const soldThere = plan.regions.includes(region.id);
  if (soldThere) {
    const fact = planFact(c, plan, region.id);
    return {
      parts: [
        para(c.copy.soldIn(plan.name, region.city)),
        list([fact]),
        cite(c, [{ path: '/product/vps', text: c.copy.productVps }]),
        configureLink(c, plan, region.id),
      ],
      facts: [{ text: fact, link: '/product/vps' }],
      passages: [],
      sources: ['/product/vps'],
      answered: true,
    };
  }
  const elsewhere = c.view.regions.filter((r) => plan.regions.includes(r.id)).map((r) => r.city);
  const alternatives = matchingPlans(c, { regionId: region.id, lineId: plan.lineId }).plans.slice(0, 3);
  const altFacts = alternatives.map((p) => planFact(c, p, region.id));
  const parts = [
    para(c.copy.notSoldIn(plan.name, region.city)),
    para(c.copy.regionsOfPlan(plan.name)),
    list(elsewhere),
  ];
  if (altFacts.length) parts.push(para(c.copy.plansIntro(region.city)), list(altFacts));
  parts.push(cite(c, [{ path: '/product/vps', text: c.copy.productVps }]));
  const alt = alternatives[0];
  if (alt) parts.push(configureLink(c, alt, region.id));
  return {
    parts,
    facts: [plan.name, region.city, ...elsewhere, ...altFacts].map((text) => ({ text, link: '/product/vps' })),
    passages: [],
    sources: ['/product/vps'],
    answered: true,
  };
}

function domainAnswer(c: Ctx): Built {
  const e = c.entities;
  const line = (s: CatalogView['suffixes'][number]) =>
    c.copy.domainLine({
      suffix: s.suffix,
      register: money(c, s.registerPriceCents),
      renew: money(c, s.renewPriceCents),
      transfer: money(c, s.transferPriceCents),
    });
  const asked = e.suffix ? c.view.suffixes.find((s) => s.suffix === e.suffix) : undefined;
  const shown = asked ? [asked] : c.view.suffixes.filter((s) => s.category === 'popular').slice(0, 6);
  const facts = shown.map(line);
  const parts = [para(e.suffix && !asked ? c.copy.domainUnknown(e.suffix) : c.copy.domainIntro), list(facts)];
  parts.push(cite(c, [{ path: '/product/domain', text: c.copy.productDomain }]));
  const search = e.domainName
    ? link(
        c.language,
        `/product/domain?${new URLSearchParams({ name: e.domainName })}`,
        c.copy.domainSearch(e.domainName),
      )
    : link(c.language, '/product/domain', c.copy.domainSearchPage);
  parts.push(`<p>${search}</p>`);
  return {
    parts,
    facts: [...facts, ...(e.domainName ? [e.domainName] : [])].map((text) => ({ text, link: '/product/domain' })),
    passages: [],
    sources: ['/product/domain'],
    answered: true,
  };
}

async function documentPassages(c: Ctx, intent: Intent | undefined): Promise<Passage[]> {
  const hints = intent ? (INTENT_HINTS[intent]?.[c.language] ?? '') : '';
  const docs = await candidateDocuments(c.db, `${c.question} ${hints}`, c.language, CANDIDATES);
  return rankPassages(docs, c.question, hints, c.language, c.currency);
}

async function snapshotAnswer(c: Ctx): Promise<Built> {
  const facts = c.view.snapshots.map((s) =>
    c.copy.snapshotLine({
      name: s.name,
      description: s.description,
      price: s.monthlyPriceCents > 0 ? money(c, s.monthlyPriceCents) : null,
    }),
  );
  const parts = [para(c.copy.snapshotIntro), list(facts)];
  const [passage] = await documentPassages(c, 'snapshot');
  const passages: Passage[] = [];
  const sources: { path: string; text: string }[] = [];
  if (passage && passage.score >= MIN_SCORE_WITH_INTENT) {
    const sentences = bestExcerpt(passage, c.question, INTENT_HINTS.snapshot?.[c.language] ?? '', c.language);
    parts.push(para(c.copy.snapshotStorage), para(sentences.join(c.language === 'en' ? ' ' : '')));
    passages.push({ ...passage, text: sentences.join(' ') });
    sources.push({ path: passage.path, text: passage.title });
  }
  sources.push({ path: '/product/vps-buy', text: c.copy.configureSnapshots });
  parts.push(cite(c, sources));
  return {
    parts,
    facts: facts.map((text) => ({ text, link: '/product/vps-buy' })),
    passages,
    sources: sources.map((s) => s.path),
    answered: true,
  };
}

const isoDate = (iso: string) => iso.slice(0, 10);

function saleAnswer(c: Ctx): Built {
  const facts: string[] = [];
  const parts: string[] = [];
  for (const sale of c.view.sales) {
    const intro = c.copy.saleIntro({ name: sale.name, ends: isoDate(sale.endsAt) });
    const items = sale.items
      .filter((i) => !c.entities.regionId || i.regionId === c.entities.regionId)
      .map((i) =>
        c.copy.saleLine({
          plan: i.planName,
          region: i.regionName,
          months: i.months,
          price: money(c, i.salePriceCents),
          regular: money(c, i.originalPriceCents),
          left: i.stockLeft,
        }),
      );
    if (items.length === 0) continue;
    facts.push(intro, ...items);
    parts.push(para(intro), list(items));
  }
  if (parts.length === 0) {
    parts.push(para(c.copy.noSale), `<p>${link(c.language, '/activity/promotion', c.copy.salePage)}</p>`);
    return { parts, facts: [], passages: [], sources: ['/activity/promotion'], answered: true };
  }
  parts.push(cite(c, [{ path: '/activity/vps', text: c.copy.salePage }]));
  return fromCatalog(parts, facts, '/activity/vps');
}

function groupAnswer(c: Ctx): Built {
  // Both prices as the engine charges them in the visitor's currency (docs/decisions/060-group-buy-payment.md).
  const offers = c.view.offers.map((o) => ({ o, price: offerPriceIn(o, c.currency) }));
  const lines = offers.map(({ o, price }) =>
    c.copy.groupLine({
      name: o.name,
      plan: o.planName,
      region: o.regionName,
      months: o.months,
      size: o.groupSize,
      price: formatMoney(price.groupMinor, c.currency, c.language),
      single: formatMoney(price.singleMinor, c.currency, c.language),
      hours: o.groupHours,
    }),
  );
  const rules = [...c.view.groupRules, ...c.view.offers.flatMap((o) => o.rules)];
  const parts = lines.length ? [para(c.copy.groupIntro), list(lines)] : [para(c.copy.noGroup)];
  parts.push(
    para(c.copy.groupRules),
    list(rules),
    cite(c, [{ path: '/activity/pintuan/vps', text: c.copy.groupPage }]),
  );
  return {
    parts,
    facts: [...lines, ...rules].map((text) => ({ text, link: '/activity/pintuan/vps' })),
    passages: [],
    sources: ['/activity/pintuan/vps'],
    answered: true,
  };
}

function couponAnswer(c: Ctx): Built {
  const facts = c.view.coupons.map((k) =>
    c.copy.couponLine({
      name: k.name,
      off: k.kind === 'percent' ? c.copy.percentOff(k.percentOff) : money(c, k.amountCents),
      threshold: k.thresholdCents > 0 ? money(c, k.thresholdCents) : null,
      days: k.validDays,
      newOnly: k.newCustomerOnly,
    }),
  );
  const parts = facts.length ? [para(c.copy.couponIntro), list(facts)] : [para(c.copy.noCoupons)];
  parts.push(`<p>${link(c.language, '/ac/coupon', c.copy.couponCentre)}</p>`);
  return fromCatalog(parts, facts, '/ac/coupon');
}

async function documentAnswer(c: Ctx, intent: Intent | undefined): Promise<Built> {
  const passages = await documentPassages(c, intent);
  const top = passages[0];
  const min = intent ? MIN_SCORE_WITH_INTENT : MIN_SCORE;
  if (!top || top.score < min) return { parts: [], facts: [], passages: [], sources: [], answered: false };
  const hints = intent ? (INTENT_HINTS[intent]?.[c.language] ?? '') : '';
  const sentences = bestExcerpt(top, c.question, hints, c.language);
  const parts = [
    para(top.kind === 'article' ? c.copy.fromDoc(top.title) : c.copy.fromNotice(top.title)),
    sentences.length > 1 ? list(sentences) : para(sentences[0] ?? ''),
    `<p>${link(c.language, top.path, c.copy.readArticle(top.title))}</p>`,
  ];
  const sources = [top.path];
  if (intent === 'account') {
    parts.push(`<p>${link(c.language, '/signUp', c.copy.signUp)}</p>`);
  }
  return { parts, facts: [], passages: [{ ...top, text: sentences.join(' ') }], sources, answered: true };
}

/**
 * Signing up, activating and resetting a password are what the site's own pages do: the answer is what those pages
 * say (their texts), with a link to them. Other account questions (two-factor, responsibilities) go to the
 * documents.
 */
async function accountAnswer(c: Ctx): Promise<Built> {
  const text = normalize(c.question);
  const a = c.view.account;
  let facts: string[];
  let next: { path: string; text: string };
  if (PASSWORD_WORDS.test(text)) {
    facts = [a.resetPassword];
    next = { path: '/resetPassword', text: c.copy.resetPassword };
  } else if (SIGN_UP_WORDS.test(text)) {
    facts = [a.signUp, a.activate];
    next = { path: '/signUp', text: c.copy.signUp };
  } else {
    return documentAnswer(c, 'account');
  }
  const parts = [list(facts), cite(c, [next, { path: '/activate', text: c.copy.activatePage }])];
  return {
    parts,
    facts: facts.map((f) => ({ text: f, link: next.path })),
    passages: [],
    sources: [next.path, '/activate'],
    answered: true,
  };
}

function decline(c: Ctx, offTopic: boolean): Built {
  const parts = [
    para(offTopic ? c.copy.declined : c.copy.notFound),
    para(c.copy.canHelp),
    list(EXAMPLE_QUESTIONS[c.language]),
    `<ul><li>${link(c.language, '/product/vps', c.copy.productVps)}</li><li>${link(c.language, '/doc', c.copy.browseDocs)}</li><li>${link(c.language, '/contact', c.copy.contact)}</li></ul>`,
  ];
  return { parts, facts: [], passages: [], sources: ['/product/vps', '/doc', '/contact'], answered: false };
}

async function compose(c: Ctx, intent: Intent | undefined): Promise<Built> {
  switch (intent) {
    case 'planPrice':
      return planPrices(c);
    case 'cheapest':
      return cheapest(c);
    case 'regions':
      return c.entities.regionId && c.entities.planId ? regionAvailability(c) : regionsAnswer(c);
    case 'regionAvailability':
      return regionAvailability(c);
    case 'domainPrice':
      return domainAnswer(c);
    case 'snapshot':
      return snapshotAnswer(c);
    case 'sale':
      return saleAnswer(c);
    case 'groupBuy':
      return groupAnswer(c);
    case 'coupons':
      return couponAnswer(c);
    case 'offTopic':
      return decline(c, true);
    case 'account':
      return accountAnswer(c);
    default: {
      const built = await documentAnswer(c, intent);
      return built.answered ? built : decline(c, false);
    }
  }
}

/** What carries over from the question before: its intent, and its entities under the new ones. */
function merge(
  previous: { intent: Intent; entities: Entities } | undefined,
  now: { intent: Intent | undefined; entities: Entities; followUp: boolean },
): { intent: Intent | undefined; entities: Entities } {
  if (!previous || !now.followUp || !CATALOG_INTENTS.has(previous.intent)) return now;
  const intent = now.intent ?? previous.intent;
  if (!CATALOG_INTENTS.has(intent)) return now;
  const kept: Entities = { ...previous.entities };
  // A new plan description replaces the old plan; a new region replaces the old region.
  if (
    now.entities.planId ||
    now.entities.cpu !== undefined ||
    now.entities.memoryGb !== undefined ||
    now.entities.lineId
  ) {
    delete kept.planId;
    delete kept.cpu;
    delete kept.memoryGb;
    delete kept.lineId;
  }
  if (now.entities.suffix) delete kept.domainName;
  const entities = { ...kept, ...now.entities };
  return {
    intent: intent === 'regions' && entities.planId && entities.regionId ? 'regionAvailability' : intent,
    entities,
  };
}

/**
 * The helper's answer (docs/decisions/047-chat-answers.md): the question's language and intent recognised, facts
 * from the catalog and the pricing model in the visitor's currency, policies and how-tos from the documents in
 * whole sentences, every page used cited, and the next step offered. With CHAT_LLM_URL set, the provider writes
 * the answer from the same facts and passages; on its failure or timeout the retrieval answer is used.
 */
export async function answerQuestion(
  db: Database,
  input: { question: string; locale: Locale; currency?: CurrencyCode | undefined; conversation?: string | undefined },
  llm: LlmSettings | null = llmSettings(),
): Promise<ChatAnswer> {
  const language = questionLanguage(input.question, input.locale);
  const [views, previous] = await Promise.all([
    catalogViews(db),
    input.conversation ? readContext(db, input.conversation) : Promise.resolve(undefined),
  ]);
  const view = views[language];
  const others = (Object.keys(views) as Locale[]).filter((l) => l !== language).map((l) => views[l]);
  const recognised = recognise(input.question, [view, ...others]);
  const { intent, entities } = merge(previous, recognised);
  const code = input.currency ?? defaultCurrency(language);
  const currency = view.currencies.find((c) => c.type === code) ??
    view.currencies.find((c) => c.type === 'USD') ?? { type: 'USD', rate: 1, digits: 2 };
  const c: Ctx = { db, question: input.question, language, copy: CHAT_COPY[language], view, currency, entities };
  const built = await compose(c, intent);

  if (input.conversation && intent && built.answered) {
    await saveContext(db, input.conversation, { intent, entities, language });
  }

  const evidence = [...built.facts.map((f) => f.text), ...built.passages.map((p) => p.text)];
  const siteUrl = env().SITE_URL;
  const base = { sources: built.sources, language, intent, evidence };
  if (llm && built.answered) {
    const written = await askLlm(llm, {
      question: input.question,
      locale: language,
      passages: built.passages.map((p) => ({ ...p, path: localizedPath(language, p.path) })),
      facts: built.facts.map((f) => ({ text: f.text, link: localizedPath(language, f.link) })),
    });
    if (written) {
      let html = sanitizeAnswerHtml(/<\w/.test(written) ? written : `<p>${escapeHtml(written)}</p>`, siteUrl);
      // The provider is told to cite its sources; when it did not, the answer cites them itself.
      if (!built.sources.some((s) => html.includes(`href="${localizedPath(language, s)}`))) {
        html += sanitizeAnswerHtml(
          cite(
            c,
            built.sources.map((path) => ({ path, text: path })),
          ),
          siteUrl,
        );
      }
      return { html, provider: 'llm', ...base };
    }
  }
  return { html: sanitizeAnswerHtml(built.parts.join(''), siteUrl), provider: 'retrieval', ...base };
}

/** The configured provider (CHAT_LLM_URL, CHAT_LLM_KEY, CHAT_LLM_MODEL), or null for the embedded default. */
export function llmSettings(): LlmSettings | null {
  const e = env();
  if (!e.CHAT_LLM_URL) return null;
  return { url: e.CHAT_LLM_URL, key: e.CHAT_LLM_KEY, model: e.CHAT_LLM_MODEL, timeoutMs: e.CHAT_LLM_TIMEOUT_MS };
}
