import 'server-only';
import { env } from '@/env';
import { consumerPrice, consumerScaled, consumerUsdCents, type DisplayTax } from '@/lib/billing/display';
import { escapeHtml, sanitizeAnswerHtml } from '@/lib/chat/sanitize-html';
import { type CurrencyCode, defaultCurrency } from '@/lib/currency';
import type { Locale } from '@/lib/locales';
import { type CurrencyRate, convertHourlyMicroUsd } from '@/lib/money';
import { localizedPath } from '@/lib/routes';
import { offerPriceIn } from '../api/pintuan/queries';
import { displayTaxFor } from '../billing/display';
import type { Database } from '../db/client';
import { joinedWords } from '../search/text';
import { type CatalogView, type ChatPlan, catalogViews } from './catalog';
import { readContext, saveContext } from './context';
import { CHAT_COPY, type ChatCopy, EXAMPLE_QUESTIONS } from './copy';
import { articleLinks, articlesBySlug, candidateDocuments, type FoundDocument } from './documents';
import {
  CATALOG_INTENTS,
  type Entities,
  FAILED,
  type Intent,
  normalize,
  PASSWORD_WORDS,
  type Recognised,
  recognise,
  SIGN_UP_WORDS,
} from './intents';
import { CANONICAL, type Concept, conceptsIn, INTENT_HINTS, mentions } from './lexicon';
import { askLlm, type LlmFact, type LlmSettings } from './llm';
import { bestExcerpt, type Passage, rankPassages, rankSections, scoredExcerpt, terms } from './retrieve';
import { prepareQuestion } from './understand';

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
  /** The part of the question being answered, normalised and corrected. */
  question: string;
  language: Locale;
  copy: ChatCopy;
  view: CatalogView;
  currency: CurrencyRate;
  /** Japanese answers in yen state prices with consumption tax first, as the pages do (docs/decisions/066-tax.md). */
  tax: DisplayTax;
  entities: Entities;
  /** Words of the question the site never uses. */
  unknown: string[];
  /** The questions on this subject the part holds, when more than one ("refund timeline? and how do I ask"). */
  pieces: string[];
};

const money = (c: Ctx, usdCents: number) => consumerUsdCents(usdCents, c.currency, c.language, c.tax);

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

/**
 * Places a question asks for a region in that are none of ours ("australia", 澳洲, オーストラリア): the question's words
 * that are no concept, entity or stop word, in a question about where we are.
 */
function placesNotServed(c: Ctx): string[] {
  if (c.entities.regionId || !mentions('availability', c.question)) return [];
  const english = [...c.question.matchAll(/\bin ([a-z]{4,})\b/g)]
    .map((m) => m[1] ?? '')
    .filter((w) => conceptsIn(w).size === 0);
  const names = c.view.regions.flatMap((r) => [r.city, r.country]).join(' ');
  const cjk =
    c.language === 'en'
      ? []
      : joinedWords(c.question, c.language).filter(
          (w) => /[\p{Script=Han}\p{Script=Katakana}]/u.test(w) && conceptsIn(w).size === 0 && !names.includes(w),
        );
  return [...new Set([...english, ...cjk])];
}

function regionsAnswer(c: Ctx): Built {
  const e = c.entities;
  const plan = e.planId ? c.view.plans.find((p) => p.id === e.planId) : undefined;
  const regions = plan ? c.view.regions.filter((r) => plan.regions.includes(r.id)) : c.view.regions;
  const facts = regions.map((r) => c.copy.regionLine({ city: r.city, country: r.country, pct: r.priceAdjustmentPct }));
  const parts = [para(plan ? c.copy.regionsOfPlan(plan.name) : c.copy.regionsIntro), list(facts)];
  parts.push(cite(c, [{ path: '/product/vps', text: c.copy.productVps }]));
  if (plan) parts.push(configureLink(c, plan, undefined));
  const built = fromCatalog(parts, facts, '/product/vps');
  const places = placesNotServed(c);
  return places.length ? withNotMentioned(c, built, places, c.copy.noRegionIn(places)) : built;
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
  const named = e.suffixes ?? (e.suffix ? [e.suffix] : []);
  const askedAll = named.flatMap((n) => c.view.suffixes.filter((s) => s.suffix === n));
  const asked = askedAll[0];
  const shown = askedAll.length ? askedAll : c.view.suffixes.filter((s) => s.category === 'popular').slice(0, 6);
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

/** What a failed payment is called on the site's pages, for a question about not paying. */
const FAILED_HINTS: Record<Locale, string> = {
  en: 'payment fails grace period suspended',
  zh: '付款失败 宽限期 暂停',
  ja: 'お支払いができなかった 猶予期間 一時停止',
};

const hintsOf = (intent: Intent | undefined, language: Locale): string =>
  intent && intent in INTENT_HINTS ? (INTENT_HINTS[intent as keyof typeof INTENT_HINTS]?.[language] ?? '') : '';

async function documentPassages(c: Ctx, intent: Intent | undefined): Promise<Passage[]> {
  const hints = hintsOf(intent, c.language);
  const docs = await candidateDocuments(c.db, `${c.question} ${hints}`, c.language, CANDIDATES);
  return rankPassages(docs, c.question, hints, c.language, c.currency, c.tax);
}

/** Policies in the order of how much of the question their name and description share (the one described first). */
function snapshotsByQuestion(c: Ctx): CatalogView['snapshots'] {
  const asked = new Set(terms(c.question));
  const overlap = (s: CatalogView['snapshots'][number]) =>
    new Set(terms(`${s.name} ${s.description}`).filter((t) => asked.has(t))).size;
  return [...c.view.snapshots].sort((a, b) => overlap(b) - overlap(a));
}

async function snapshotAnswer(c: Ctx): Promise<Built> {
  const facts = snapshotsByQuestion(c).map((s) =>
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
    const sentences = bestExcerpt(passage, c.question, hintsOf('snapshot', c.language), c.language);
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
      price: consumerPrice(price.groupMinor, c.currency, c.language, c.tax),
      single: consumerPrice(price.singleMinor, c.currency, c.language, c.tax),
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

/** Sections ranked this close to the best are read too: the sentence that answers may sit in the next one. */
const NEAR_SECTION = 0.6;
const SAME_PAGE_SECTION = 0.3;
const SECTIONS_READ = 6;
/**
 * What the section's own rank adds to its best sentence's: a section ranked far above the others (its heading
 * restates the question) answers though a sentence elsewhere shares as many words.
 */
const SECTION_RANK_WEIGHT = 1.5;

/** A passage's answering sentences, and those of the article they point to when they point to one. */
type Excerpt = { passage: Passage; sentences: string[]; followed?: { passage: Passage; sentences: string[] } };

/**
 * The passage that answers and its sentences: among the sections ranked near the best, the one whose sentence holds
 * most of the question (the section's own rank counting half a word, an announcement's half a word less).
 */
async function answeringExcerpt(c: Ctx, intent: Intent | undefined, min: number): Promise<Excerpt | undefined> {
  // A payment not made ("if I don't pay", 不交钱) is asked about what the site does when a payment fails.
  const hints =
    intent === 'billing' && FAILED.test(c.question)
      ? `${hintsOf(intent, c.language)} ${FAILED_HINTS[c.language]}`
      : hintsOf(intent, c.language);
  const docs = await candidateDocuments(c.db, `${c.question} ${hints}`, c.language, CANDIDATES);
  const sections = rankSections(docs, c.question, hints, c.language, c.currency, c.tax);
  const best = sections[0];
  if (!best || best.score < min) return undefined;
  let found: Excerpt | undefined;
  let topScore = -1;
  const canonical = intent && intent in CANONICAL ? CANONICAL[intent as keyof typeof CANONICAL]?.[c.language] : '';
  // The site's word for the subject stands in for a phrase naming it ("money back"); a word of the question that names
  // the subject itself ("withdraw", 出金) is matched by its subject already, and the site's word would only draw the
  // excerpt to sentences about refunds in general.
  const namedByWord = terms(c.question).some((t) => conceptsIn(t).has(intent as Concept));
  const asked = canonical && !namedByWord ? `${c.question} ${canonical}` : c.question;
  // The best sections of any document, and the other sections of the two best documents.
  const pages = [...new Set(sections.map((s) => s.path))].slice(0, 2);
  const near = sections.filter(
    (s) =>
      s.score >= best.score * NEAR_SECTION || (pages.includes(s.path) && s.score >= best.score * SAME_PAGE_SECTION),
  );
  for (const section of near.slice(0, SECTIONS_READ)) {
    // A list of the options asked about (payment methods) is the answer, whatever else the question says.
    const excerpt = scoredExcerpt(section, asked, hints, c.language, undefined, intent === 'payment' ? 0.5 : 0.1);
    // A section whose title or heading names the subject asked ("Service level agreement" for an SLA credit) answers
    // before one that mentions it in passing ("…SLA credits cannot be withdrawn" in the refund policy).
    const onSubject =
      intent !== undefined && conceptsIn(normalize(`${section.title} ${section.heading}`)).has(intent as Concept);
    const score =
      excerpt.score +
      SECTION_RANK_WEIGHT * (section.score / best.score) -
      (section.kind === 'announcement' ? 0.5 : 0) +
      (onSubject ? 1 : 0);
    if (excerpt.sentences.length && score > topScore) {
      found = { passage: section, sentences: excerpt.sentences };
      topScore = score;
    }
  }
  if (!found) return undefined;
  const followed = await followedLink(c, docs, found, asked, hints);
  return followed ? { ...found, followed } : found;
}

/**
 * When the sentence that answers points to another article by a link ("the abuse policy explains how to have it
 * opened", 「不正利用ポリシーをご覧ください」), the answer is in that article: its section that shares most with the
 * question is quoted after the pointing sentence, when one shares a word of the question.
 */
async function followedLink(
  c: Ctx,
  docs: FoundDocument[],
  found: { passage: Passage; sentences: string[] },
  asked: string,
  hints: string,
): Promise<{ passage: Passage; sentences: string[] } | undefined> {
  const source = docs.find((d) => d.path === found.passage.path);
  if (!source) return undefined;
  const quoted = found.sentences.join(' ');
  const slugs = [
    ...new Set(
      articleLinks(source.body)
        .filter((l) => quoted.includes(l.text) && l.slug !== found.passage.id)
        .map((l) => l.slug),
    ),
  ].slice(0, 2);
  if (slugs.length === 0) return undefined;
  const known = docs.filter((d) => d.kind === 'article' && slugs.includes(d.id));
  const missing = slugs.filter((s) => !known.some((d) => d.id === s));
  const linked = [...known, ...(await articlesBySlug(c.db, c.language, missing))];
  let best: { passage: Passage; sentences: string[] } | undefined;
  let bestScore = 0;
  for (const section of rankSections(linked, asked, hints, c.language, c.currency, c.tax).slice(0, SECTIONS_READ)) {
    const excerpt = scoredExcerpt(section, asked, hints, c.language);
    if (excerpt.sentences.length && excerpt.score >= 1 && excerpt.score > bestScore) {
      best = { passage: section, sentences: excerpt.sentences };
      bestScore = excerpt.score;
    }
  }
  return best;
}

/** The followed article's sentences under its title, with a link to it. */
function followedParts(c: Ctx, followed: { passage: Passage; sentences: string[] }): string[] {
  const { passage, sentences } = followed;
  return [
    para(c.copy.fromDoc(passage.title)),
    sentences.length > 1 ? list(sentences) : para(sentences[0] ?? ''),
    `<p>${link(c.language, passage.path, c.copy.readArticle(passage.title))}</p>`,
  ];
}

/**
 * The excerpts of the questions a question holds on one subject ("refund timeline? and how do I ask for one",
 * 「報酬率と最低支払額は？」 asked in two), each read on its own: sentences of the first excerpt's section are added to
 * it, another section's are quoted under their article's title.
 */
async function pieceExcerpts(
  c: Ctx,
  intent: Intent | undefined,
  found: Excerpt,
): Promise<{ sentences: string[]; others: { passage: Passage; sentences: string[] }[] }> {
  const sentences = [...found.sentences];
  const others: { passage: Passage; sentences: string[] }[] = [];
  const quoted = new Set([...sentences, ...(found.followed?.sentences ?? [])]);
  for (const piece of c.pieces.length > 1 ? c.pieces : []) {
    const more = await answeringExcerpt({ ...c, question: piece }, intent, MIN_SCORE_WITH_INTENT);
    const fresh = more?.sentences.filter((s) => !quoted.has(s)) ?? [];
    if (!more || fresh.length === 0) continue;
    for (const s of fresh) quoted.add(s);
    if (more.passage.path === found.passage.path && more.passage.heading === found.passage.heading) {
      sentences.push(...fresh);
    } else others.push({ passage: more.passage, sentences: fresh });
  }
  return { sentences, others };
}

async function documentAnswer(c: Ctx, intent: Intent | undefined): Promise<Built> {
  const first = await answeringExcerpt(c, intent, intent ? MIN_SCORE_WITH_INTENT : MIN_SCORE);
  if (!first) return { parts: [], facts: [], passages: [], sources: [], answered: false };
  const { sentences, others } = await pieceExcerpts(c, intent, first);
  const found = { ...first, sentences };
  const { passage: top, followed } = found;
  const parts = [
    para(top.kind === 'article' ? c.copy.fromDoc(top.title) : c.copy.fromNotice(top.title)),
    sentences.length > 1 ? list(sentences) : para(sentences[0] ?? ''),
    ...(followed ? followedParts(c, followed) : []),
    ...others.flatMap((o) =>
      o.passage.path === top.path
        ? [o.sentences.length > 1 ? list(o.sentences) : para(o.sentences[0] ?? '')]
        : followedParts(c, o),
    ),
    `<p>${link(c.language, top.path, c.copy.readArticle(top.title))}</p>`,
  ];
  const sources = [
    ...new Set([top.path, ...(followed ? [followed.passage.path] : []), ...others.map((o) => o.passage.path)]),
  ];
  if (intent === 'account') {
    parts.push(`<p>${link(c.language, '/signUp', c.copy.signUp)}</p>`);
  }
  const built: Built = {
    parts,
    facts: [],
    passages: [
      { ...top, text: sentences.join(' ') },
      ...(followed ? [{ ...followed.passage, text: followed.sentences.join(' ') }] : []),
      ...others.map((o) => ({ ...o.passage, text: o.sentences.join(' ') })),
    ],
    sources,
    answered: true,
  };
  return intent === 'payment' ? withNotMentioned(c, built, c.unknown) : built;
}

/**
 * When the question asks about something the site never names ("bitcoin", 比特币, コンビニ払い, "GPU servers"), the
 * answer says so in so many words and points to support, rather than implying it.
 */
function withNotMentioned(c: Ctx, built: Built, words: string[], sentence?: string): Built {
  if (words.length === 0) return built;
  const note = [
    para(sentence ?? c.copy.notMentioned(words)),
    `<p>${link(c.language, '/contact', c.copy.askSupport)}</p>`,
  ];
  return { ...built, parts: [...note, ...built.parts], sources: [...built.sources, '/contact'] };
}

/** Unknown words said of a product ("gpu servers", GPU服务器, GPUサーバー): what the question asks to be sold. */
function unknownProducts(c: Ctx): string[] {
  return c.unknown.filter((w) =>
    new RegExp(
      `${w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*(?:servers?|vps|instances?|服务器|主机|サーバ)`,
      'u',
    ).test(c.question),
  );
}

/** The page showing a live catalog table, for citing a fact read from that table. */
function tablePage(c: Ctx, table: string): { path: string; text: string } {
  const article = c.view.tableArticles[table];
  return article ? { path: article.path, text: article.title } : { path: '/product/vps', text: c.copy.productVps };
}

function licenceAnswer(c: Ctx): Built {
  const cpu = c.entities.cpu;
  const facts: string[] = [];
  for (const l of c.view.licences) {
    facts.push(c.copy.licenceLine({ name: l.name, price: money(c, l.centsPerVcpu) }));
  }
  const first = c.view.licences[0];
  if (first && cpu) facts.push(c.copy.licenceTotal({ cpu, price: money(c, first.centsPerVcpu * cpu) }));
  const page = tablePage(c, 'licences');
  const parts = [para(c.copy.licenceIntro), list(facts), para(c.copy.licenceNote), cite(c, [page])];
  return fromCatalog(parts, facts, page.path);
}

function termAnswer(c: Ctx): Built {
  const asked = c.entities.months;
  // The term asked about first, then the others.
  const rows = [...c.view.terms].sort((a, b) => Number(b.months === asked) - Number(a.months === asked));
  const facts = rows.map((t) => c.copy.termLine({ months: t.months, pct: t.percentOff }));
  const page = tablePage(c, 'terms');
  const parts = [para(c.copy.termIntro), list(facts), para(c.copy.termNote), cite(c, [page])];
  return fromCatalog(parts, facts, page.path);
}

function hourlyAnswer(c: Ctx): Built {
  const e = c.entities;
  const lines = c.view.lines.map((l) =>
    c.copy.hourlyLine({ line: l.name, hourly: c.view.plans.some((p) => p.lineId === l.id && p.hourlyBilling) }),
  );
  const facts = [...lines];
  const parts = [para(c.copy.hourlyIntro), list(lines)];
  const planish = e.planId || e.cpu !== undefined || e.memoryGb !== undefined;
  if (planish) {
    const { plans } = matchingPlans(c, { ...e, regionId: undefined });
    const prices = plans
      .filter((p) => p.hourlyBilling)
      .slice(0, 3)
      .map((p) =>
        c.copy.hourlyPrice({
          plan: p.name,
          price: consumerScaled(
            convertHourlyMicroUsd(p.hourlyPriceMicroUsd, c.currency),
            c.currency,
            c.language,
            c.tax,
          ),
          monthly: money(c, p.monthlyPriceCents),
        }),
      );
    if (prices.length) parts.push(list(prices));
    facts.push(...prices);
  }
  parts.push(para(c.copy.hourlyNote));
  const page = tablePage(c, 'vps-plans');
  parts.push(cite(c, [page, { path: '/product/vps', text: c.copy.productVps }]));
  return {
    parts,
    facts: facts.map((text) => ({ text, link: page.path })),
    passages: [],
    sources: [page.path, '/product/vps'],
    answered: true,
  };
}

/** A passage of the documents for the question, quoted under the facts when it adds to them. */
async function addPassage(c: Ctx, intent: Intent, built: Built): Promise<Built> {
  const found = await answeringExcerpt(c, intent, MIN_SCORE_WITH_INTENT);
  if (!found) return built;
  const { passage, sentences, followed } = found;
  return {
    ...built,
    parts: [
      ...built.parts.slice(0, -1),
      para(c.copy.fromDoc(passage.title)),
      sentences.length > 1 ? list(sentences) : para(sentences[0] ?? ''),
      ...(followed ? followedParts(c, followed) : []),
      cite(c, [{ path: passage.path, text: passage.title }]),
      ...built.parts.slice(-1),
    ],
    passages: [
      ...built.passages,
      { ...passage, text: sentences.join(' ') },
      ...(followed ? [{ ...followed.passage, text: followed.sentences.join(' ') }] : []),
    ],
    sources: [...new Set([passage.path, ...(followed ? [followed.passage.path] : []), ...built.sources])],
  };
}

const BANDWIDTH_WORDS = /bandwidth|port speed|mbps|带宽|宽带|端口速率|帯域|ポート速度/;
const TRAFFIC_WORDS = /traffic|流量|転送量|通信量|トラフィック/;

async function networkAnswer(c: Ctx): Promise<Built> {
  const e = c.entities;
  const bandwidthPage = tablePage(c, 'bandwidth');
  const trafficPage = tablePage(c, 'traffic');
  // A port speed asked about, or the tiers when bandwidth is asked without one.
  const tiers =
    e.mbps !== undefined
      ? [c.view.bandwidth.find((b) => b.mbps >= (e.mbps ?? 0)) ?? c.view.bandwidth.at(-1)].filter(
          (b) => b !== undefined,
        )
      : BANDWIDTH_WORDS.test(c.question) && !TRAFFIC_WORDS.test(c.question)
        ? c.view.bandwidth.filter((b) => b.monthlyPriceCents > 0)
        : [];
  const tier = tiers[0];
  const pack =
    e.trafficGb !== undefined
      ? (c.view.traffic.find((t) => t.gb >= (e.trafficGb ?? 0)) ?? c.view.traffic.at(-1))
      : undefined;
  const parts: string[] = [];
  const facts: string[] = [];
  if (tier) {
    const lines = tiers.map((b) => c.copy.bandwidthLine({ mbps: b.mbps, price: money(c, b.monthlyPriceCents) }));
    parts.push(para(c.copy.bandwidthIntro), list(lines));
    facts.push(...lines);
  }

  if (pack || !tier) {
    const shown = pack ? [pack] : c.view.traffic;
    const lines = shown.map((t) =>
      c.copy.trafficLine({ size: c.copy.size(t.gb), price: money(c, t.monthlyPriceCents) }),
    );
    parts.push(para(c.copy.trafficIntro), list(lines));
    facts.push(...lines);
  }
  const page = tier && !pack ? bandwidthPage : trafficPage;
  parts.push(cite(c, [page]));
  const built = fromCatalog(parts, facts, page.path);
  // A question about a price of a size asked is answered by the table; any other (overage, what counts) by the text.
  return tier || pack ? built : addPassage(c, 'network', built);
}

async function volumeAnswer(c: Ctx): Promise<Built> {
  const media = c.entities.media;
  const disks = media
    ? c.view.disks.filter((d) => `${d.name} ${d.mediaType}`.toLowerCase().includes(media))
    : c.view.disks;
  const shown = disks.length ? disks : c.view.disks;
  const facts = shown.map((d) =>
    c.copy.volumeLine({
      name: d.name,
      price: money(c, d.pricePerGbCents),
      min: c.copy.size(d.minGb),
      max: c.copy.size(d.maxGb),
      step: d.stepGb,
    }),
  );
  const page = tablePage(c, 'disk-products');
  const built = fromCatalog([para(c.copy.volumeIntro), list(facts), cite(c, [page])], facts, page.path);
  return media && mentions('price', c.question) ? built : addPassage(c, 'volume', built);
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
    case 'planPrice': {
      const unknown = unknownProducts(c);
      return withNotMentioned(c, planPrices(c), unknown);
    }
    case 'licence':
      return licenceAnswer(c);
    case 'termDiscount':
      return termAnswer(c);
    case 'hourly':
      return hourlyAnswer(c);
    case 'network':
      return networkAnswer(c);
    case 'volume':
      return volumeAnswer(c);
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
      if (!built.answered) return decline(c, false);
      // A passage found for a question of no subject the helper knows ("do you sell email hosting?") shares words
      // with it, which is not the same as answering: said so, with where to ask.
      return intent ? built : withNotMentioned(c, built, [''], c.copy.closest);
    }
  }
}

type Unit = Recognised & { text: string; pieces: string[] };

/** Subjects a plan named in the next part of the question belongs to. */
const ARGUMENT_OF: ReadonlySet<Intent> = new Set<Intent>([
  'licence',
  'hourly',
  'termDiscount',
  'snapshot',
  'network',
  'volume',
]);

/** Plan entities a later part of the question inherits from an earlier one ("…多少钱，在哪些地域有"). */
const PLAN_KEYS = ['planId', 'cpu', 'memoryGb', 'lineId', 'regionId'] as const;

/**
 * The questions a question holds, each with its intent: a part naming only entities ("6 months?", 「半年付呢」) joins
 * the part before it (or after it, when first), parts of one intent are answered once, and a part about the same
 * plan keeps the plan named before.
 */
function units(parts: string[], views: CatalogView[]): Unit[] {
  const out: Unit[] = [];
  let pending: Unit | undefined;
  for (const text of parts) {
    const now: Unit = { ...recognise(text, views), text, pieces: [text] };
    const last = out.at(-1);
    // "…and how do I ask for one": a weak how-to after a question continues that question.
    const continues =
      last !== undefined &&
      ((now.intent === 'howTo' && !now.entities.planId) ||
        // "…windows? how much on a 4 vcpu box", 「…ライセンス料は？2vCPUだと」: a plan after a subject it is the argument of.
        (now.intent === 'planPrice' && ARGUMENT_OF.has(last.intent ?? 'howTo')));
    if (!now.intent || continues) {
      if (last) {
        last.entities = {
          ...last.entities,
          ...withoutUndefined(now.entities),
          ...keepAsked(last.entities, now.entities),
        };
        last.text = `${last.text} ${text}`;
      } else pending = pending ? { ...pending, text: `${pending.text} ${text}` } : now;
      continue;
    }
    if (pending) {
      now.entities = { ...pending.entities, ...now.entities };
      now.text = `${pending.text} ${now.text}`;
      now.followUp = now.followUp || pending.followUp;
      pending = undefined;
    }
    if (last && last.intent === now.intent) {
      last.entities = {
        ...last.entities,
        ...withoutUndefined(now.entities),
        ...keepAsked(last.entities, now.entities),
      };
      last.text = `${last.text} ${text}`;
      last.pieces.push(text);
      continue;
    }
    if (last && CATALOG_INTENTS.has(now.intent)) {
      for (const key of PLAN_KEYS) {
        if (now.entities[key] === undefined && last.entities[key] !== undefined) {
          (now.entities as Record<string, unknown>)[key] = last.entities[key];
        }
      }
    }
    out.push(now);
  }
  if (pending) out.push(pending);
  return out;
}

const withoutUndefined = (e: Entities): Entities =>
  Object.fromEntries(Object.entries(e).filter(([, v]) => v !== undefined)) as Entities;
/** The term asked first stays the one answered first; every suffix asked is kept. */
function keepAsked(before: Entities, after: Entities = {}): Entities {
  const kept: Entities = before.months !== undefined ? { months: before.months } : {};
  const suffixes = [
    ...new Set([...(before.suffixes ?? []), before.suffix, ...(after.suffixes ?? []), after.suffix]),
  ].filter((s): s is string => Boolean(s));
  if (suffixes.length > 1) kept.suffixes = suffixes;
  if (suffixes[0]) kept.suffix = suffixes[0];
  return kept;
}

/** Several answers in one, in the order of the question's parts, each page cited once. */
function combine(built: Built[]): Built {
  if (built.length === 1 && built[0]) return built[0];
  const answered = built.filter((b) => b.answered);
  const shown = answered.length ? answered : built.slice(0, 1);
  return {
    parts: shown.flatMap((b) => b.parts),
    facts: shown.flatMap((b) => b.facts),
    passages: shown.flatMap((b) => b.passages),
    sources: [...new Set(shown.flatMap((b) => b.sources))],
    answered: answered.length > 0,
  };
}

/** What carries over from the question before: its intent, and its entities under the new ones. */
function merge(
  previous: { intent: Intent; entities: Entities } | undefined,
  now: Unit,
): { intent: Intent | undefined; entities: Entities } {
  if (!previous || !now.followUp || !CATALOG_INTENTS.has(previous.intent)) return now;
  // "4核呢" after a licence question: the size is the licence's argument, not a new question about plans.
  const intent = now.intent && !(now.weak && ARGUMENT_OF.has(previous.intent)) ? now.intent : previous.intent;
  // "and for 4?" after a licence question: a bare number is the vCPUs to license.
  const bare = /(?<![\d.])(\d{1,3})(?![\d.%])/.exec(now.text)?.[1];
  if (intent === 'licence' && now.entities.cpu === undefined && bare) now.entities.cpu = Number(bare);
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
  const [views, previous] = await Promise.all([
    catalogViews(db),
    input.conversation ? readContext(db, input.conversation) : Promise.resolve(undefined),
  ]);
  const prepared = await prepareQuestion(db, input.question, input.locale, [views.en, views.zh, views.ja]);
  const { language } = prepared;
  const view = views[language];
  const others = (Object.keys(views) as Locale[]).filter((l) => l !== language).map((l) => views[l]);
  const asked = units(prepared.parts, [view, ...others]);
  // A follow-up continues the conversation's last question ("and in Tokyo?").
  const [first] = asked;
  if (first && asked.length === 1) Object.assign(first, merge(previous, first));
  // The currency the question names wins over the page's (docs/decisions/058-chat-general.md).
  const code = prepared.currency ?? input.currency ?? defaultCurrency(language);
  const currency = view.currencies.find((c) => c.type === code) ??
    view.currencies.find((c) => c.type === 'USD') ?? { type: 'USD', rate: 1, digits: 2 };
  const copy = CHAT_COPY[language];
  const tax = await displayTaxFor(db, language, currency.type);
  const answers: Built[] = [];
  for (const unit of asked.length
    ? asked
    : [{ intent: undefined, entities: {}, followUp: false, text: prepared.text, pieces: [prepared.text] }]) {
    const c: Ctx = {
      db,
      question: unit.text,
      language,
      copy,
      view,
      currency,
      tax,
      entities: unit.entities,
      unknown: prepared.unknown,
      pieces: unit.pieces,
    };
    answers.push(await compose(c, unit.intent));
  }
  const built = combine(answers);
  const c: Ctx = {
    db,
    question: prepared.text,
    language,
    copy,
    view,
    currency,
    tax,
    entities: {},
    unknown: [],
    pieces: [],
  };
  const last = [...asked].reverse().find((u) => u.intent);
  const intent = last?.intent;
  // The context keeps one suffix, as it keeps one region.
  const { suffixes: _suffixes, ...entities } = last?.entities ?? {};

  if (input.conversation && intent && built.answered) {
    await saveContext(db, input.conversation, { intent, entities, language });
  }

  const evidence = [...built.facts.map((f) => f.text), ...built.passages.flatMap((p) => [p.text, p.title])];
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
