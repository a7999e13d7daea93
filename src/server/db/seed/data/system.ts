import type * as schema from '../../schema';

// System seed: currencies and the footer link list.

type Currency = typeof schema.currencies.$inferInsert;
type FooterLink = Omit<typeof schema.footerLinks.$inferInsert, 'id'>;

/** Rate = units of the currency per 1 USD (numeric column, so a string). */
export const currencies: Currency[] = [
  { code: 'USD', rate: '1', minorDigits: 2, sort: 0 },
  { code: 'HKD', rate: '7.78', minorDigits: 2, sort: 1 },
  { code: 'JPY', rate: '154.2', minorDigits: 0, sort: 2 },
];

/** Site paths start with "/" and carry no locale prefix; external links are absolute https URLs. */
export const footerLinks: FooterLink[] = [
  {
    name: { en: 'Service status', zh: '服务状态', ja: 'サービス稼働状況' },
    link: 'https://status.cirrus.cloud',
    sort: 0,
    active: true,
  },
  {
    name: { en: 'Looking glass & speed test', zh: '网络延迟与测速', ja: 'ネットワーク遅延・速度テスト' },
    link: '/doc/article/looking-glass-test-latency-network-speed',
    sort: 1,
    active: true,
  },
  {
    name: { en: 'API documentation', zh: 'API 文档', ja: 'API ドキュメント' },
    link: '/doc/article/api',
    sort: 2,
    active: true,
  },
  {
    name: { en: 'Report abuse', zh: '滥用举报', ja: '不正利用の報告' },
    link: '/doc/article/abuse',
    sort: 3,
    active: true,
  },
  {
    name: { en: 'Affiliate programme', zh: '推广返佣计划', ja: 'アフィリエイトプログラム' },
    link: '/doc/article/affiliate',
    sort: 4,
    active: true,
  },
  {
    name: { en: 'Refund policy', zh: '退款政策', ja: '返金ポリシー' },
    link: '/doc/article/refund',
    sort: 5,
    active: true,
  },
  {
    name: { en: 'Legal & terms', zh: '法律声明与服务条款', ja: '利用規約・法的情報' },
    link: '/doc/article/legal-and-terms',
    sort: 6,
    active: true,
  },
  {
    name: { en: 'Blog', zh: '博客', ja: 'ブログ' },
    link: 'https://blog.cirrus.cloud',
    sort: 7,
    active: true,
  },
  {
    name: { en: 'GitHub', zh: 'GitHub', ja: 'GitHub' },
    link: 'https://github.com/cirrus-cloud',
    sort: 8,
    active: true,
  },
];
