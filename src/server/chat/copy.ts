import 'server-only';
import type { Locale } from '@/lib/locales';

/**
 * The helper's own words per language (docs/decisions/047-chat-answers.md); plain text, escaped when the answer is
 * built. They hold no number of their own: every number in an answer comes from the catalog or a document.
 */
export type PlanFacts = {
  name: string;
  cpu: number;
  memoryGb: string;
  diskGb: number;
  diskType: string;
  trafficGb: number;
  price: string;
  /** The region the price is for; without one it is the lowest regional price ("from"). */
  region?: string | undefined;
};

export type ChatCopy = {
  plan: (v: PlanFacts) => string;
  plansIntro: (region?: string) => string;
  cheapestIntro: (region?: string) => string;
  nextCheapest: string;
  notSoldIn: (plan: string, region: string) => string;
  soldIn: (plan: string, region: string) => string;
  regionsOfPlan: (plan: string) => string;
  regionsIntro: string;
  regionLine: (v: { city: string; country: string; pct: number }) => string;
  noPlanMatch: string;
  configure: (plan: string, region?: string) => string;
  domainIntro: string;
  domainLine: (v: { suffix: string; register: string; renew: string; transfer: string }) => string;
  domainUnknown: (suffix: string) => string;
  domainSearch: (name: string) => string;
  domainSearchPage: string;
  snapshotIntro: string;
  snapshotLine: (v: { name: string; description: string; price: string | null }) => string;
  snapshotStorage: string;
  configureSnapshots: string;
  saleIntro: (v: { name: string; ends: string }) => string;
  saleLine: (v: {
    plan: string;
    region: string;
    months: number;
    price: string;
    regular: string;
    left: number;
  }) => string;
  noSale: string;
  salePage: string;
  groupIntro: string;
  groupLine: (v: {
    name: string;
    plan: string;
    region: string;
    months: number;
    size: number;
    price: string;
    single: string;
    hours: number;
  }) => string;
  groupRules: string;
  groupPage: string;
  noGroup: string;
  couponIntro: string;
  couponLine: (v: { name: string; off: string; threshold: string | null; days: number; newOnly: boolean }) => string;
  percentOff: (pct: number) => string;
  noCoupons: string;
  couponCentre: string;
  fromDoc: (title: string) => string;
  fromNotice: (title: string) => string;
  readArticle: (title: string) => string;
  signUp: string;
  resetPassword: string;
  activatePage: string;
  productVps: string;
  productDomain: string;
  sources: string;
  declined: string;
  canHelp: string;
  notFound: string;
  browseDocs: string;
  contact: string;
  unmetered: string;
  licenceIntro: string;
  licenceLine: (v: { name: string; price: string }) => string;
  licenceTotal: (v: { cpu: number; price: string }) => string;
  licenceNote: string;
  termIntro: string;
  termLine: (v: { months: number; pct: number }) => string;
  termNote: string;
  hourlyIntro: string;
  hourlyLine: (v: { line: string; hourly: boolean }) => string;
  hourlyPrice: (v: { plan: string; price: string; monthly: string; region?: string | undefined }) => string;
  hourlyNote: string;
  bandwidthIntro: string;
  bandwidthLine: (v: { mbps: number; price: string }) => string;
  trafficIntro: string;
  trafficLine: (v: { size: string; price: string }) => string;
  volumeIntro: string;
  volumeLine: (v: { name: string; price: string; min: string; max: string; step: number }) => string;
  size: (gb: number) => string;
  pricingArticle: string;
  notMentioned: (words: string[]) => string;
  noRegionIn: (places: string[]) => string;
  askSupport: string;
  /** Before a passage found for a question of no subject the helper knows: it may not answer. */
  closest: string;
  currencyNote: (currency: string) => string;
};

export const CHAT_COPY: Record<Locale, ChatCopy> = {
  en: {
    plan: (v) =>
      `${v.name}: ${v.cpu} vCPU, ${v.memoryGb} GB memory, ${v.diskGb} GB ${v.diskType}, ${v.trafficGb ? `${v.trafficGb} GB traffic` : 'unmetered traffic'}, ${v.region ? `${v.price}/month in ${v.region}` : `from ${v.price}/month`}`,
    plansIntro: (region) =>
      region ? `Prices per month in ${region}:` : 'Prices per month (from the lowest-priced region):',
    cheapestIntro: (region) => (region ? `The cheapest plan in ${region} is:` : 'Our cheapest plan is:'),
    nextCheapest: 'The next ones up:',
    notSoldIn: (plan, region) => `${plan} is not offered in ${region}.`,
    soldIn: (plan, region) => `Yes, ${plan} is offered in ${region}.`,
    regionsOfPlan: (plan) => `${plan} is offered in:`,
    regionsIntro: 'Our regions (compute prices differ by region):',
    regionLine: (v) => `${v.city}, ${v.country}${v.pct ? ` (+${v.pct}% on compute)` : ''}`,
    noPlanMatch: 'No plan matches exactly; these are the closest:',
    configure: (plan, region) => `Configure ${plan}${region ? ` in ${region}` : ''}`,
    domainIntro: 'Domain prices per year:',
    domainLine: (v) => `${v.suffix}: register ${v.register}, renew ${v.renew}, transfer ${v.transfer}`,
    domainUnknown: (suffix) => `We do not sell ${suffix} domains. These are the suffixes we offer:`,
    domainSearch: (name) => `Check whether ${name} is free`,
    domainSearchPage: 'Search for a domain name',
    snapshotIntro: 'Automatic snapshot policies you can add to a server:',
    snapshotLine: (v) => `${v.name}: ${v.description} ${v.price ? `${v.price}/month.` : 'Free.'}`,
    snapshotStorage: 'How snapshots are billed:',
    configureSnapshots: 'Choose a snapshot policy in the configurator',
    saleIntro: (v) => `${v.name} is running until ${v.ends}:`,
    saleLine: (v) =>
      `${v.plan} in ${v.region}, ${v.months} months: ${v.price} instead of ${v.regular} (${v.left} left)`,
    noSale: 'No VPS sale is running right now. Current promotions:',
    salePage: 'See the sale',
    groupIntro: 'Group-buy offers running now:',
    groupLine: (v) =>
      `${v.name}: ${v.plan} in ${v.region}, ${v.months} months, ${v.price} per person in a group of ${v.size} (${v.single} alone); a group has ${v.hours} hours to fill`,
    groupRules: 'How group-buy works:',
    groupPage: 'See the group-buy offers',
    noGroup: 'No group-buy offer is running right now.',
    couponIntro: 'Coupons you can claim now:',
    couponLine: (v) =>
      `${v.name}: ${v.off}${v.threshold ? ` on orders of ${v.threshold} or more` : ''}, valid ${v.days} days after claiming${v.newOnly ? ', new customers only' : ''}`,
    percentOff: (pct) => `${pct}% off`,
    noCoupons: 'No coupon can be claimed right now.',
    couponCentre: 'Open the coupon centre',
    fromDoc: (title) => `From our guide “${title}”:`,
    fromNotice: (title) => `From our announcement “${title}”:`,
    readArticle: (title) => `Read “${title}”`,
    signUp: 'Create an account',
    resetPassword: 'Reset your password',
    activatePage: 'Account activation',
    productVps: 'Cloud server plans',
    productDomain: 'Domain prices',
    sources: 'Sources:',
    declined:
      'Sorry, I can only help with questions about Cirrus Cloud: our servers and their prices, regions, domains, snapshots, promotions, billing, refunds and accounts.',
    canHelp: 'For example, you can ask:',
    notFound:
      'I could not find an answer to that in our documentation or catalog. Try other words, browse the documentation, or contact our support team.',
    browseDocs: 'Browse the documentation',
    contact: 'Contact support',
    unmetered: 'unmetered',
    licenceIntro: 'Licences are billed per vCPU every month of the term (term discounts do not apply to them):',
    licenceLine: (v) => `${v.name}: ${v.price} per vCPU a month`,
    licenceTotal: (v) => `With ${v.cpu} vCPU: ${v.price} a month`,
    licenceNote: 'Linux images cost nothing extra.',
    termIntro: 'Paying for a longer term lowers the monthly price of the plan and its add-ons:',
    termLine: (v) => (v.pct ? `${v.months} months: ${v.pct}% off` : `${v.months} month: no discount`),
    termNote: 'The discount does not apply to licences, and sale and group-buy prices are already term prices.',
    hourlyIntro: 'Billing by the hour, per product line:',
    hourlyLine: (v) => `${v.line}: ${v.hourly ? 'hourly or by term' : 'by term only (monthly or longer), not hourly'}`,
    hourlyPrice: (v) =>
      `${v.plan}: ${v.price} an hour${v.region ? ` in ${v.region}` : ' (lowest region)'}, never more than ${v.monthly} in a calendar month`,
    hourlyNote: 'An hourly server is paid from your balance hour by hour; delete it to stop billing.',
    bandwidthIntro: 'Port speed upgrades, per month:',
    bandwidthLine: (v) => `${v.mbps} Mbps: ${v.price}`,
    trafficIntro: 'Traffic packages, per month:',
    trafficLine: (v) => `${v.size}: ${v.price}`,
    volumeIntro: 'Block storage volumes, per GB and month:',
    volumeLine: (v) => `${v.name}: ${v.price} per GB a month (${v.min} to ${v.max}, in steps of ${v.step} GB)`,
    size: (gb) => (gb >= 1000 && gb % 1000 === 0 ? `${gb / 1000} TB` : `${gb} GB`),
    pricingArticle: 'VPS and dedicated server pricing',
    notMentioned: (words) =>
      `Our pages do not mention ${words.join(', ')}, so I cannot say we offer it. Our support team can tell you more.`,
    noRegionIn: (places) =>
      `We have no region in ${places.join(', ')}; these are the regions we run servers in. Our support team can advise on the closest one.`,
    askSupport: 'Ask our support team',
    closest:
      'I am not sure our pages answer this. This is the closest they come; if it does not answer your question, our support team can.',
    currencyNote: (currency) => `Prices in ${currency}.`,
  },
  zh: {
    plan: (v) =>
      `${v.name}：${v.cpu} 核 vCPU、${v.memoryGb} GB 内存、${v.diskGb} GB ${v.diskType}、${v.trafficGb ? `每月 ${v.trafficGb} GB 流量` : '不限流量'}，${v.region ? `${v.region}每月 ${v.price}` : `每月 ${v.price} 起`}`,
    plansIntro: (region) => (region ? `${region}的月付价格：` : '月付价格（按价格最低的地域计）：'),
    cheapestIntro: (region) => (region ? `${region}最便宜的套餐是：` : '我们最便宜的套餐是：'),
    nextCheapest: '价格稍高的套餐：',
    notSoldIn: (plan, region) => `${region}暂不提供${plan}。`,
    soldIn: (plan, region) => `可以，${region}提供${plan}。`,
    regionsOfPlan: (plan) => `${plan}在以下地域提供：`,
    regionsIntro: '我们的地域（计算资源价格因地域而异）：',
    regionLine: (v) => `${v.city}（${v.country}）${v.pct ? `，计算资源加价 ${v.pct}%` : ''}`,
    noPlanMatch: '没有完全匹配的套餐，以下是最接近的：',
    configure: (plan, region) => `${region ? `在${region}` : ''}配置 ${plan}`,
    domainIntro: '域名价格（每年）：',
    domainLine: (v) => `${v.suffix}：注册 ${v.register}，续费 ${v.renew}，转入 ${v.transfer}`,
    domainUnknown: (suffix) => `我们暂不提供 ${suffix} 域名。可注册的后缀如下：`,
    domainSearch: (name) => `查询 ${name} 是否可以注册`,
    domainSearchPage: '查询域名',
    snapshotIntro: '可为服务器添加的自动快照策略：',
    snapshotLine: (v) => `${v.name}：${v.description}${v.price ? `每月 ${v.price}。` : '免费。'}`,
    snapshotStorage: '快照如何计费：',
    configureSnapshots: '在配置页选择快照策略',
    saleIntro: (v) => `${v.name}进行中，截至 ${v.ends}：`,
    saleLine: (v) => `${v.plan}（${v.region}，${v.months} 个月）：${v.price}，原价 ${v.regular}（剩余 ${v.left} 台）`,
    noSale: '目前没有进行中的云服务器特惠。当前活动：',
    salePage: '查看特惠活动',
    groupIntro: '正在进行的拼团活动：',
    groupLine: (v) =>
      `${v.name}：${v.plan}（${v.region}，${v.months} 个月），${v.size} 人成团每人 ${v.price}（单独购买 ${v.single}），开团后 ${v.hours} 小时内需凑满人数`,
    groupRules: '拼团规则：',
    groupPage: '查看拼团活动',
    noGroup: '目前没有进行中的拼团活动。',
    couponIntro: '现在可以领取的优惠券：',
    couponLine: (v) =>
      `${v.name}：${v.threshold ? `满 ${v.threshold} ` : ''}${v.off}，领取后 ${v.days} 天内有效${v.newOnly ? '，仅限新用户' : ''}`,
    percentOff: (pct) => `减 ${pct}%`,
    noCoupons: '目前没有可领取的优惠券。',
    couponCentre: '前往领券中心',
    fromDoc: (title) => `摘自文档《${title}》：`,
    fromNotice: (title) => `摘自公告《${title}》：`,
    readArticle: (title) => `阅读《${title}》`,
    signUp: '注册账户',
    resetPassword: '重设密码',
    activatePage: '账户激活',
    productVps: '云服务器套餐',
    productDomain: '域名价格',
    sources: '来源：',
    declined:
      '抱歉，我只能回答与 Cirrus Cloud 相关的问题：服务器及价格、地域、域名、快照、优惠活动、计费、退款和账户。',
    canHelp: '例如，您可以问：',
    notFound: '抱歉，我在文档和产品目录中没有找到相关答案。您可以换个说法、浏览帮助文档，或联系我们的客服团队。',
    browseDocs: '浏览帮助文档',
    contact: '联系客服',
    unmetered: '不限',
    licenceIntro: '许可证按 vCPU 数在整个周期内逐月计费（不参与长周期折扣）：',
    licenceLine: (v) => `${v.name}：每个 vCPU 每月 ${v.price}`,
    licenceTotal: (v) => `${v.cpu} 个 vCPU：每月 ${v.price}`,
    licenceNote: 'Linux 镜像不另收费。',
    termIntro: '包周期越长，套餐及其附加项的月均价格越低：',
    termLine: (v) => (v.pct ? `${v.months} 个月：减 ${v.pct}%` : `${v.months} 个月：无折扣`),
    termNote: '折扣不适用于许可证；特惠价和拼团价本身已是周期价格。',
    hourlyIntro: '各产品线是否支持按小时计费：',
    hourlyLine: (v) => `${v.line}：${v.hourly ? '支持按小时或包周期' : '仅支持包周期（按月或更长），不支持按小时'}`,
    hourlyPrice: (v) =>
      `${v.plan}：${v.region ? `${v.region}` : '最低地域'}每小时 ${v.price}，每个自然月不超过 ${v.monthly}`,
    hourlyNote: '按小时计费的服务器每小时从余额扣费，删除后即停止计费。',
    bandwidthIntro: '带宽升级（每月）：',
    bandwidthLine: (v) => `${v.mbps} Mbps：${v.price}`,
    trafficIntro: '流量包（每月）：',
    trafficLine: (v) => `${v.size}：${v.price}`,
    volumeIntro: '块存储云硬盘（每 GB 每月）：',
    volumeLine: (v) => `${v.name}：每 GB 每月 ${v.price}（${v.min} 至 ${v.max}，按 ${v.step} GB 递增）`,
    size: (gb) => (gb >= 1000 && gb % 1000 === 0 ? `${gb / 1000} TB` : `${gb} GB`),
    pricingArticle: 'VPS 与独立服务器价格',
    notMentioned: (words) => `我们的页面没有提到${words.join('、')}，因此无法确认我们提供。可以咨询客服团队了解更多。`,
    noRegionIn: (places) => `我们在${places.join('、')}没有地域，目前提供的地域如下。可咨询客服了解离您最近的地域。`,
    askSupport: '咨询客服',
    closest: '我不确定我们的页面能回答这个问题。以下是最接近的内容；如果没有解答您的疑问，请咨询客服。',
    currencyNote: (currency) => `以下价格以 ${currency} 计。`,
  },
  ja: {
    plan: (v) =>
      `${v.name}：vCPU ${v.cpu} コア、メモリ ${v.memoryGb} GB、${v.diskType} ${v.diskGb} GB、${v.trafficGb ? `転送量 ${v.trafficGb} GB` : '転送量無制限'}、${v.region ? `${v.region}で月額 ${v.price}` : `月額 ${v.price} から`}`,
    plansIntro: (region) => (region ? `${region}リージョンの月額料金：` : '月額料金（最も安いリージョンの料金）：'),
    cheapestIntro: (region) => (region ? `${region}で最も安いプランはこちらです：` : '最も安いプランはこちらです：'),
    nextCheapest: 'その次に安いプラン：',
    notSoldIn: (plan, region) => `${plan} は${region}では提供していません。`,
    soldIn: (plan, region) => `はい、${plan} は${region}でご利用いただけます。`,
    regionsOfPlan: (plan) => `${plan} を提供しているリージョン：`,
    regionsIntro: 'リージョン一覧（コンピュート料金はリージョンにより異なります）：',
    regionLine: (v) => `${v.city}（${v.country}）${v.pct ? `、コンピュート料金 +${v.pct}%` : ''}`,
    noPlanMatch: '条件に完全に一致するプランはありません。近いプランはこちらです：',
    configure: (plan, region) => `${region ? `${region}で` : ''}${plan} を構成する`,
    domainIntro: 'ドメインの年額料金：',
    domainLine: (v) => `${v.suffix}：新規登録 ${v.register}、更新 ${v.renew}、移管 ${v.transfer}`,
    domainUnknown: (suffix) => `${suffix} ドメインは取り扱っていません。取り扱い中のドメインはこちらです：`,
    domainSearch: (name) => `${name} が取得できるか調べる`,
    domainSearchPage: 'ドメインを検索する',
    snapshotIntro: 'サーバーに追加できる自動スナップショットのポリシー：',
    snapshotLine: (v) => `${v.name}：${v.description}${v.price ? `月額 ${v.price}。` : '無料。'}`,
    snapshotStorage: 'スナップショットの課金について：',
    configureSnapshots: '構成画面でスナップショットのポリシーを選ぶ',
    saleIntro: (v) => `${v.name}を ${v.ends} まで開催中です：`,
    saleLine: (v) => `${v.plan}（${v.region}、${v.months} か月）：${v.price}（通常 ${v.regular}、残り ${v.left} 台）`,
    noSale: '現在開催中の VPS セールはありません。開催中のキャンペーン：',
    salePage: 'セールを見る',
    groupIntro: '開催中の共同購入：',
    groupLine: (v) =>
      `${v.name}：${v.plan}（${v.region}、${v.months} か月）、${v.size} 人そろうと 1 人 ${v.price}（単独購入は ${v.single}）、グループ作成から ${v.hours} 時間以内に人数をそろえます`,
    groupRules: '共同購入のしくみ：',
    groupPage: '共同購入を見る',
    noGroup: '現在開催中の共同購入はありません。',
    couponIntro: '今すぐ受け取れるクーポン：',
    couponLine: (v) =>
      `${v.name}：${v.threshold ? `${v.threshold} 以上のご注文で` : ''}${v.off}、受け取りから ${v.days} 日間有効${v.newOnly ? '、新規のお客様限定' : ''}`,
    percentOff: (pct) => `${pct}% オフ`,
    noCoupons: '現在受け取れるクーポンはありません。',
    couponCentre: 'クーポンセンターを開く',
    fromDoc: (title) => `ドキュメント「${title}」より：`,
    fromNotice: (title) => `お知らせ「${title}」より：`,
    readArticle: (title) => `「${title}」を読む`,
    signUp: 'アカウントを作成する',
    resetPassword: 'パスワードを再設定する',
    activatePage: 'アカウントの有効化',
    productVps: 'クラウドサーバーのプラン',
    productDomain: 'ドメイン料金',
    sources: '出典：',
    declined:
      '申し訳ありませんが、Cirrus Cloud に関するご質問（サーバーと料金、リージョン、ドメイン、スナップショット、キャンペーン、請求、返金、アカウント）にのみお答えできます。',
    canHelp: 'たとえば、次のようにお尋ねください：',
    notFound:
      'ドキュメントとカタログに該当する回答が見つかりませんでした。別の言葉でお試しいただくか、ドキュメントをご覧いただくか、サポートチームへお問い合わせください。',
    browseDocs: 'ドキュメントを見る',
    contact: 'サポートに問い合わせる',
    unmetered: '無制限',
    licenceIntro: 'ライセンスは契約期間中、vCPU 数に応じて毎月課金されます（長期割引の対象外）：',
    licenceLine: (v) => `${v.name}：vCPU あたり月額 ${v.price}`,
    licenceTotal: (v) => `${v.cpu} vCPU の場合：月額 ${v.price}`,
    licenceNote: 'Linux イメージは追加料金なしでご利用いただけます。',
    termIntro: '契約期間が長いほど、プランと追加オプションの月あたりの料金が割安になります：',
    termLine: (v) => (v.pct ? `${v.months} か月：${v.pct}% 割引` : `${v.months} か月：割引なし`),
    termNote: '割引はライセンスには適用されません。セール価格と共同購入価格はすでに契約期間の料金です。',
    hourlyIntro: '製品ラインごとの時間課金の対応：',
    hourlyLine: (v) =>
      `${v.line}：${v.hourly ? '時間課金・契約期間のどちらも可' : '契約期間のみ（月額以上）、時間課金は不可'}`,
    hourlyPrice: (v) =>
      `${v.plan}：${v.region ? `${v.region}で` : '最安リージョンで'}時間あたり ${v.price}、暦月あたり ${v.monthly} を超えません`,
    hourlyNote: '時間課金のサーバーは残高から時間ごとに差し引かれ、削除すると課金が止まります。',
    bandwidthIntro: '帯域（ポート速度）の追加料金（月額）：',
    bandwidthLine: (v) => `${v.mbps} Mbps：${v.price}`,
    trafficIntro: '転送量パック（月額）：',
    trafficLine: (v) => `${v.size}：${v.price}`,
    volumeIntro: 'ブロックストレージ（GB あたり月額）：',
    volumeLine: (v) => `${v.name}：GB あたり月額 ${v.price}（${v.min}〜${v.max}、${v.step} GB 単位）`,
    size: (gb) => (gb >= 1000 && gb % 1000 === 0 ? `${gb / 1000} TB` : `${gb} GB`),
    pricingArticle: 'VPS・専用サーバーの料金',
    notMentioned: (words) =>
      `当社のページには${words.join('、')}についての記載がないため、ご提供しているとはお答えできません。詳しくはサポートチームにお問い合わせください。`,
    noRegionIn: (places) =>
      `${places.join('、')}にはリージョンがありません。ご利用いただけるリージョンは以下のとおりです。最寄りのリージョンはサポートチームにご相談ください。`,
    askSupport: 'サポートに問い合わせる',
    closest:
      '当社のページでこのご質問にお答えできるかはわかりません。最も近い記載は以下のとおりです。お答えになっていない場合は、サポートチームにお問い合わせください。',
    currencyNote: (currency) => `料金は ${currency} で表示しています。`,
  },
};

/** Questions the helper offers when it declines one, in each language. */
export const EXAMPLE_QUESTIONS: Record<Locale, string[]> = {
  en: ['What is the cheapest VPS?', 'How much is a .com domain?', 'Is there an SLA?'],
  zh: ['最便宜的云服务器多少钱？', '.com 域名多少钱？', '有 SLA 吗？'],
  ja: ['一番安い VPS はいくらですか？', '.com ドメインの料金は？', 'SLA はありますか？'],
};
