import 'server-only';
import { LOCALES, type Locale } from '@/lib/locales';
import type { CatalogView } from './catalog';

/**
 * What a question asks (docs/decisions/047-chat-answers.md): an intent from per-language patterns, and the
 * entities it names, found by the catalog's own names in every language (plan names, region cities, product
 * lines, domain suffixes), so a plan or region added in the back office is understood without a code change.
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
  | 'refund'
  | 'sla'
  | 'billing'
  | 'account'
  | 'howTo'
  | 'offTopic';

export type Entities = {
  planId?: string;
  regionId?: string;
  lineId?: string;
  cpu?: number;
  memoryGb?: number;
  suffix?: string;
  /** A full domain name the visitor typed (`example.com`), for the domain search. */
  domainName?: string;
};

export type Recognised = { intent: Intent | undefined; entities: Entities; followUp: boolean };

type Patterns = Record<Locale, RegExp>;

/** Patterns are tried in every language: the page's language says nothing about the question's. */
const P = {
  groupBuy: {
    en: /group[\s-]?buy|pintuan|team[\s-]?buy|buy(?:ing)? together/,
    zh: /拼团|团购|开团|参团/,
    ja: /共同購入|グループ購入|グループ価格/,
  },
  coupons: { en: /coupons?|vouchers?|promo ?codes?/, zh: /优惠券|代金券|折扣券|满减券/, ja: /クーポン/ },
  sale: {
    en: /\bsales?\b|flash deals?|\bdeals?\b|promotions?|on offer|special offers?|discounts?/,
    zh: /特惠|促销|打折|秒杀|折扣|优惠活动|活动/,
    ja: /セール|割引|キャンペーン|特価/,
  },
  snapshot: { en: /snapshots?|backups?/, zh: /快照|备份/, ja: /スナップショット|バックアップ/ },
  domain: { en: /\bdomains?\b|\btld\b|suffix/, zh: /域名|后缀/, ja: /ドメイン/ },
  refund: { en: /refund|money[\s-]?back|cancel/, zh: /退款|退费|退订|退钱/, ja: /返金|払い戻|返品|解約/ },
  sla: {
    en: /\bsla\b|uptime|availability guarantee|service level/,
    zh: /\bsla\b|可用性|服务等级|在线率|稳定性/,
    ja: /\bsla\b|稼働率|サービスレベル|可用性/,
  },
  billing: {
    en: /\bbill(?:ing|ed)?\b|invoices?|payments?|\bpay\b|hourly|charged?|\btax(?:es)?\b|\bvat\b|balance|currenc(?:y|ies)|proration|prorat|paypal|alipay|wechat pay|credit cards?|payment methods?/,
    zh: /计费|账单|付款|支付|发票|按小时|按时|扣费|余额|税|币种|续费|信用卡/,
    ja: /課金|請求|支払|時間単位|インボイス|税|残高|通貨|日割|クレジットカード|paypay/,
  },
  account: {
    en: /\baccount\b|sign[\s-]?up|\bregister\b|activat|verif|log[\s-]?in|password|two[\s-]factor|\b2fa\b/,
    zh: /注册|激活|账户|账号|帐号|登录|密码|验证|实名/,
    ja: /アカウント|会員登録|新規登録|有効化|アクティベ|ログイン|パスワード|認証|登録/,
  },
  regions: {
    en: /\bregions?\b|locations?|data ?cent(?:er|re)s?|where (?:are|is|do)|which countr|\bavailable in\b|\boffered in\b|\bsold in\b/,
    zh: /地域|机房|节点|数据中心|地区|区域|哪些地方|哪里有/,
    ja: /リージョン|データセンター|拠点|地域|どこ/,
  },
  availability: {
    en: /\bavailable\b|\boffer(?:ed)?\b|\bsold\b|can i (?:get|have|buy|order)|is there|do you have/,
    zh: /有没有|能不能|可以买|能买|提供|有吗|可用/,
    ja: /ありますか|使え|提供|選べ|買え|利用でき/,
  },
  cheapest: {
    en: /cheapest|lowest|least expensive|\bcheap\b|budget|entry[\s-]level|smallest/,
    zh: /最便宜|最低|便宜|入门|最小/,
    ja: /最も安い|一番安い|最安|安い|最小/,
  },
  price: {
    en: /\bprices?\b|pricing|\bcosts?\b|how much|\bfees?\b|per month|monthly|\brate\b/,
    zh: /价格|价钱|多少钱|费用|收费|月付|每月|报价|资费|多少|几块/,
    ja: /料金|価格|値段|いくら|費用|月額|コスト/,
  },
  server: {
    en: /\bvps\b|servers?|\bplans?\b|v?cpus?\b|cores?|\bram\b|memory|instances?|\bmachines?\b/,
    zh: /服务器|云主机|主机|套餐|核|内存|vps|配置/,
    ja: /サーバー|プラン|コア|メモリ|インスタンス|vps/,
  },
  dedicated: { en: /dedicated|bare[\s-]?metal/, zh: /独立服务器|独服|物理机|独享/, ja: /専用サーバー|専有|ベアメタル/ },
  followUp: {
    en: /^(?:and|what about|how about|also|then)\b|^(?:in|for)\s/,
    zh: /^(?:那|那么|还有)|呢[?？]?$/,
    ja: /^(?:では|じゃあ|それでは)|(?:は|なら|だと|では)[?？]?$/,
  },
  offTopic: {
    en: /weather|recipe|joke|poem|football|soccer|movie|song|president|capital of|stock price|bitcoin price|homework|translate/,
    zh: /天气|菜谱|笑话|写诗|足球|电影|歌曲|总统|首都|股价|作业|翻译/,
    ja: /天気|レシピ|冗談|ジョーク|詩を|サッカー|映画|歌|大統領|首都|株価|宿題|翻訳/,
  },
} satisfies Record<string, Patterns>;

function has(patterns: Patterns, text: string): boolean {
  return LOCALES.some((l) => patterns[l].test(text));
}

/** Lower-case, width-folded (ＶＰＳ → vps), spaces collapsed. */
export function normalize(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
}

const compact = (s: string) => normalize(s).replace(/[\s/·,，、]+/g, '');

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
  for (const view of views) {
    for (const r of view.regions) {
      const names = [r.city, r.id.replace(/-/g, ' ')].map(normalize);
      if (!entities.regionId && names.some((n) => n && text.includes(n))) entities.regionId = r.id;
    }
    // "Storage" names a line of servers, but "block storage" and volumes are disks.
    const aboutVolumes = /block storage|volumes?|云硬盘|块存储|ブロックストレージ|ボリューム/.test(text);
    for (const l of view.lines) {
      if (!entities.lineId && !aboutVolumes && flat.includes(compact(l.name))) entities.lineId = l.id;
    }
  }
  if (!entities.lineId && has(P.dedicated, text)) {
    entities.lineId = views[0]?.lines.find((l) => l.dedicated)?.id;
    if (!entities.lineId) delete entities.lineId;
  }
  const cpu = /(\d{1,3})\s*(?:v?cpus?|vcores?|cores?|核|コア|c(?=\s*\d|\b))/.exec(text)?.[1];
  if (cpu) entities.cpu = Number(cpu);
  // Memory: a size in GB not said of a disk or of traffic ("4GB", "4 GB RAM", "2核4G").
  const memory =
    /(\d{1,3})\s*(?:gb|g|gib)(?![a-z])(?!\s*(?:ssd|nvme|hdd|disk|storage|traffic|of (?:disk|storage|traffic)|硬盘|磁盘|存储|流量|ディスク|ストレージ|転送))/.exec(
      text.replace(/(\d{1,3})\s*(?:v?cpus?|vcores?|cores?|核|コア)/g, ' '),
    )?.[1];
  if (memory && Number(memory) <= 512) entities.memoryGb = Number(memory);
  const suffixes = views[0]?.suffixes.map((s) => s.suffix) ?? [];
  // A full name ("example.com") first, then a suffix written alone (".com", "com 域名").
  for (const suffix of [...suffixes].sort((a, b) => b.length - a.length)) {
    const escaped = suffix.slice(1).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const full = new RegExp(`(?:^|[^a-z0-9.-])([a-z0-9][a-z0-9-]{0,62})\\.${escaped}(?![a-z0-9-])`).exec(text);
    if (full?.[1] && !/^(?:a|the|my|per|of)$/.test(full[1])) {
      entities.suffix = suffix;
      entities.domainName = `${full[1]}${suffix}`;
      break;
    }
    const alone = new RegExp(`(?:^|[^a-z0-9])\\.?${escaped}(?![a-z0-9-])`);
    const dotted = new RegExp(`(?:^|[^a-z0-9])\\.${escaped}(?![a-z0-9-])`);
    if (dotted.test(text) || (has(P.domain, text) && alone.test(text))) {
      entities.suffix = suffix;
      break;
    }
  }
  return entities;
}

/** The intent and entities of a question; `followUp` when it only adds entities to the question before. */
export function recognise(question: string, views: CatalogView[]): Recognised {
  const text = normalize(question);
  const entities = findEntities(text, views);
  const planish =
    entities.planId !== undefined ||
    entities.cpu !== undefined ||
    entities.memoryGb !== undefined ||
    entities.lineId !== undefined;
  const wantsPrice = has(P.price, text);
  const aboutServers = has(P.server, text) || planish;
  let intent: Intent | undefined;
  if (has(P.groupBuy, text)) intent = 'groupBuy';
  else if (has(P.coupons, text)) intent = 'coupons';
  else if (has(P.snapshot, text)) intent = 'snapshot';
  else if (entities.suffix || has(P.domain, text)) intent = 'domainPrice';
  else if (has(P.sale, text)) intent = 'sale';
  else if (has(P.refund, text)) intent = 'refund';
  else if (has(P.sla, text)) intent = 'sla';
  else if (has(P.offTopic, text) && !aboutServers && !wantsPrice) intent = 'offTopic';
  else if (has(P.cheapest, text) && (aboutServers || wantsPrice || !has(P.billing, text))) intent = 'cheapest';
  else if (entities.regionId && planish && !wantsPrice) intent = 'regionAvailability';
  else if (has(P.regions, text) && !wantsPrice) intent = planish ? 'regionAvailability' : 'regions';
  else if (planish && (wantsPrice || has(P.server, text))) intent = 'planPrice';
  else if (wantsPrice && aboutServers) intent = 'planPrice';
  else if (has(P.billing, text)) intent = 'billing';
  else if (has(P.account, text)) intent = 'account';
  else if (wantsPrice && entities.regionId) intent = 'planPrice';
  else if (wantsPrice) intent = 'billing';
  else if (has(P.availability, text) && entities.regionId) intent = 'regions';
  // A bare product word ("VPS", "サーバー") asks what we sell: the plans and their prices.
  else if (has(P.server, text) && text.replace(/[^\p{L}\p{N}]/gu, '').length <= 8) intent = 'planPrice';

  const onlyEntities = intent === undefined && Object.keys(entities).length > 0;
  const followUp = onlyEntities || (has(P.followUp, text) && text.length <= 40);
  return { intent, entities, followUp };
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
]);

/** Words the recognised intent adds to passage ranking, in each language, so the passage that answers comes first. */
export const INTENT_HINTS: Partial<Record<Intent, Record<Locale, string>>> = {
  sla: {
    en: 'service level agreement availability commit credit',
    zh: '服务等级协议 可用性 承诺 赔偿',
    ja: 'サービスレベル契約 稼働率 約束 クレジット',
  },
  refund: { en: 'refund money-back guarantee', zh: '退款 无理由退款', ja: '返金 返金保証' },
  billing: {
    en: 'billing hourly term balance payment',
    zh: '计费 按小时 包周期 余额 付款',
    ja: '課金 時間課金 契約期間 残高 支払い',
  },
  account: { en: 'account sign up', zh: '账户 注册', ja: 'アカウント 登録' },
  snapshot: { en: 'snapshots billed stored', zh: '快照 计费 存储', ja: 'スナップショット 課金 保存' },
};
