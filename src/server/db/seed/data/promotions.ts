import type * as schema from '../../schema';

// Promotion seed: every date is relative to `now`, so a fresh seed is always current.
// Plan and region ids refer to catalog.ts; every (plan, region) pair used here is in planRegions.

type Coupon = Omit<typeof schema.coupons.$inferInsert, 'id'>;
type SaleActivity = Omit<typeof schema.saleActivities.$inferInsert, 'id'>;
type SaleItem = Omit<typeof schema.saleItems.$inferInsert, 'id' | 'activityId'>;
type PintuanOffer = Omit<typeof schema.pintuanOffers.$inferInsert, 'id'>;
type Promotion = Omit<typeof schema.promotions.$inferInsert, 'id'>;

const DAY_MS = 86_400_000;

/** `now` shifted by a whole number of days (negative = in the past). */
function daysFrom(now: Date, days: number): Date {
  return new Date(now.getTime() + days * DAY_MS);
}

/** Product-line ids of the cloud-server lines (catalog.ts productLines). */
const cloudLines = ['standard', 'performance', 'storage'];

// ---------------------------------------------------------------------------------------------
// Coupons
// ---------------------------------------------------------------------------------------------

/**
 * Coupon-centre coupons plus the welcome bundle (welcome: true). Test fixtures among them:
 * one sold out (stockLeft 0), one expired (ended yesterday), one not started (starts in 3 days).
 */
export function coupons(now: Date): Coupon[] {
  return [
    {
      name: { en: 'Cloud server order discount', zh: '云服务器满减券', ja: 'クラウドサーバー割引クーポン' },
      kind: 'amount',
      amountCents: 500,
      thresholdCents: 2000,
      products: cloudLines,
      startsAt: daysFrom(now, -10),
      endsAt: daysFrom(now, 30),
      validDays: 30,
      stockTotal: 1000,
      stockLeft: 612,
      perUserLimit: 2,
      sort: 0,
    },
    {
      name: {
        en: '15% off High Performance servers',
        zh: '高性能型云服务器 85 折券',
        ja: 'ハイパフォーマンス 15% オフクーポン',
      },
      kind: 'percent',
      percentOff: 15,
      thresholdCents: 0,
      products: ['performance'],
      startsAt: daysFrom(now, -7),
      endsAt: daysFrom(now, 23),
      validDays: 14,
      stockTotal: 500,
      stockLeft: 233,
      perUserLimit: 1,
      sort: 1,
    },
    {
      name: { en: 'Dedicated server discount', zh: '独立服务器满减券', ja: '専用サーバー割引クーポン' },
      kind: 'amount',
      amountCents: 2000,
      thresholdCents: 15000,
      products: ['dedicated'],
      startsAt: daysFrom(now, -14),
      endsAt: daysFrom(now, 45),
      validDays: 30,
      stockTotal: 100,
      stockLeft: 41,
      perUserLimit: 1,
      sort: 2,
    },
    {
      name: { en: '10% off Storage servers', zh: '存储型云服务器 9 折券', ja: 'ストレージサーバー 10% オフクーポン' },
      kind: 'percent',
      percentOff: 10,
      thresholdCents: 1000,
      products: ['storage'],
      startsAt: daysFrom(now, -5),
      endsAt: daysFrom(now, 40),
      validDays: 30,
      stockTotal: 300,
      stockLeft: 188,
      perUserLimit: 2,
      sort: 3,
    },
    {
      name: { en: 'Domain registration discount', zh: '域名注册满减券', ja: 'ドメイン登録割引クーポン' },
      kind: 'amount',
      amountCents: 200,
      thresholdCents: 1000,
      products: ['domain'],
      startsAt: daysFrom(now, -20),
      endsAt: daysFrom(now, 40),
      validDays: 60,
      stockTotal: 800,
      stockLeft: 540,
      perUserLimit: 3,
      sort: 4,
    },
    {
      name: {
        en: 'New customers: 30% off your first server',
        zh: '新用户专享：首台云服务器 7 折',
        ja: '新規のお客様限定：初めてのサーバーが 30% オフ',
      },
      kind: 'percent',
      percentOff: 30,
      thresholdCents: 500,
      products: ['standard', 'performance'],
      startsAt: daysFrom(now, -30),
      endsAt: daysFrom(now, 60),
      validDays: 15,
      stockTotal: 500,
      stockLeft: 377,
      perUserLimit: 1,
      newCustomerOnly: true,
      sort: 5,
    },
    {
      // Sold out.
      name: { en: 'Flash deal: big-order discount', zh: '限时秒杀：大额满减券', ja: 'タイムセール：大口注文割引' },
      kind: 'amount',
      amountCents: 1000,
      thresholdCents: 5000,
      products: [],
      startsAt: daysFrom(now, -3),
      endsAt: daysFrom(now, 4),
      validDays: 7,
      stockTotal: 200,
      stockLeft: 0,
      perUserLimit: 1,
      sort: 6,
    },
    {
      // Expired: ended yesterday.
      name: { en: 'Autumn renewal: 8% off', zh: '秋季续费 92 折券', ja: '秋の更新割 8% オフ' },
      kind: 'percent',
      percentOff: 8,
      thresholdCents: 0,
      products: [],
      startsAt: daysFrom(now, -40),
      endsAt: daysFrom(now, -1),
      validDays: 30,
      stockTotal: 600,
      stockLeft: 95,
      perUserLimit: 2,
      sort: 7,
    },
    {
      // Not started yet: starts in three days.
      name: { en: 'Year-end stock-up discount', zh: '年终囤货满减券', ja: '年末まとめ買い割引クーポン' },
      kind: 'amount',
      amountCents: 1500,
      thresholdCents: 10000,
      products: [],
      startsAt: daysFrom(now, 3),
      endsAt: daysFrom(now, 40),
      validDays: 30,
      stockTotal: 300,
      stockLeft: 300,
      perUserLimit: 1,
      sort: 8,
    },
    // Welcome sign-up bundle (not listed in the public coupon centre).
    {
      name: {
        en: 'Welcome gift: first order discount',
        zh: '新人礼：首单满减券',
        ja: '新規登録特典：初回注文割引クーポン',
      },
      kind: 'amount',
      amountCents: 1000,
      thresholdCents: 2000,
      products: [],
      startsAt: daysFrom(now, -60),
      endsAt: daysFrom(now, 305),
      validDays: 30,
      stockTotal: 1000,
      stockLeft: 734,
      perUserLimit: 1,
      newCustomerOnly: true,
      welcome: true,
      sort: 100,
    },
    {
      name: {
        en: 'Welcome gift: cloud server voucher',
        zh: '新人礼：云服务器代金券',
        ja: '新規登録特典：クラウドサーバー割引券',
      },
      kind: 'amount',
      amountCents: 300,
      thresholdCents: 500,
      products: cloudLines,
      startsAt: daysFrom(now, -60),
      endsAt: daysFrom(now, 305),
      validDays: 30,
      stockTotal: 1000,
      stockLeft: 734,
      perUserLimit: 1,
      newCustomerOnly: true,
      welcome: true,
      sort: 101,
    },
    {
      name: {
        en: 'Welcome gift: 20% off a domain',
        zh: '新人礼：域名 8 折券',
        ja: '新規登録特典：ドメイン 20% オフクーポン',
      },
      kind: 'percent',
      percentOff: 20,
      thresholdCents: 0,
      products: ['domain'],
      startsAt: daysFrom(now, -60),
      endsAt: daysFrom(now, 305),
      validDays: 30,
      stockTotal: 1000,
      stockLeft: 734,
      perUserLimit: 1,
      newCustomerOnly: true,
      welcome: true,
      sort: 102,
    },
  ];
}

// ---------------------------------------------------------------------------------------------
// VPS sale activities
// ---------------------------------------------------------------------------------------------

/** The current winter sale (first) and one sale that has already ended. */
export function saleActivities(now: Date): Array<SaleActivity & { items: SaleItem[] }> {
  return [
    {
      name: { en: 'Winter Cloud Sale', zh: '冬季云服务器特惠', ja: '冬のクラウドセール' },
      description: {
        en: 'Limited-stock prices on Standard, High Performance, Storage and dedicated servers in Hong Kong, Tokyo, Singapore, Los Angeles and Frankfurt. Each deal has a per-account limit, and renewals are charged at the regular price.',
        zh: '香港、东京、新加坡、洛杉矶、法兰克福多地的标准型、高性能型、存储型云服务器及独立服务器限量特价。每款特价每个账户限购，续费按原价计费。',
        ja: '香港・東京・シンガポール・ロサンゼルス・フランクフルトのスタンダード、ハイパフォーマンス、ストレージ、専用サーバーを数量限定の特別価格でご提供します。各商品には 1 アカウントあたりの購入上限があり、更新時は通常価格となります。',
      },
      startsAt: daysFrom(now, -5),
      endsAt: daysFrom(now, 25),
      items: [
        // std-1c1g: $5.00/mo, 12 months regular $60.00
        {
          planId: 'std-1c1g',
          regionId: 'hong-kong',
          months: 12,
          salePriceCents: 3900,
          stockTotal: 200,
          stockLeft: 143,
          perUserLimit: 1,
          sort: 0,
        },
        // std-1c2g: $10.00/mo, 12 months regular $120.00
        {
          planId: 'std-1c2g',
          regionId: 'tokyo',
          months: 12,
          salePriceCents: 7900,
          stockTotal: 150,
          stockLeft: 88,
          perUserLimit: 1,
          sort: 1,
        },
        // std-2c4g: $20.00/mo
        {
          planId: 'std-2c4g',
          regionId: 'singapore',
          months: 1,
          salePriceCents: 1200,
          stockTotal: 100,
          stockLeft: 62,
          perUserLimit: 2,
          sort: 2,
        },
        // perf-2c4g: $28.00/mo, 12 months regular $336.00
        {
          planId: 'perf-2c4g',
          regionId: 'los-angeles',
          months: 12,
          salePriceCents: 22900,
          stockTotal: 80,
          stockLeft: 31,
          perUserLimit: 1,
          sort: 3,
        },
        // stor-2c4g-1t: $24.00/mo, 12 months regular $288.00
        {
          planId: 'stor-2c4g-1t',
          regionId: 'frankfurt',
          months: 12,
          salePriceCents: 19900,
          stockTotal: 40,
          stockLeft: 17,
          perUserLimit: 1,
          sort: 4,
        },
        // ded-e2388g: $89.00/mo
        {
          planId: 'ded-e2388g',
          regionId: 'hong-kong',
          months: 1,
          salePriceCents: 6900,
          stockTotal: 20,
          stockLeft: 7,
          perUserLimit: 1,
          sort: 5,
        },
      ],
    },
    {
      name: {
        en: 'Osaka & Seoul Launch Sale',
        zh: '大阪、首尔新机房开服特惠',
        ja: '大阪・ソウル リージョン開設記念セール',
      },
      description: {
        en: 'Opening offers to celebrate our new Osaka and Seoul regions, with NVMe cloud servers at launch prices while stock lasted.',
        zh: '庆祝大阪、首尔新机房上线，NVMe 云服务器以开服价限量发售，售完即止。',
        ja: '大阪・ソウル両リージョンの開設を記念し、NVMe クラウドサーバーを数量限定の開設記念価格でご提供しました。',
      },
      startsAt: daysFrom(now, -60),
      endsAt: daysFrom(now, -30),
      items: [
        // std-1c1g: 12 months regular $60.00
        {
          planId: 'std-1c1g',
          regionId: 'osaka',
          months: 12,
          salePriceCents: 4200,
          stockTotal: 100,
          stockLeft: 0,
          perUserLimit: 1,
          sort: 0,
        },
        // perf-2c4g: $28.00/mo
        {
          planId: 'perf-2c4g',
          regionId: 'seoul',
          months: 1,
          salePriceCents: 1900,
          stockTotal: 50,
          stockLeft: 12,
          perUserLimit: 2,
          sort: 1,
        },
      ],
    },
  ];
}

// ---------------------------------------------------------------------------------------------
// Group-buy (pintuan) offers
// ---------------------------------------------------------------------------------------------

export function pintuanOffers(now: Date): PintuanOffer[] {
  return [
    {
      name: {
        en: 'Hong Kong Standard 1 vCPU / 1 GB, 12 months, team of 2',
        zh: '香港标准型 1核 1GB · 12 个月 · 2 人团',
        ja: '香港 スタンダード 1vCPU / 1GB・12 か月・2 人で共同購入',
      },
      planId: 'std-1c1g',
      regionId: 'hong-kong',
      months: 12,
      groupSize: 2,
      groupPriceCents: 4500,
      groupHours: 24,
      startsAt: daysFrom(now, -3),
      endsAt: daysFrom(now, 28),
      sort: 0,
    },
    {
      name: {
        en: 'Tokyo Standard 2 vCPU / 4 GB, 12 months, team of 3',
        zh: '东京标准型 2核 4GB · 12 个月 · 3 人团',
        ja: '東京 スタンダード 2vCPU / 4GB・12 か月・3 人で共同購入',
      },
      planId: 'std-2c4g',
      regionId: 'tokyo',
      months: 12,
      groupSize: 3,
      groupPriceCents: 16800,
      groupHours: 48,
      startsAt: daysFrom(now, -3),
      endsAt: daysFrom(now, 28),
      sort: 1,
    },
    {
      name: {
        en: 'Singapore High Performance 2 vCPU / 4 GB, 12 months, team of 5',
        zh: '新加坡高性能型 2核 4GB · 12 个月 · 5 人团',
        ja: 'シンガポール ハイパフォーマンス 2vCPU / 4GB・12 か月・5 人で共同購入',
      },
      planId: 'perf-2c4g',
      regionId: 'singapore',
      months: 12,
      groupSize: 5,
      groupPriceCents: 21900,
      groupHours: 72,
      startsAt: daysFrom(now, -3),
      endsAt: daysFrom(now, 28),
      sort: 2,
    },
    {
      name: {
        en: 'Los Angeles Standard 1 vCPU / 2 GB, 3 months, team of 2',
        zh: '洛杉矶标准型 1核 2GB · 3 个月 · 2 人团',
        ja: 'ロサンゼルス スタンダード 1vCPU / 2GB・3 か月・2 人で共同購入',
      },
      planId: 'std-1c2g',
      regionId: 'los-angeles',
      months: 3,
      groupSize: 2,
      groupPriceCents: 2100,
      groupHours: 36,
      startsAt: daysFrom(now, -1),
      endsAt: daysFrom(now, 20),
      sort: 3,
    },
  ];
}

// ---------------------------------------------------------------------------------------------
// Campaigns (promotion page, pop-up and banner)
// ---------------------------------------------------------------------------------------------

/** Three current campaigns; only "winter-cloud-sale" is the pop-up. */
export function promotions(now: Date): Promotion[] {
  return [
    {
      slug: 'winter-cloud-sale',
      title: { en: 'Winter Cloud Sale', zh: '冬季云服务器特惠', ja: '冬のクラウドセール' },
      subtitle: {
        en: 'Up to 40% off cloud and dedicated servers in five regions',
        zh: '五大地域云服务器与独立服务器低至 6 折',
        ja: '5 つのリージョンでクラウド・専用サーバーが最大 40% オフ',
      },
      body: {
        en: 'Standard, High Performance, Storage and dedicated servers in Hong Kong, Tokyo, Singapore, Los Angeles and Frankfurt are on sale for a limited time. Every deal has limited stock and a per-account limit of one or two servers. Sale prices cover the first billing term; renewals are charged at the regular rate.',
        zh: '香港、东京、新加坡、洛杉矶和法兰克福的标准型、高性能型、存储型云服务器及独立服务器限时特价。每款特价数量有限，每个账户限购 1 至 2 台。特价仅适用于首个计费周期，续费按原价计费。',
        ja: '香港・東京・シンガポール・ロサンゼルス・フランクフルトのスタンダード、ハイパフォーマンス、ストレージ、専用サーバーを期間限定の特別価格でご提供します。各商品は数量限定で、1 アカウントにつき 1〜2 台までご購入いただけます。特別価格は初回の契約期間のみ適用され、更新時は通常価格となります。',
      },
      ctaPath: '/activity/vps',
      ctaLabel: { en: 'Shop the sale', zh: '立即抢购', ja: 'セール会場へ' },
      accent: '#0284c7',
      popup: true,
      startsAt: daysFrom(now, -5),
      endsAt: daysFrom(now, 25),
      sort: 0,
    },
    {
      slug: 'vps-group-buy',
      title: { en: 'Team up and save', zh: '拼团购云服务器', ja: 'みんなで共同購入' },
      subtitle: {
        en: 'Open a group, invite friends and everyone pays the group price',
        zh: '开团邀请好友，成团即享拼团价',
        ja: 'グループを作って友達を招待、全員が共同購入価格に',
      },
      body: {
        en: 'Start a group on a cloud server deal and share the link with friends or colleagues. When enough people join before the timer runs out, everyone pays the group price. If the group does not fill in time, it closes and your payment is refunded. Teams of 2, 3 or 5 are open in Hong Kong, Tokyo, Singapore and Los Angeles.',
        zh: '选择一款云服务器开团，把链接分享给好友或同事。在倒计时结束前凑满人数，所有人都按拼团价购买；如未能按时成团，拼团自动关闭并原路退款。目前香港、东京、新加坡和洛杉矶开放 2 人、3 人和 5 人团。',
        ja: 'クラウドサーバーの共同購入グループを作成し、リンクを友達や同僚に共有しましょう。制限時間内に人数がそろえば、全員が共同購入価格で購入できます。時間内にそろわなかった場合はグループが終了し、お支払いは返金されます。現在、香港・東京・シンガポール・ロサンゼルスで 2 人・3 人・5 人のグループを受け付けています。',
      },
      ctaPath: '/activity/pintuan/vps',
      ctaLabel: { en: 'Join a group', zh: '立即参团', ja: '共同購入に参加する' },
      accent: '#ea580c',
      popup: false,
      startsAt: daysFrom(now, -3),
      endsAt: daysFrom(now, 28),
      sort: 1,
    },
    {
      slug: 'coupon-centre',
      title: { en: 'Coupon centre', zh: '领券中心', ja: 'クーポンセンター' },
      subtitle: {
        en: 'Claim discounts on cloud servers, dedicated servers and domains',
        zh: '云服务器、独立服务器、域名优惠券免费领',
        ja: 'クラウドサーバー・専用サーバー・ドメインのクーポンを配布中',
      },
      body: {
        en: 'Claim coupons for cloud servers, dedicated servers and domain registrations, then apply them at checkout. Each coupon shows its minimum spend, the products it covers and how many days it stays valid once claimed. Popular coupons are limited, so claim yours early.',
        zh: '领取云服务器、独立服务器和域名注册优惠券，下单结算时即可使用。每张优惠券都标明了使用门槛、适用产品以及领取后的有效天数。热门优惠券数量有限，先到先得。',
        ja: 'クラウドサーバー、専用サーバー、ドメイン登録で使えるクーポンを受け取り、ご注文時にご利用ください。各クーポンには最低利用金額、対象商品、受け取り後の有効日数が記載されています。人気のクーポンは数量限定のため、お早めにどうぞ。',
      },
      ctaPath: '/ac/coupon',
      ctaLabel: { en: 'Get coupons', zh: '立即领券', ja: 'クーポンを受け取る' },
      accent: '#db2777',
      popup: false,
      startsAt: daysFrom(now, -10),
      endsAt: daysFrom(now, 30),
      sort: 2,
    },
  ];
}

// ---------------------------------------------------------------------------------------------
// Group-buy demo groups
// ---------------------------------------------------------------------------------------------

/**
 * Demo customers who lead or joined the demo groups. Their passwords are random and thrown away at seed
 * time, so nobody can log in as them; they exist so a fresh site shows joinable groups (docs/decisions/013-group-buy.md).
 */
export const pintuanDemoCustomers = [
  { email: 'mei.chen@example.com', username: 'mei.chen', locale: 'zh' as const },
  { email: 'kenji.sato@example.com', username: 'kenji.sato', locale: 'ja' as const },
  { email: 'alex.wong@example.com', username: 'alex.wong', locale: 'en' as const },
];

/** Open demo groups, ending relative to the seed time; the first is group 1 (the routes spec opens it). */
export function pintuanDemoGroups(now: Date) {
  return [
    {
      planId: 'std-1c1g',
      regionId: 'hong-kong',
      leader: 'mei.chen',
      members: [],
      expiresAt: new Date(now.getTime() + 20 * 3_600_000),
    },
    {
      planId: 'perf-2c4g',
      regionId: 'singapore',
      leader: 'kenji.sato',
      members: ['alex.wong'],
      expiresAt: new Date(now.getTime() + 60 * 3_600_000),
    },
  ];
}
