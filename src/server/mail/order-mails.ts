import 'server-only';
import { HTML_LANG } from '@/lib/locales';
import type { OutgoingMail } from './outbox';
import { type CustomerMail, customerMail, type MailLocale } from './templates';

/**
 * The mails of an order's life (docs/product/states.md#order-mails, docs/decisions/069-order-mails.md): created,
 * reminded, expired, paid, and its refunds. Every input is a plain value already written for the reader (amounts
 * by the storefront's money formatter, the deadline by `mailDeadline`); src/server/orders/mails.ts reads the order
 * and queues them. They share the customer mails' one layout (`customerMail`).
 */

/** A row of an order's summary in a mail: a line, the coupon, a tax line, the total (`strong`). */
export type OrderMailFact = { label: string; value: string; strong?: boolean };

type OrderMailBase = {
  locale: MailLocale;
  to: string;
  username: string;
  /** The order's number. */
  number: string;
  /** The order's page on the storefront. */
  orderLink: string;
  brand: string;
};

/**
 * A deadline as a mail states it: in UTC and saying so, since a mail is read wherever its reader is and the site
 * does not know a customer's time zone ("Dec 2, 2026, 07:25 UTC", "2026年12月2日 07:25 UTC").
 */
export function mailDeadline(at: Date, locale: MailLocale): string {
  return new Intl.DateTimeFormat(HTML_LANG[locale], {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: 'UTC',
    timeZoneName: 'short',
  }).format(at);
}

const FALLBACK: Record<MailLocale, { one: string; many: string }> = {
  en: {
    one: 'If the button does not work, copy this link into your browser:',
    many: 'If the buttons do not work, copy these links into your browser:',
  },
  zh: {
    one: '如果按钮无法点击，请将以下链接复制到浏览器中打开：',
    many: '如果按钮无法点击，请将以下链接复制到浏览器中打开：',
  },
  ja: {
    one: 'ボタンが機能しない場合は、次のリンクをブラウザに貼り付けてください。',
    many: 'ボタンが機能しない場合は、次のリンクをブラウザに貼り付けてください。',
  },
};

const SIGNATURE: Record<MailLocale, (brand: string) => string> = {
  en: (brand) => `The ${brand} team`,
  zh: (brand) => `${brand} 团队`,
  ja: (brand) => `${brand} チーム`,
};

const GREETING: Record<MailLocale, (name: string) => string> = {
  en: (name) => `Hello ${name},`,
  zh: (name) => `${name}，您好：`,
  ja: (name) => `${name} 様`,
};

/** The parts every order mail has in the same words: greeting, link fallback, signature. */
function mail(
  kind: string,
  input: OrderMailBase,
  copy: Omit<CustomerMail, 'greeting' | 'fallback' | 'signature'>,
): OutgoingMail {
  const { locale } = input;
  return customerMail(kind, locale, input.to, {
    ...copy,
    greeting: GREETING[locale](input.username),
    fallback: copy.buttons.length > 1 ? FALLBACK[locale].many : FALLBACK[locale].one,
    signature: SIGNATURE[locale](input.brand),
  });
}

// ---- created --------------------------------------------------------------------------------------------------

export type OrderCreatedInput = OrderMailBase & {
  /** What was ordered, in a few words: "Standard 1C1G, Los Angeles, 12 months". */
  what: string;
  /** The lines, the coupon, the tax line(s) and the total, as the order's page shows them. */
  facts: OrderMailFact[];
  /** What to pay, short (`$12.00`, `￥848（税込）`): for the subject and the button. */
  due: string;
  /** The deadline, written by `mailDeadline`. */
  payBy: string;
  payLink: string;
};

const CREATED: Record<MailLocale, (v: OrderCreatedInput) => Omit<CustomerMail, 'greeting' | 'fallback' | 'signature'>> =
  {
    en: ({ number, what, due, payBy, payLink, orderLink, facts }) => ({
      subject: `Order ${number}: please pay ${due} by ${payBy}`,
      intro: [
        `Thank you for your order ${number}: ${what}.`,
        `Please pay ${due} by ${payBy}. An order that is not paid by then expires, and what it holds (a sale price, a coupon, a group-buy seat) is released.`,
      ],
      facts,
      buttons: [
        { label: `Pay ${due}`, link: payLink },
        { label: 'View the order', link: orderLink },
      ],
      after: [
        'Orders are paid in the customer centre. If you did not place this order, you can ignore this e-mail: an unpaid order expires on its own and nothing is charged.',
      ],
    }),
    zh: ({ number, what, due, payBy, payLink, orderLink, facts }) => ({
      subject: `订单 ${number}：请在 ${payBy} 前支付 ${due}`,
      intro: [
        `感谢您的订购！订单号 ${number}：${what}。`,
        `请在 ${payBy} 前支付 ${due}。逾期未付，订单将自动失效，其占用的特惠名额、优惠券或拼团名额也将释放。`,
      ],
      facts,
      buttons: [
        { label: `支付 ${due}`, link: payLink },
        { label: '查看订单', link: orderLink },
      ],
      after: [
        '付款在用户中心完成。如果这不是您本人下的订单，请忽略本邮件：未付款的订单到期后自动失效，不会产生任何费用。',
      ],
    }),
    ja: ({ number, what, due, payBy, payLink, orderLink, facts, brand }) => ({
      subject: `【${brand}】ご注文 ${number} のお支払いのお願い（${payBy}まで）`,
      intro: [
        `ご注文ありがとうございます。ご注文番号 ${number}：${what}。`,
        `${payBy}までに ${due} をお支払いください。期限までにお支払いがない場合、ご注文は自動的に失効し、確保していたセール在庫・クーポン・共同購入の席は解放されます。`,
      ],
      facts,
      buttons: [
        { label: `${due} を支払う`, link: payLink },
        { label: 'ご注文を確認する', link: orderLink },
      ],
      after: [
        'お支払いはカスタマーセンターで承ります。お心当たりのないご注文の場合は、このメールを破棄してください。未払いのご注文は期限を過ぎると自動的に失効し、料金は発生しません。',
      ],
    }),
  };

/** Sent in the transaction that creates an order: what was ordered, what it costs with tax, where and by when to pay. */
export function orderCreatedMail(input: OrderCreatedInput): OutgoingMail {
  return mail('order-created', input, CREATED[input.locale](input));
}

// ---- reminder -------------------------------------------------------------------------------------------------

export type OrderReminderInput = OrderMailBase & { due: string; payBy: string; payLink: string };

const REMINDER: Record<
  MailLocale,
  (v: OrderReminderInput) => Omit<CustomerMail, 'greeting' | 'fallback' | 'signature'>
> = {
  en: ({ number, due, payBy, payLink, orderLink }) => ({
    subject: `Reminder: order ${number} expires at ${payBy}`,
    intro: [
      `Order ${number} is still waiting for its payment of ${due}. Please pay by ${payBy}: after that the order expires and what it holds is released.`,
    ],
    buttons: [
      { label: `Pay ${due}`, link: payLink },
      { label: 'View the order', link: orderLink },
    ],
    after: [
      'If you have just paid, you can ignore this reminder. If you no longer want the order, leave it: it expires on its own and nothing is charged.',
    ],
  }),
  zh: ({ number, due, payBy, payLink, orderLink }) => ({
    subject: `提醒：订单 ${number} 将于 ${payBy} 失效`,
    intro: [
      `订单 ${number} 仍在等待付款（${due}）。请在 ${payBy} 前完成支付，逾期订单将失效，其占用的名额和优惠也将释放。`,
    ],
    buttons: [
      { label: `支付 ${due}`, link: payLink },
      { label: '查看订单', link: orderLink },
    ],
    after: ['如果您刚刚已付款，请忽略本提醒。如果不再需要该订单，无需任何操作：订单到期后自动失效，不会产生费用。'],
  }),
  ja: ({ number, due, payBy, payLink, orderLink, brand }) => ({
    subject: `【${brand}】ご注文 ${number} のお支払い期限（${payBy}）が近づいています`,
    intro: [
      `ご注文 ${number}（${due}）のお支払いがまだ確認できていません。${payBy}までにお支払いください。期限を過ぎるとご注文は失効し、確保していた在庫や特典は解放されます。`,
    ],
    buttons: [
      { label: `${due} を支払う`, link: payLink },
      { label: 'ご注文を確認する', link: orderLink },
    ],
    after: [
      '行き違いでお支払い済みの場合は、このメールを破棄してください。ご注文が不要になった場合は、そのままにしていただければ期限後に自動的に失効し、料金は発生しません。',
    ],
  }),
};

/** Sent once, `ORDER_REMINDER_MINUTES` before an unpaid order expires (src/server/orders/reminders.ts). */
export function orderReminderMail(input: OrderReminderInput): OutgoingMail {
  return mail('order-reminder', input, REMINDER[input.locale](input));
}

// ---- expired --------------------------------------------------------------------------------------------------

/** What an expired order gave back, as it applied to that order (src/server/orders/lifecycle.ts, releaseHolds). */
export type GaveBack = {
  /** It held a sale item's stock at the sale price. */
  saleStock: boolean;
  /** The coupon it used, by name: usable again. */
  coupon: string | null;
  /** Its group-buy seat: a member's is freed; a leader's group is called off. */
  seat: 'member' | 'leader' | null;
};

export type OrderExpiredInput = OrderMailBase & { payBy: string; gaveBack: GaveBack };

const EXPIRED: Record<MailLocale, (v: OrderExpiredInput) => Omit<CustomerMail, 'greeting' | 'fallback' | 'signature'>> =
  {
    en: ({ number, payBy, orderLink, gaveBack }) => ({
      subject: `Order ${number} has expired`,
      intro: [
        `Order ${number} was not paid by ${payBy}, so it has expired. Nothing was charged.`,
        ...(gaveBack.saleStock ? ['The sale server it reserved at the sale price has gone back on sale.'] : []),
        ...(gaveBack.coupon
          ? [`Your coupon "${gaveBack.coupon}" is yours again and can be used on another order.`]
          : []),
        ...(gaveBack.seat === 'member'
          ? ['Your seat in the group-buy has been given up, so someone else can take it.']
          : gaveBack.seat === 'leader'
            ? ['The group-buy you started has been called off, since it opens only once its first order is paid.']
            : []),
      ],
      buttons: [{ label: 'View the order', link: orderLink }],
      after: ['You can place a new order at any time.'],
    }),
    zh: ({ number, payBy, orderLink, gaveBack }) => ({
      subject: `订单 ${number} 已失效`,
      intro: [
        `订单 ${number} 未在 ${payBy} 前付款，已自动失效，未产生任何费用。`,
        ...(gaveBack.saleStock ? ['该订单占用的特惠服务器名额已释放，重新开放抢购。'] : []),
        ...(gaveBack.coupon ? [`您的优惠券「${gaveBack.coupon}」已退回账户，可用于其他订单。`] : []),
        ...(gaveBack.seat === 'member'
          ? ['您在拼团中的名额已释放，其他人可以加入。']
          : gaveBack.seat === 'leader'
            ? ['由于团长订单未付款，您发起的拼团已取消。']
            : []),
      ],
      buttons: [{ label: '查看订单', link: orderLink }],
      after: ['您可以随时重新下单。'],
    }),
    ja: ({ number, payBy, orderLink, gaveBack, brand }) => ({
      subject: `【${brand}】ご注文 ${number} は期限切れとなりました`,
      intro: [
        `ご注文 ${number} は ${payBy} までにお支払いが確認できなかったため、失効しました。料金は発生していません。`,
        ...(gaveBack.saleStock ? ['セール価格で確保していたサーバーの在庫は、販売に戻されました。'] : []),
        ...(gaveBack.coupon
          ? [`ご利用のクーポン「${gaveBack.coupon}」はお客様のアカウントに戻り、ほかのご注文でお使いいただけます。`]
          : []),
        ...(gaveBack.seat === 'member'
          ? ['共同購入の席は解放され、ほかの方が参加できるようになりました。']
          : gaveBack.seat === 'leader'
            ? ['作成された共同購入グループは、最初のご注文のお支払いがなかったため取り消されました。']
            : []),
      ],
      buttons: [{ label: 'ご注文を確認する', link: orderLink }],
      after: ['新しいご注文はいつでも承ります。'],
    }),
  };

/** Sent in the transaction that expires an unpaid order: that it ended, that nothing was charged, what it gave back. */
export function orderExpiredMail(input: OrderExpiredInput): OutgoingMail {
  return mail('order-expired', input, EXPIRED[input.locale](input));
}

// ---- paid -----------------------------------------------------------------------------------------------------

export type OrderPaidInput = OrderMailBase & {
  /** What was paid, as the storefront writes the order's total. */
  total: string;
  /** The invoice issued with the payment (docs/decisions/067-invoices.md): its number and PDF; null without one. */
  invoice: { number: string; link: string } | null;
};

const PAID: Record<MailLocale, (v: OrderPaidInput) => Omit<CustomerMail, 'greeting' | 'fallback' | 'signature'>> = {
  en: ({ number, total, orderLink, invoice }) => ({
    subject: `Payment received for order ${number}`,
    intro: [
      `Thank you: we have received ${total} for order ${number}. Your server is being set up; we will e-mail you its address and login details as soon as it is ready, usually within a few minutes.`,
    ],
    buttons: [
      { label: 'View the order', link: orderLink },
      ...(invoice ? [{ label: `Download invoice ${invoice.number} (PDF)`, link: invoice.link }] : []),
    ],
    after: [
      invoice
        ? `Invoice ${invoice.number} is also on the order's page, with the tax charged. Your servers are in the customer centre.`
        : 'Your servers are in the customer centre.',
    ],
  }),
  zh: ({ number, total, orderLink, invoice }) => ({
    subject: `订单 ${number} 已付款`,
    intro: [
      `感谢您的付款：我们已收到订单 ${number} 的 ${total}。服务器正在开通，就绪后（通常几分钟内）我们会将 IP 地址和登录信息发送到您的邮箱。`,
    ],
    buttons: [
      { label: '查看订单', link: orderLink },
      ...(invoice ? [{ label: `下载发票 ${invoice.number}（PDF）`, link: invoice.link }] : []),
    ],
    after: [
      invoice
        ? `发票 ${invoice.number} 也可在订单页面下载，其中列明了所收税费。服务器请在用户中心查看。`
        : '服务器请在用户中心查看。',
    ],
  }),
  ja: ({ number, total, orderLink, invoice, brand }) => ({
    subject: `【${brand}】ご注文 ${number} のお支払いを確認しました`,
    intro: [
      `ご注文 ${number} の ${total} のお支払いを確認しました。ありがとうございます。サーバーの準備ができ次第（通常は数分以内）、IP アドレスとログイン情報をメールでお知らせします。`,
    ],
    buttons: [
      { label: 'ご注文を確認する', link: orderLink },
      ...(invoice ? [{ label: `請求書 ${invoice.number} をダウンロード（PDF）`, link: invoice.link }] : []),
    ],
    after: [
      invoice
        ? `請求書 ${invoice.number}（消費税などの税額を記載）はご注文ページからもダウンロードできます。サーバーはカスタマーセンターでご確認いただけます。`
        : 'サーバーはカスタマーセンターでご確認いただけます。',
    ],
  }),
};

/** Sent when the customer centre confirms an order's payment: the order, the amount, the invoice, where to see it. */
export function orderPaidMail(input: OrderPaidInput): OutgoingMail {
  return mail('order-paid', input, PAID[input.locale](input));
}

// ---- refunds --------------------------------------------------------------------------------------------------

/** The steps of a refund a customer is told of: started (sent to the payment side), made, or refused by it. */
export type RefundMailEvent = 'requested' | 'completed' | 'failed';

export type RefundMailInput = OrderMailBase & {
  event: RefundMailEvent;
  /** The amount given back, as the storefront writes it (tax included). */
  amount: string;
  /** The tax in it, as written; null when the order had none. */
  tax: string | null;
  /** The credit note that records the refund (its number and PDF); null when there is none. */
  creditNote: { number: string; link: string } | null;
  /** Why, in the operator's words; null when none was given. */
  reason: string | null;
};

type RefundCopy = Omit<CustomerMail, 'greeting' | 'fallback' | 'signature'>;

const REFUND_LABELS: Record<
  MailLocale,
  { amount: string; amountInclTax: string; tax: string; creditNote: string; reason: string }
> = {
  en: {
    amount: 'Amount refunded',
    amountInclTax: 'Amount refunded (incl. tax)',
    tax: 'of which tax',
    creditNote: 'Credit note',
    reason: 'Reason',
  },
  zh: {
    amount: '退款金额',
    amountInclTax: '退款金额（含税）',
    tax: '其中税费',
    creditNote: '贷项通知单',
    reason: '原因',
  },
  ja: {
    amount: '返金額',
    amountInclTax: '返金額（税込）',
    tax: 'うち税額',
    creditNote: '返還請求書',
    reason: '理由',
  },
};

const REFUND: Record<MailLocale, Record<RefundMailEvent, (v: RefundMailInput) => RefundCopy>> = {
  en: {
    requested: ({ number, amount }) => ({
      subject: `Refund of ${amount} started for order ${number}`,
      intro: [
        `We have started a refund of ${amount} for order ${number}. It goes back the way you paid; depending on your bank it can take a few days to show.`,
      ],
      buttons: [],
      after: ['We will e-mail you again once the payment side confirms it.'],
    }),
    completed: ({ number, amount }) => ({
      subject: `Refund of ${amount} completed for order ${number}`,
      intro: [
        `The refund of ${amount} for order ${number} has been made. Depending on your bank it can take a few days to show on your statement.`,
      ],
      buttons: [],
      after: [],
    }),
    failed: ({ number, amount }) => ({
      subject: `Refund for order ${number} could not be completed`,
      intro: [
        `The payment side could not return ${amount} for order ${number}. Our team has been told and will try again or contact you; you do not need to do anything.`,
      ],
      buttons: [],
      after: [],
    }),
  },
  zh: {
    requested: ({ number, amount }) => ({
      subject: `订单 ${number} 的 ${amount} 退款已发起`,
      intro: [`我们已为订单 ${number} 发起 ${amount} 的退款，款项将原路退回；视银行处理速度，到账可能需要几个工作日。`],
      buttons: [],
      after: ['支付方确认退款后，我们会再次发邮件通知您。'],
    }),
    completed: ({ number, amount }) => ({
      subject: `订单 ${number} 的 ${amount} 退款已完成`,
      intro: [`订单 ${number} 的 ${amount} 退款已完成。视银行处理速度，可能需要几个工作日才会显示在您的账单中。`],
      buttons: [],
      after: [],
    }),
    failed: ({ number, amount }) => ({
      subject: `订单 ${number} 的退款未能完成`,
      intro: [
        `支付方未能退回订单 ${number} 的 ${amount}。我们的团队已收到通知，将重新处理或与您联系，您无需进行任何操作。`,
      ],
      buttons: [],
      after: [],
    }),
  },
  ja: {
    requested: ({ number, amount, brand }) => ({
      subject: `【${brand}】ご注文 ${number} の返金（${amount}）を受け付けました`,
      intro: [
        `ご注文 ${number} について、${amount} の返金手続きを開始しました。お支払いいただいた方法で返金いたします。金融機関によっては、反映までに数日かかる場合があります。`,
      ],
      buttons: [],
      after: ['決済側で返金が完了しましたら、あらためてメールでお知らせします。'],
    }),
    completed: ({ number, amount, brand }) => ({
      subject: `【${brand}】ご注文 ${number} の返金（${amount}）が完了しました`,
      intro: [
        `ご注文 ${number} の ${amount} の返金が完了しました。金融機関によっては、ご利用明細に反映されるまで数日かかる場合があります。`,
      ],
      buttons: [],
      after: [],
    }),
    failed: ({ number, amount, brand }) => ({
      subject: `【${brand}】ご注文 ${number} の返金を完了できませんでした`,
      intro: [
        `ご注文 ${number} の ${amount} の返金を、決済側で完了できませんでした。担当者が確認のうえ、再度手続きするか、ご連絡いたします。お客様のお手続きは不要です。`,
      ],
      buttons: [],
      after: [],
    }),
  },
};

const REFUND_BUTTONS: Record<MailLocale, { order: string; creditNote: (number: string) => string }> = {
  en: { order: 'View the order', creditNote: (n) => `Download credit note ${n} (PDF)` },
  zh: { order: '查看订单', creditNote: (n) => `下载贷项通知单 ${n}（PDF）` },
  ja: { order: 'ご注文を確認する', creditNote: (n) => `返還請求書 ${n} をダウンロード（PDF）` },
};

/**
 * A refund's step told to the customer: the amount, the tax in it, the credit note's number and PDF, the reason.
 * Inputs are plain values (src/server/orders/mails.ts, queueRefundMail, writes them from the refund).
 */
export function refundMail(input: RefundMailInput): OutgoingMail {
  const { locale, creditNote } = input;
  const copy = REFUND[locale][input.event](input);
  const labels = REFUND_LABELS[locale];
  const buttons = REFUND_BUTTONS[locale];
  return mail(`refund-${input.event}`, input, {
    ...copy,
    facts: [
      { label: input.tax ? labels.amountInclTax : labels.amount, value: input.amount, strong: true },
      ...(input.tax ? [{ label: labels.tax, value: input.tax }] : []),
      ...(creditNote ? [{ label: labels.creditNote, value: creditNote.number }] : []),
      ...(input.reason ? [{ label: labels.reason, value: input.reason }] : []),
    ],
    buttons: [
      ...(creditNote ? [{ label: buttons.creditNote(creditNote.number), link: creditNote.link }] : []),
      { label: buttons.order, link: input.orderLink },
    ],
  });
}
