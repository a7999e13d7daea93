import 'server-only';
import type { Locale } from '@/lib/locales';

/**
 * What a question is about, by the words it uses (docs/decisions/058-chat-general.md): a lexicon of concepts, each
 * with the words and phrases that name it in English, Chinese and Japanese (synonyms, paraphrases, the words of the
 * site's own headings, common misspellings are corrected before). A question's intent is the one whose concepts
 * weigh most in it, not a pattern the whole question must match; entities (plans, regions, numbers) add their
 * weight (src/server/chat/intents.ts). Every concept is tried whatever the page's language.
 *
 * Latin entries match at the start of a word ("refund" in "refundable"); write `\b` where the end matters too.
 */
export type Concept =
  // Intents
  | 'planPrice'
  | 'regions'
  | 'domain'
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
  | 'offTopic'
  // Modifiers: they say what is wanted of the subject, not the subject
  /** A way to pay named (PayPal, 比特币): the payment subject, and what the question asks to be offered. */
  | 'paymentMethod'
  | 'price'
  | 'cheap'
  | 'availability'
  | 'servers'
  | 'dedicated'
  | 'followUp';

type Entry = { en: string[]; zh: string[]; ja: string[] };

const LEXICON: Record<Concept, Entry> = {
  planPrice: {
    en: ['plans?\\b', 'spec', 'configuration', 'how much (?:is|are|for) (?:a |the )?(?:vps|server|box|instance)'],
    zh: ['套餐', '配置', '规格'],
    ja: ['プラン', 'スペック', '構成'],
  },
  regions: {
    en: ['regions?\\b', 'locations?\\b', 'data ?cent(?:er|re)', 'where (?:are|is|do|can)', 'which countr', 'countries'],
    zh: ['地域', '机房', '节点', '数据中心', '地区', '区域', '哪些地方', '哪里', '在哪'],
    ja: ['リージョン', 'データセンター', '拠点', '地域', 'どこ'],
  },
  domain: {
    en: ['domains?\\b', '\\btld', 'suffix', 'domain name'],
    zh: ['域名', '后缀'],
    ja: ['ドメイン'],
  },
  snapshot: {
    en: ['snapshot', 'backups?\\b', 'back up', 'restore point'],
    zh: ['快照', '备份'],
    ja: ['スナップショット', 'バックアップ'],
  },
  sale: {
    en: ['sales?\\b', 'flash deal', 'deals?\\b', 'promotion', 'promo\\b', 'on offer', 'special offer', 'black friday'],
    zh: ['特惠', '促销', '秒杀', '优惠活动', '活动', '大促'],
    ja: ['セール', 'キャンペーン', '特価', 'タイムセール'],
  },
  groupBuy: {
    en: ['group[\\s-]?buy', 'pintuan', 'team[\\s-]?buy', 'buy(?:ing)? together', 'team up'],
    zh: ['拼团', '团购', '开团', '参团'],
    ja: ['共同購入', 'グループ購入'],
  },
  coupons: {
    en: ['coupon', 'voucher', 'promo ?codes?', 'discount codes?'],
    zh: ['优惠券', '代金券', '折扣券', '满减券', '领券', '优惠码'],
    ja: ['クーポン', 'プロモコード', '割引コード'],
  },
  licence: {
    en: ['windows', 'licen[cs]e', 'cpanel', '\\bos fee', 'win ?(?:server|licen[cs]e)'],
    zh: ['许可证', '授权费', '授权', 'windows', '视窗'],
    ja: ['ライセンス', 'ウィンドウズ', 'windows'],
  },
  termDiscount: {
    en: [
      'annual',
      'yearly',
      'a year (?:up ?front|in advance)',
      'for a year',
      'per year',
      'quarterly',
      'half[\\s-]?year',
      'semi[\\s-]?annual',
      'up ?front',
      'in advance',
      'prepa(?:y|id)',
      'longer terms?',
      'term discount',
    ],
    zh: ['年付', '包年', '季付', '按季', '季度', '半年', '按年', '长周期', '预付', '包周期', '周期折扣', '长期折扣'],
    ja: ['年払い', '年額', '年間契約', '半年', '四半期', '長期割引', '契約期間', '年契約', '前払い'],
  },
  hourly: {
    en: ['hourly', 'by the hour', 'per hour', 'an hour', 'pay[\\s-]as[\\s-]you[\\s-]go', 'by hour'],
    zh: ['按小时', '按时', '按量', '小时', '每小时'],
    ja: ['時間課金', '時間単位', '従量', '1時間', '時間ごと', '時間料金', '時間あたり'],
  },
  network: {
    en: [
      'traffic',
      'bandwidth',
      'overage',
      'data transfer',
      'port speed',
      'mbps',
      'throttl',
      'allowance',
      'egress',
      'outbound',
      'inbound',
      'private network',
    ],
    zh: ['流量', '带宽', '超额', '限速', '端口速率', '出方向', '入方向', '入站', '出站', '宽带', '内网'],
    ja: ['転送量', '帯域', '超過', '通信', 'トラフィック', 'ポート速度', '受信', '送信', 'プライベートネットワーク'],
  },
  volume: {
    en: [
      'block storage',
      'volumes?\\b',
      'extra disk',
      'additional disk',
      'hdd volume',
      'nvme volume',
      'ssd volume',
      'per gb',
    ],
    zh: ['云硬盘', '云盘', '块存储', '数据盘', '硬盘'],
    ja: ['ボリューム', 'ブロックストレージ', '追加ディスク'],
  },
  refund: {
    en: ['refund', 'money[\\s-]?back', 'get my money', 'cancel', 'reimburs', 'withdraw'],
    zh: ['退款', '退钱', '退费', '退订', '退还', '提现', '取消订单', '退'],
    ja: ['返金', '払い戻', '返品', '解約', 'キャンセル', '出金', '払戻'],
  },
  sla: {
    en: ['\\bsla\\b', 'uptime', 'availability', 'service level', 'downtime', 'outage'],
    zh: ['sla', '可用性', '服务等级', '在线率', '稳定性', '宕机', '赔偿', '赔'],
    ja: ['sla', '稼働率', 'サービスレベル', '可用性', 'ダウンタイム', '補償', '障害'],
  },
  payment: {
    en: ['payment methods?', 'pay (?:with|by|using|via|in|at)\\b', 'top[\\s-]?up', 'accept'],
    zh: ['付款方式', '支付方式', '充值', '付款', '支付', '用.{1,6}付'],
    ja: ['支払い方法', '支払方法', 'お支払い方法', '払える', '払えます', 'チャージ', '決済'],
  },
  paymentMethod: {
    en: [
      'paypal',
      'alipay',
      'wechat',
      'paypay',
      'credit cards?',
      'debit cards?',
      'bank transfer',
      'wire transfer',
      'bitcoin',
      'crypto',
      'visa',
      'mastercard',
      '\\bjcb',
      'amex',
      'american express',
      'cash\\b',
    ],
    zh: ['支付宝', '微信', '信用卡', '银行卡', '银行转账', '比特币', 'visa', 'jcb', 'paypal', 'paypay'],
    ja: ['クレジットカード', 'カード', '銀行振込', 'ビットコイン', 'visa', 'jcb', 'paypay', 'paypal'],
  },
  billing: {
    en: [
      'billing',
      'billed',
      'invoice',
      'payment fail',
      'fails?\\b',
      'failed',
      'overdue',
      'unpaid',
      'grace',
      'suspend',
      'power(?:ed)? off',
      'turn(?:ed)? off',
      'shut ?down',
      'still (?:pay|charged|billed)',
      "(?:don'?t|do not|didn'?t|did not|can'?t|cannot|not) pay",
      'stopped',
      'stop(?:ping)? (?:the |my |a )?(?:server|vps|instance)',
      'prorat',
      'currenc',
      'exchange rate',
      'balance',
      'charged?\\b',
      'deleted',
    ],
    zh: [
      '计费',
      '账单',
      '发票',
      '扣费',
      '欠费',
      '宽限',
      '暂停',
      '关机',
      '汇率',
      '币种',
      '余额',
      '续费',
      '收费',
      '删除',
      '失败',
      '不交钱',
      '不付',
      '没付',
      '没交',
      '不缴',
      '停机',
    ],
    ja: [
      '課金',
      '請求',
      '請求書',
      '支払',
      '失敗',
      'できなかった',
      '滞納',
      '猶予',
      '停止',
      '電源',
      '為替',
      '通貨',
      '残高',
      '日割',
      '削除',
      '払わな',
      '払えな',
      '未払',
      '止め',
    ],
  },
  tax: {
    en: ['\\btax', '\\bvat\\b', '\\bgst\\b', 'consumption tax'],
    zh: ['税', '消费税', '增值税'],
    ja: ['税', '消費税', '税込', '税抜', 'インボイス'],
  },
  account: {
    en: [
      'account',
      'sign[\\s-]?up',
      'register',
      'activat',
      'verif',
      'log[\\s-]?in',
      'password',
      'two[\\s-]factor',
      '\\b2fa\\b',
    ],
    zh: ['注册', '激活', '账户', '账号', '帐号', '登录', '密码', '验证', '实名'],
    ja: ['アカウント', '会員登録', '新規登録', '有効化', 'アクティベ', 'ログイン', 'パスワード', '認証', '登録'],
  },
  affiliate: {
    en: ['affiliate', 'referr', 'refer\\b', 'commission', 'payout', 'aff link'],
    zh: ['推广', '佣金', '推荐', '返佣', '联盟', '邀请'],
    ja: ['アフィリエイト', '紹介', '報酬', '成果'],
  },
  abuse: {
    en: [
      'abuse',
      'spam',
      'phishing',
      'malware',
      'report',
      'port 25',
      'smtp',
      'send (?:e-?)?mail',
      'complaint',
      'ddos attack',
    ],
    zh: ['滥用', '举报', '垃圾邮件', '钓鱼', '恶意', '25端口', '25 端口', '发邮件', '发信', '投诉'],
    ja: [
      '不正利用',
      '通報',
      'スパム',
      '迷惑メール',
      '報告',
      'フィッシング',
      '25番ポート',
      '25 番ポート',
      'メールを送',
      'メール送信',
    ],
  },
  limits: {
    en: [
      'how many servers',
      'rate limit',
      '\\bapi\\b',
      'quota',
      'limit',
      'at (?:the )?same time',
      'at once',
      'maximum',
      '\\bmax\\b',
      'number of (?:servers|vps|instances)',
    ],
    zh: ['最多', '上限', '限制', '频率', '几台', '多少台', '同时', 'api'],
    ja: ['何台', 'レート制限', '上限', '制限', '同時', 'api'],
  },
  planChange: {
    en: [
      'upgrade',
      'downgrade',
      'resize',
      'change (?:my |the )?plan',
      'switch (?:to )?(?:a )?(?:smaller|bigger|larger|another|different)',
      'move to (?:a )?(?:smaller|bigger|larger)',
      'smaller plan',
      'bigger plan',
    ],
    zh: ['升级', '降级', '降配', '升配', '变更套餐', '换套餐', '更换套餐', '调整配置'],
    ja: [
      'アップグレード',
      'ダウングレード',
      'プラン変更',
      'プランの変更',
      'プランに変更',
      'プランを変更',
      'スペック変更',
    ],
  },
  privacy: {
    en: [
      'gdpr',
      'privacy',
      'personal data',
      'data protection',
      'my data',
      'data (?:is |be )?(?:moved|stored|kept)',
      'law enforcement',
    ],
    zh: ['隐私', '个人资料', '个人数据', '数据保护', '数据会', '数据被', '我的数据', 'gdpr', '执法'],
    ja: ['個人情報', 'プライバシー', 'データ保護', 'データが', 'データは', 'gdpr', '捜査機関'],
  },
  delivery: {
    en: [
      'how (?:long|soon) (?:until|before|till|does it take)',
      'ready',
      'deliver',
      'handed over',
      'provision',
      'set ?up time',
    ],
    zh: ['交付', '开通', '多久(?:才)?(?:能|可以)?(?:用|到手|交付|开通)', '到手', '上线'],
    ja: ['引き渡', '納期', '使えるまで', '(?:どれ|どの)くらいで(?:使|届|用意)', 'いつ(?:から)?使え', 'すぐ使', '開通'],
  },
  acceptableUse: {
    en: [
      'mining',
      'mine (?:crypto|bitcoin)',
      'allowed',
      'forbidden',
      'prohibited',
      'acceptable use',
      'can i (?:host|run)',
      'torrent',
      'proxy',
    ],
    zh: ['挖矿', '禁止', '允许', '可以跑', '能跑', '代理', '违规'],
    ja: ['マイニング', '禁止', '許可', '利用規約', '使ってもいい', 'プロキシ'],
  },
  howTo: {
    en: [
      'how (?:do|can|to)',
      'steps?\\b',
      'set ?up',
      'install',
      'ssh',
      'rescue',
      'console',
      'security group',
      'firewall',
      'reboot',
    ],
    zh: ['怎么', '如何', '方法', '步骤', '安装', '救援', '控制台', '安全组', '防火墙', '重装'],
    ja: [
      '方法',
      'やり方',
      '手順',
      'どうやって',
      'どうすれば',
      'インストール',
      'レスキュー',
      'コンソール',
      'セキュリティグループ',
      'ファイアウォール',
    ],
  },
  offTopic: {
    en: [
      'weather',
      'recipe',
      'joke',
      'poem',
      'football',
      'soccer',
      'movie',
      'song',
      'president',
      'capital of',
      'stock price',
      'bitcoin price',
      'homework',
      'translate',
      'horoscope',
      'lottery',
      'girlfriend',
      'boyfriend',
    ],
    zh: [
      '天气',
      '菜谱',
      '笑话',
      '写诗',
      '足球',
      '电影',
      '歌曲',
      '总统',
      '首都',
      '股价',
      '作业',
      '翻译',
      '彩票',
      '星座',
    ],
    ja: [
      '天気',
      'レシピ',
      '冗談',
      'ジョーク',
      '詩を',
      'サッカー',
      '映画',
      '歌',
      '大統領',
      '首都',
      '株価',
      '宿題',
      '翻訳',
      '占い',
    ],
  },
  price: {
    en: [
      'prices?\\b',
      'pricing',
      'costs?\\b',
      'how much',
      '\\bfees?\\b',
      'per month',
      'monthly',
      '\\brate\\b',
      'charge',
      '\\bextra\\b',
      'pay for',
      'save',
    ],
    zh: [
      '价格',
      '价钱',
      '多少钱',
      '费用',
      '收费',
      '月付',
      '每月',
      '报价',
      '资费',
      '多少',
      '几块',
      '啥价',
      '什么价',
      '贵',
      '打几折',
      '几折',
      '优惠',
      '省',
    ],
    ja: [
      '料金',
      '価格',
      '値段',
      'いくら',
      '費用',
      '月額',
      'コスト',
      '料\\b',
      '円',
      '追加で',
      '安く',
      '割引',
      '何%引',
      '何％引',
    ],
  },
  cheap: {
    en: ['cheapest', 'lowest', 'least expensive', '\\bcheap\\b', 'budget', 'entry[\\s-]level', 'smallest'],
    zh: ['最便宜', '最低', '便宜', '入门', '最小'],
    ja: ['最も安い', '一番安い', '一番やすい', '最安', '安い', 'やすい', '最小'],
  },
  availability: {
    en: [
      '\\bavailable\\b',
      '\\boffer(?:ed)?\\b',
      '\\bsold\\b',
      'can i (?:get|have|buy|order)',
      'is there',
      'do you (?:have|sell)',
      '\\bin stock',
    ],
    zh: ['有没有', '能不能', '可以买', '能买', '提供', '有吗', '有.{1,4}吗', '可用', '有存储', '有高性能', '有标准'],
    ja: ['ありますか', 'ある？', 'ある\\?', '使え', '提供', '選べ', '買え', '利用でき'],
  },
  servers: {
    en: [
      '\\bvps\\b',
      'servers?\\b',
      'v?cpus?\\b',
      'cores?\\b',
      '\\bram\\b',
      'memory',
      'instances?\\b',
      '\\bmachines?\\b',
      '\\bbox\\b',
    ],
    zh: ['服务器', '云主机', '主机', '核', '内存', 'vps', '机器', '独服', '实例'],
    ja: ['サーバー', 'サーバ', 'コア', 'メモリ', 'インスタンス', 'vps'],
  },
  dedicated: {
    en: ['dedicated', 'bare[\\s-]?metal'],
    zh: ['独立服务器', '独服', '物理机', '独享'],
    ja: ['専用サーバー', '専用サーバ', '専有', 'ベアメタル'],
  },
  followUp: {
    en: ['^(?:and|what about|how about|also|then)\\b', '^(?:in|for)\\s'],
    zh: ['^(?:那|那么|还有)', '呢[?？]?$'],
    ja: ['^(?:では|じゃあ|それでは)', '(?:は|なら|だと|では)[?？]?$'],
  },
};

/** An entry whose first letter is Latin (after an opening group): "(?:は|なら)" is not, "(?:don'?t)" is. */
const LATIN_START = /^(?:\(\?:)?[\\a-z0-9]/i;

function compile(entry: Entry): RegExp {
  const sources = [...entry.en, ...entry.zh, ...entry.ja].map((s) =>
    // Latin words match at a word's start; CJK entries anywhere (no spaces between words).
    LATIN_START.test(s) && !s.startsWith('^') && !s.startsWith('\\b') ? `(?<![a-z])${s}` : s,
  );
  return new RegExp(sources.join('|'), 'u');
}

const COMPILED = Object.fromEntries((Object.keys(LEXICON) as Concept[]).map((c) => [c, compile(LEXICON[c])])) as Record<
  Concept,
  RegExp
>;

/** Whether the (normalised) text names the concept, in any language. */
export function mentions(concept: Concept, text: string): boolean {
  return COMPILED[concept].test(text);
}

/** Every concept the text names. */
export function conceptsIn(text: string): Set<Concept> {
  const found = new Set<Concept>();
  for (const c of Object.keys(COMPILED) as Concept[]) if (COMPILED[c].test(text)) found.add(c);
  return found;
}

/** The Chinese entries of the lexicon that are plain words (not patterns), two hanzi or more. */
export function lexiconChineseWords(): string[] {
  const out = new Set<string>();
  for (const entry of Object.values(LEXICON)) for (const s of entry.zh) if (/^\p{Script=Han}{2,}$/u.test(s)) out.add(s);
  return [...out];
}

/** The words of the lexicon that read as plain Latin words: the vocabulary typos are corrected against. */
export function lexiconWords(): string[] {
  const out = new Set<string>();
  for (const entry of Object.values(LEXICON)) {
    for (const source of entry.en) {
      for (const word of source.replace(/\\b|\(\?:|\)|\?|\[\\s-\]|\\s|\[\\s-\]\?/g, ' ').split(/[^a-z]+/)) {
        if (word.length >= 4) out.add(word);
      }
    }
  }
  return [...out];
}

/**
 * The word the documents use for a subject, in each language: the search adds it to a question that names the
 * subject otherwise ("money back", "get my money" → refund) and weighs it above incidental words.
 */
export const SUBJECT_WORDS: Partial<Record<Concept, Record<Locale, string>>> = {
  refund: { en: 'refund', zh: '退款', ja: '返金' },
  sla: { en: 'availability', zh: '可用性', ja: '稼働率' },
  snapshot: { en: 'snapshot', zh: '快照', ja: 'スナップショット' },
  domain: { en: 'domain', zh: '域名', ja: 'ドメイン' },
  affiliate: { en: 'affiliate commission', zh: '佣金', ja: 'アフィリエイト' },
  abuse: { en: 'abuse', zh: '滥用', ja: '不正利用' },
  network: { en: 'traffic', zh: '流量', ja: '転送量' },
  volume: { en: 'volume', zh: '云硬盘', ja: 'ボリューム' },
  tax: { en: 'tax', zh: '税费', ja: '税金' },
  payment: { en: 'payment', zh: '付款', ja: '支払い' },
  paymentMethod: { en: 'payment', zh: '付款', ja: '支払い' },
  hourly: { en: 'hourly', zh: '按小时', ja: '時間課金' },
  privacy: { en: 'data protection', zh: '数据保护', ja: 'データ保護' },
};

/**
 * The site's own word for an intent's subject in each language: it counts as a word of the question when ranking
 * sentences, so "money back" finds the sentence that says "refund".
 */
export const CANONICAL: Partial<Record<Concept, Record<Locale, string>>> = {
  refund: { en: 'refund', zh: '退款', ja: '返金' },
  sla: { en: 'availability', zh: '可用性', ja: '稼働率' },
  affiliate: { en: 'commission', zh: '佣金', ja: '報酬' },
  tax: { en: 'tax', zh: '税', ja: '税' },
  network: { en: 'traffic', zh: '流量', ja: '転送量' },
};

/**
 * Words each intent adds to passage ranking, in the answer's language (the site's own words for the concept, as its
 * articles and headings write them), so the passage that answers ranks first even when the question uses a synonym.
 */
export const INTENT_HINTS: Partial<Record<Concept, Record<Locale, string>>> = {
  sla: {
    en: 'service level agreement availability commit credit',
    zh: '服务等级协议 可用性 承诺 赔偿',
    ja: 'サービスレベル契約 稼働率 約束 クレジット',
  },
  refund: {
    en: 'refund money-back guarantee cancel',
    zh: '退款 无理由退款 退订',
    ja: '返金 返金保証 解約',
  },
  billing: {
    en: 'billing hourly term balance payment',
    zh: '计费 按小时 包周期 余额 付款',
    ja: '課金 時間課金 契約期間 残高 支払い',
  },
  payment: {
    en: 'top up cards PayPal Alipay WeChat Pay PayPay bank transfer',
    zh: '充值 信用卡 PayPal 支付宝 微信支付 PayPay 银行转账',
    ja: 'チャージ クレジットカード PayPal Alipay WeChat Pay PayPay 銀行振込',
  },
  tax: { en: 'taxes prices exclude tax', zh: '税费 价格不含税', ja: '税金 税抜' },
  account: { en: 'account sign up', zh: '账户 注册', ja: 'アカウント 登録' },
  snapshot: { en: 'snapshots billed stored', zh: '快照 计费 存储', ja: 'スナップショット 課金 保存' },
  affiliate: {
    en: 'affiliate commission referral cookie payout',
    zh: '推广 佣金 推荐 Cookie 提现',
    ja: 'アフィリエイト 報酬 紹介 Cookie 支払い',
  },
  abuse: {
    en: 'abuse report port 25 e-mail',
    zh: '滥用 举报 25 端口 邮件',
    ja: '不正利用 報告 25 ポート メール',
  },
  limits: {
    en: 'limits servers at the same time rate limits',
    zh: '使用限制 服务器 同时 速率限制',
    ja: '制限 サーバー 同時 レート制限',
  },
  planChange: {
    en: 'changing plans larger smaller system disk prorated',
    zh: '变更套餐 更高配置 降级 系统盘',
    ja: 'プランの変更 上位 下位 システムディスク',
  },
  privacy: {
    en: 'data protection region GDPR personal data',
    zh: '数据保护 地域 GDPR 个人资料',
    ja: 'データ保護 リージョン GDPR 個人データ',
  },
  delivery: { en: 'handed over working day delivery', zh: '交付 工作日', ja: '引き渡し 営業日' },
  acceptableUse: { en: 'acceptable use may not', zh: '可接受使用政策 不得', ja: '禁止事項 利用規約' },
  network: {
    en: 'traffic allowance overage throttle packages inbound',
    zh: '流量 额度 超额 限速 流量包 入方向',
    ja: '転送量 枠 超過 速度 転送量パック 受信',
  },
  volume: {
    en: 'block storage volumes billed provisioned',
    zh: '云硬盘 块存储 计费',
    ja: 'ボリューム ブロックストレージ 課金',
  },
};
