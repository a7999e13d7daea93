import 'server-only';
import type { Locale } from '@/lib/locales';

/** The helper's own sentences per language (issue 8); plain text, escaped when the answer is built. */
export type ChatCopy = {
  fromDocs: (title: string) => string;
  fromNotice: (title: string) => string;
  readMore: string;
  alsoSee: string;
  plansIntro: string;
  planLine: (v: { name: string; disk: number; price: string }) => string;
  configure: string;
  configureLink: (plan: string) => string;
  notFound: string;
  browseDocs: string;
  contact: string;
};

export const CHAT_COPY: Record<Locale, ChatCopy> = {
  en: {
    fromDocs: (title) => `From our guide “${title}”:`,
    fromNotice: (title) => `From our announcement “${title}”:`,
    readMore: 'Read the full article',
    alsoSee: 'Related articles:',
    plansIntro: 'Current VPS prices (per month):',
    planLine: (v) => `${v.name}, ${v.disk} GB SSD: ${v.price}/month`,
    configure: 'Ready to order? Open the configurator with this plan selected:',
    configureLink: (plan) => `Configure ${plan}`,
    notFound:
      'I could not find an answer to that in our documentation. Try other words, browse the documentation, or contact our support team.',
    browseDocs: 'Browse the documentation',
    contact: 'Contact support',
  },
  zh: {
    fromDocs: (title) => `摘自我们的文档《${title}》：`,
    fromNotice: (title) => `摘自我们的公告《${title}》：`,
    readMore: '阅读全文',
    alsoSee: '相关文章：',
    plansIntro: '当前云服务器价格（按月）：',
    planLine: (v) => `${v.name}，${v.disk} GB SSD：每月 ${v.price}`,
    configure: '准备下单？打开已选好此套餐的配置页：',
    configureLink: (plan) => `配置 ${plan}`,
    notFound: '抱歉，我在文档中没有找到相关答案。您可以换个说法、浏览帮助文档，或联系我们的客服团队。',
    browseDocs: '浏览帮助文档',
    contact: '联系客服',
  },
  ja: {
    fromDocs: (title) => `ドキュメント「${title}」より：`,
    fromNotice: (title) => `お知らせ「${title}」より：`,
    readMore: '記事全文を読む',
    alsoSee: '関連記事：',
    plansIntro: '現在の VPS 料金（月額）：',
    planLine: (v) => `${v.name}、SSD ${v.disk} GB：月額 ${v.price}`,
    configure: 'ご注文の準備はできましたか？このプランを選んだ状態で構成画面を開けます：',
    configureLink: (plan) => `${plan} を構成する`,
    notFound:
      'ドキュメントに該当する回答が見つかりませんでした。別の言葉でお試しいただくか、ドキュメントをご覧いただくか、サポートチームへお問い合わせください。',
    browseDocs: 'ドキュメントを見る',
    contact: 'サポートに問い合わせる',
  },
};

/** Words that make a question about prices, or about buying (then the configurator link is offered). */
export const PRICE_WORDS: Record<Locale, RegExp> = {
  en: /\b(price|prices|pricing|cost|costs|cheap|cheapest|how much|fee|fees|per month|monthly)\b/i,
  zh: /价格|价钱|多少钱|费用|收费|便宜|月付|每月|报价|资费/,
  ja: /料金|価格|値段|いくら|費用|安い|月額|プラン/,
};

/** Words that make a price question about servers (plans are listed), not about disks or domains. */
export const SERVER_WORDS: Record<Locale, RegExp> = {
  en: /\b(vps|servers?|plans?|cpus?|vcpus?|cores?|ram|memory|instances?|cheapest)\b/i,
  zh: /服务器|云主机|主机|套餐|核|内存|vps/i,
  ja: /サーバー|プラン|コア|メモリ|インスタンス|vps/i,
};

export const BUY_WORDS: Record<Locale, RegExp> = {
  en: /\b(buy|purchase|order|sign up for|get a vps|rent|subscribe)\b/i,
  zh: /购买|买|下单|订购|开通|租用/,
  ja: /購入|買|注文|申し込|契約|申込/,
};
