import 'server-only';
import type { CatalogView } from './catalog';
import { type Concept, conceptsIn, mentions } from './lexicon';

/**
 * What a question asks (docs/decisions/047-chat-answers.md, docs/decisions/058-chat-general.md): the intent whose
 * concepts (src/server/chat/lexicon.ts) and entities weigh most in it, and the entities it names, found by the
 * catalog's own names in every language (plan names, region cities and countries, product lines, domain suffixes),
 * so a plan or region added in the back office is understood without a code change.
 */
export type Intent =
  | 'planPrice'
  | 'cheapest'
  | 'regions'
  | 'regionAvailability'
  | 'domainPrice'
  | 'snapshot'
  | 'sale'
  | 'groupBuy'
  | 'coupons'
  | 'licence'
  | 'termDiscount'
  | 'hourly'
  | 'network'
  | 'volume'
  | 'refund'
  | 'sla'
  | 'payment'
  | 'billing'
  | 'tax'
  | 'account'
  | 'affiliate'
  | 'abuse'
  | 'limits'
  | 'planChange'
  | 'privacy'
  | 'delivery'
  | 'acceptableUse'
  | 'howTo'
  | 'offTopic';

export type Entities = {
  planId?: string;
  regionId?: string;
  lineId?: string;
  cpu?: number;
  memoryGb?: number;
  suffix?: string;
  /** Every suffix asked about, when more than one (".co? and .ai?"). */
  suffixes?: string[];
  /** A full domain name the visitor typed (`example.com`), for the domain search. */
  domainName?: string;
  /** A billing term in months (annual → 12, 季付 → 3, 半年 → 6). */
  months?: number;
  /** A port speed asked about. */
  mbps?: number;
  /** A traffic package size asked about, in GB. */
  trafficGb?: number;
  /** A volume's medium asked about (NVMe, SSD, HDD). */
  media?: string;
  /** A snapshot policy named ("monthly archive", 每 6 小时快照). */
  snapshotId?: string;
};

export type Recognised = {
  intent: Intent | undefined;
  entities: Entities;
  followUp: boolean;
  /** The intent comes from the entities alone (a plan's size), no word of its subject: "4核呢", "4vCPUなら？". */
  weak?: boolean;
};

/** Lower-case, width-folded (ＶＰＳ → vps), spaces collapsed. */
export function normalize(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
}

const compact = (s: string) => normalize(s).replace(/[\s/·,，、]+/g, '');
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A name as a whole word in Latin text ("la" never inside "plan"), anywhere in CJK text. */
function namedIn(text: string, name: string): boolean {
  if (!name) return false;
  if (/^[a-z0-9 .-]+$/.test(name)) return new RegExp(`(?<![a-z0-9])${escapeRegExp(name)}(?![a-z0-9])`).test(text);
  return text.includes(name);
}

/** The names a region goes by: its city in every language, its id, its country when no other region shares it, "hk". */
function regionNames(views: CatalogView[]): Map<string, string[]> {
  const names = new Map<string, Set<string>>();
  const countries = new Map<string, Set<string>>();
  for (const view of views) {
    for (const r of view.regions) {
      const set = names.get(r.id) ?? new Set<string>();
      for (const n of [r.city, r.id.replace(/-/g, ' ')]) set.add(normalize(n));
      const words = normalize(r.city).split(' ');
      if (words.length > 1) set.add(words.map((w) => w[0]).join(''));
      names.set(r.id, set);
      const country = normalize(r.country);
      countries.set(country, (countries.get(country) ?? new Set()).add(r.id));
    }
  }
  for (const [country, ids] of countries) {
    const [only] = [...ids];
    if (ids.size !== 1 || !only) continue;
    names.get(only)?.add(country);
    // "South Korea" is also "Korea".
    const last = country.split(' ');
    const word = last.at(-1) ?? '';
    if (last.length > 1 && word.length >= 5 && !/^(?:states|kingdom|republic|emirates|islands)$/.test(word)) {
      names.get(only)?.add(word);
    }
  }
  return new Map([...names].map(([id, set]) => [id, [...set].filter(Boolean)]));
}

const MONTHS: [RegExp, number][] = [
  [/half[\s-]?year|semi[\s-]?annual|six months|半年/, 6],
  [
    /annual|yearly|a year|per year|for a year|12 months|twelve months|年付|包年|按年|一年|年払|年額|1年|年間契約|年契約/,
    12,
  ],
  [/quarter|three months|季付|按季|季度|四半期/, 3],
];

/** Entities named in the question, by the catalog's names in every language. */
export function findEntities(text: string, views: CatalogView[]): Entities {
  const entities: Entities = {};
  const flat = compact(text);
  // Plan names: the longest match wins ("Standard 1 vCPU / 2 GB" over a shorter name it starts with).
  let planMatch = 0;
  for (const view of views) {
    for (const p of view.plans) {
      for (const name of [p.name, p.id]) {
        const c = compact(name);
        if (c.length > planMatch && flat.includes(c)) {
          entities.planId = p.id;
          planMatch = c.length;
        }
      }
    }
  }
  // A snapshot policy by its name, in any language: its words ("6 小时", "monthly") are the policy's, not a subject's.
  let snapshotMatch = 0;
  for (const view of views) {
    for (const policy of view.snapshots) {
      const c = compact(policy.name);
      if (c.length > snapshotMatch && flat.includes(c)) {
        entities.snapshotId = policy.id;
        snapshotMatch = c.length;
      }
    }
  }
  // The longest region name found wins ("los angeles" over a shorter name inside it).
  let regionMatch = 0;
  for (const [id, names] of regionNames(views)) {
    for (const n of names) {
      if (n.length > regionMatch && namedIn(text, n)) {
        entities.regionId = id;
        regionMatch = n.length;
      }
    }
  }
  // "Storage" names a line of servers, but "block storage" and volumes are disks.
  const aboutVolumes = mentions('volume', text);
  for (const view of views) {
    for (const l of view.lines) {
      if (!entities.lineId && !aboutVolumes && flat.includes(compact(l.name))) entities.lineId = l.id;
    }
  }
  if (!entities.lineId && mentions('dedicated', text)) {
    const line = views[0]?.lines.find((l) => l.dedicated);
    if (line) entities.lineId = line.id;
  }
  const cpu = /(\d{1,3})\s*(?:v?cpus?|vcores?|cores?|核|コア|c(?=\s*\d|\b))/.exec(text)?.[1];
  if (cpu) entities.cpu = Number(cpu);
  // Memory: a size in GB not said of a disk, of traffic or as a unit price ("4GB", "4 gig", "2核4G").
  const withoutCpu = text.replace(/(\d{1,3})\s*(?:v?cpus?|vcores?|cores?|核|コア)/g, ' ');
  const memory =
    /(?<!per |每|一个|1個|1つ)(\d{1,3})\s*(?:gb|gigs?|g|gib)(?![a-z])(?!\s*(?:ssd|nvme|hdd|disk|storage|traffic|of (?:disk|storage|traffic)|硬盘|磁盘|存储|流量|ディスク|ストレージ|転送|あたり|当たり|单价|単価))/.exec(
      withoutCpu,
    )?.[1];
  if (memory && Number(memory) <= 512 && !aboutVolumes && !mentions('network', text)) {
    entities.memoryGb = Number(memory);
  }
  for (const [pattern, months] of MONTHS) {
    if (pattern.test(text)) {
      entities.months = months;
      break;
    }
  }
  const counted = /(\d{1,2})\s*(?:months?|个月|か月|ヶ月|カ月|ケ月)/.exec(text)?.[1];
  if (counted && !entities.months) entities.months = Number(counted);
  const mbps = /(\d{2,5})\s*(?:mbps|mb\/s|m(?![a-z])|兆)/.exec(text)?.[1];
  if (mbps && mentions('network', text)) entities.mbps = Number(mbps);
  const traffic = /(\d{1,5})\s*(tb|t|gb|g)(?![a-z])/.exec(text);
  if (traffic?.[1] && mentions('network', text) && !entities.mbps) {
    entities.trafficGb = Number(traffic[1]) * (traffic[2]?.startsWith('t') ? 1000 : 1);
  }
  const media = /nvme|ssd|hdd/.exec(text)?.[0];
  if (media && aboutVolumes) entities.media = media;
  const suffixes = views[0]?.suffixes.map((s) => s.suffix) ?? [];
  // A full name ("example.com") first, then a suffix written alone (".com", "com 域名").
  const found: string[] = [];
  let rest = text;
  for (const suffix of [...suffixes].sort((a, b) => b.length - a.length)) {
    const escaped = escapeRegExp(suffix.slice(1));
    const full = new RegExp(`(?:^|[^a-z0-9.-])([a-z0-9][a-z0-9-]{0,62})\\.${escaped}(?![a-z0-9-])`).exec(rest);
    if (full?.[1] && !/^(?:a|the|my|per|of)$/.test(full[1]) && !entities.domainName) {
      entities.domainName = `${full[1]}${suffix}`;
      found.push(suffix);
      rest = rest.replace(full[0], ' ');
      continue;
    }
    const alone = new RegExp(`(?:^|[^a-z0-9])\\.?${escaped}(?![a-z0-9-])`);
    const dotted = new RegExp(`(?:^|[^a-z0-9])\\.${escaped}(?![a-z0-9.-])`);
    const at = dotted.exec(rest) ?? (mentions('domain', text) && found.length === 0 ? alone.exec(rest) : null);
    if (at) {
      found.push(suffix);
      // ".com.hk" found is not ".hk" again.
      rest = rest.replace(at[0], ' ');
    }
  }
  // In the order the question names them.
  found.sort((a, b) => text.indexOf(a) - text.indexOf(b));
  if (found[0]) entities.suffix = found[0];
  if (found.length > 1) entities.suffixes = found;
  return entities;
}

export const FAILED =
  /fail|unpaid|overdue|(?:don'?t|do not|didn'?t|did not|can'?t|cannot|not) pay|失败|欠费|扣不了|不交钱|不付|没付|没交|不缴|失敗|できなかった|払わな|払えな|未払|滞納/;

/** How much each concept says that its intent is asked. */
const WEIGHTS: Partial<Record<Concept, [Intent, number]>> = {
  planPrice: ['planPrice', 0.5],
  regions: ['regions', 2],
  domain: ['domainPrice', 3],
  snapshot: ['snapshot', 3],
  sale: ['sale', 2],
  groupBuy: ['groupBuy', 4],
  coupons: ['coupons', 4],
  licence: ['licence', 3],
  termDiscount: ['termDiscount', 2.5],
  hourly: ['hourly', 3],
  network: ['network', 3],
  volume: ['volume', 2.5],
  refund: ['refund', 3],
  sla: ['sla', 3],
  payment: ['payment', 3],
  billing: ['billing', 2],
  tax: ['tax', 3],
  account: ['account', 2],
  affiliate: ['affiliate', 3.5],
  abuse: ['abuse', 2.5],
  limits: ['limits', 1.5],
  planChange: ['planChange', 3],
  privacy: ['privacy', 3],
  delivery: ['delivery', 3],
  acceptableUse: ['acceptableUse', 3.5],
  howTo: ['howTo', 1],
  offTopic: ['offTopic', 2.5],
};

/** Subjects a plan can be the argument of. */
const TOPICS: ReadonlySet<Intent> = new Set<Intent>([
  'hourly',
  'licence',
  'termDiscount',
  'snapshot',
  'network',
  'volume',
  'refund',
  'sla',
  'payment',
  'billing',
  'tax',
  'affiliate',
  'abuse',
  'limits',
  'planChange',
  'privacy',
  'delivery',
  'acceptableUse',
]);

/** Ties go to the more specific intent. */
const PRIORITY: Intent[] = [
  'groupBuy',
  'coupons',
  'refund',
  'hourly',
  'licence',
  'termDiscount',
  'snapshot',
  'affiliate',
  'acceptableUse',
  'planChange',
  'delivery',
  'privacy',
  'sla',
  'tax',
  'domainPrice',
  'network',
  'volume',
  'payment',
  'abuse',
  'sale',
  'billing',
  'account',
  'limits',
  'cheapest',
  'regionAvailability',
  'regions',
  'planPrice',
  'howTo',
  'offTopic',
];

/** Intent scores of a question: its concepts' weights and its entities'. */
export function scoreIntents(text: string, entities: Entities): Map<Intent, number> {
  const concepts = conceptsIn(text);
  const score = new Map<Intent, number>();
  const add = (intent: Intent, by: number) => score.set(intent, (score.get(intent) ?? 0) + by);
  for (const concept of concepts) {
    const weight = WEIGHTS[concept];
    if (weight) add(weight[0], weight[1]);
  }
  const planish =
    entities.planId !== undefined ||
    entities.cpu !== undefined ||
    entities.memoryGb !== undefined ||
    entities.lineId !== undefined;
  const wantsPrice = concepts.has('price');
  const aboutServers = concepts.has('servers') || planish;
  if (entities.suffix) add('domainPrice', 4);
  // A way to pay named ("visa", 比特币) asks about payment, as the subject's own words do.
  if (concepts.has('paymentMethod') && !concepts.has('payment')) add('payment', 3);
  // A payment that failed is a billing question, not one about the ways to pay.
  if (FAILED.test(text)) add('billing', 2);
  if (planish) add('planPrice', 1.5);
  if (concepts.has('servers')) add('planPrice', 0.75);
  if (wantsPrice && aboutServers) add('planPrice', 1);
  if (wantsPrice && entities.regionId && !aboutServers) add('planPrice', 1);
  if (entities.months !== undefined && entities.months > 1)
    add('termDiscount', concepts.has('termDiscount') ? 0.5 : 2.5);
  if (entities.cpu !== undefined && score.has('licence')) add('licence', 1);
  if (entities.mbps !== undefined || entities.trafficGb !== undefined) add('network', 2);
  if (entities.media) add('volume', 1);
  if (entities.snapshotId) add('snapshot', 3);
  // "How many servers", "max number of servers per account": a limit on servers, not the account.
  if (concepts.has('limits') && concepts.has('servers')) add('limits', 1);
  if (wantsPrice) {
    for (const intent of [
      'domainPrice',
      'snapshot',
      'licence',
      'network',
      'volume',
      'termDiscount',
      'hourly',
    ] as const) {
      if (score.has(intent)) add(intent, 0.5);
    }
  }
  if (concepts.has('cheap') && (aboutServers || wantsPrice || entities.regionId || score.size === 0)) {
    add('cheapest', 3.5);
  }
  if (entities.regionId && planish && concepts.has('availability') && !wantsPrice) add('regionAvailability', 4);
  if (concepts.has('regions') && planish && !wantsPrice) add('regionAvailability', 2.5);
  if (entities.regionId && planish && !wantsPrice && !score.has('regions')) add('regionAvailability', 2);
  if (concepts.has('availability') && entities.regionId && !planish) add('regions', 1);
  // A plan named in a question about something else (its hourly price, a refund for it) is that subject's argument.
  if ([...score.keys()].some((i) => TOPICS.has(i))) score.set('planPrice', (score.get('planPrice') ?? 0) / 2);
  // Off-topic words inside a question about the site ("bitcoin" as a payment) do not make it off-topic.
  if (score.has('offTopic') && (aboutServers || wantsPrice)) score.delete('offTopic');
  return score;
}

/** The best-scoring intent, ties to the more specific; undefined when nothing scores. */
export function bestIntent(score: Map<Intent, number>): Intent | undefined {
  let best: Intent | undefined;
  let top = 0;
  for (const intent of PRIORITY) {
    const s = score.get(intent) ?? 0;
    if (s > top) {
      best = intent;
      top = s;
    }
  }
  return best;
}

/** The intent and entities of a question; `followUp` when it only adds entities to the question before. */
export function recognise(question: string, views: CatalogView[]): Recognised {
  const text = normalize(question);
  const entities = findEntities(text, views);
  let intent = bestIntent(scoreIntents(text, entities));
  // A price with nothing else to price, or a bare product word ("VPS", "サーバー"): what we sell and its prices.
  if (!intent && mentions('price', text) && entities.regionId) intent = 'planPrice';
  else if (!intent && mentions('price', text) && !mentions('followUp', text)) intent = 'billing';
  const onlyEntities = intent === undefined && Object.keys(entities).length > 0;
  const followUp = onlyEntities || (mentions('followUp', text) && text.length <= 40);
  const concepts = conceptsIn(text);
  const weak = intent !== undefined && ![...concepts].some((c) => WEIGHTS[c]?.[0] === intent);
  return { intent, entities, followUp, weak };
}

/** Account questions the site's own pages answer: signing up and activating, or a forgotten password. */
export const SIGN_UP_WORDS = /sign[\s-]?up|\bregister|activat|注册|激活|開設|登録|有効化|アクティベ/;
export const PASSWORD_WORDS = /password|密码|パスワード/;

/** Intents whose entities carry over to a follow-up that names another region or plan. */
export const CATALOG_INTENTS: ReadonlySet<Intent> = new Set<Intent>([
  'planPrice',
  'cheapest',
  'regions',
  'regionAvailability',
  'domainPrice',
  'sale',
  'groupBuy',
  'licence',
  'termDiscount',
  'hourly',
  'network',
  'volume',
  'snapshot',
]);
