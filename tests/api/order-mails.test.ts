import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney, orderCurrency } from '../../src/lib/money';
import { coupons, mailOutbox, orders, saleActivities, saleItems, userCoupons } from '../../src/server/db/schema';
import {
  mailDeadline,
  orderCreatedMail,
  orderExpiredMail,
  orderPaidMail,
  orderReminderMail,
  refundMail,
} from '../../src/server/mail/order-mails';
import type { OutgoingMail } from '../../src/server/mail/outbox';
import { escapeHtml } from '../../src/server/mail/templates';
import { expireUnpaidOrders } from '../../src/server/orders/expiry';
import { queueRefundMail } from '../../src/server/orders/mails';
import { remindUnpaidOrders } from '../../src/server/orders/reminders';
import { call } from '../support/api';
import { signedInCustomer } from '../support/factories';
import { type OwnDatabase, ownDatabase } from '../support/own-database';
import { payOrder } from '../support/payments';

/**
 * The order mails (docs/product/states.md#order-mails, docs/decisions/069-order-mails.md) on a database of their
 * own: the reminder and expiry sweeps reach every unpaid order, so the shared database's would be swept too.
 */
let own: OwnDatabase;
const DAY = 86_400_000;
const MINUTE = 60_000;
const LOCALES = ['en', 'zh', 'ja'] as const;
type MailLocale = (typeof LOCALES)[number];
const base = { regionId: 'los-angeles', imageId: 'ubuntu-24.04', planId: 'std-1c1g' };

beforeAll(async () => {
  own = await ownDatabase('order-mails');
});
afterAll(async () => {
  await own?.drop();
});

type Customer = Awaited<ReturnType<typeof signedInCustomer>>;
type Placed = {
  number: string;
  currency: string;
  rate: string;
  totalMinor: number;
  taxMinor: number;
  totalInclTaxMinor: number;
  payBy: string;
  payUrl: string;
};

/** An order placed on a page in `locale` (the locale cookie), whatever the account's language. */
async function order(who: Customer, locale: MailLocale, body: Record<string, unknown>): Promise<Placed> {
  const res = await call(own.app, 'POST', '/api/home/coupon-server/order/create', {
    json: { ...base, idempotencyKey: crypto.randomUUID(), ...body },
    headers: { ...who.headers, cookie: `${who.headers.cookie}; NEXT_LOCALE=${locale}` },
  });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.message as Placed;
}

async function mailsOf(number: string) {
  const [row] = await own.db.select().from(orders).where(eq(orders.number, number));
  if (!row) throw new Error(`order ${number} missing`);
  return own.db.select().from(mailOutbox).where(eq(mailOutbox.orderId, row.id)).orderBy(asc(mailOutbox.id));
}

async function saleItem(): Promise<number> {
  const [activity] = await own.db
    .insert(saleActivities)
    .values({
      name: { en: 'Mail sale' },
      description: { en: 'x' },
      startsAt: new Date(Date.now() - DAY),
      endsAt: new Date(Date.now() + DAY),
    })
    .returning();
  const [item] = await own.db
    .insert(saleItems)
    .values({
      activityId: activity?.id ?? 0,
      planId: 'std-1c1g',
      regionId: 'los-angeles',
      months: 12,
      salePriceCents: 3000,
      stockTotal: 5,
      stockLeft: 5,
      perUserLimit: 1,
    })
    .returning();
  return item?.id ?? 0;
}

async function heldCoupon(who: Customer): Promise<number> {
  const [coupon] = await own.db
    .insert(coupons)
    .values({
      name: { en: 'Spring credit', zh: '春季抵用券', ja: '春のクーポン' },
      kind: 'amount',
      amountCents: 100,
      startsAt: new Date(Date.now() - DAY),
      endsAt: new Date(Date.now() + DAY),
      validDays: 7,
      stockTotal: 10,
      stockLeft: 10,
      perUserLimit: 1,
    })
    .returning();
  const [held] = await own.db
    .insert(userCoupons)
    .values({ couponId: coupon?.id ?? 0, userId: who.user.id, expiresAt: new Date(Date.now() + 7 * DAY) })
    .returning();
  return held?.id ?? 0;
}

/** The same fact in the text part and, escaped, in the HTML part. */
function holds(mail: Pick<OutgoingMail, 'text' | 'html'>, ...facts: string[]) {
  for (const fact of facts) {
    expect(mail.text, fact).toContain(fact);
    expect(mail.html, fact).toContain(escapeHtml(fact));
  }
}

describe('every order mail, in three languages', () => {
  const common = (locale: MailLocale) => ({
    locale,
    to: 'kim@example.com',
    username: 'Kim <b>',
    number: 'CC20261202ABCD1234',
    orderLink: `https://cirrus.test/${locale}/orders/CC20261202ABCD1234`,
    brand: 'Cirrus',
  });
  const payBy = new Date('2026-12-02T07:25:00Z');
  const words: Record<MailLocale, { coupon: string; seat: RegExp; leader: RegExp; stock: RegExp }> = {
    en: { coupon: 'Spring credit', seat: /seat in the group-buy/, leader: /called off/, stock: /back on sale/ },
    zh: { coupon: '春季抵用券', seat: /拼团中的名额已释放/, leader: /拼团已取消/, stock: /名额已释放，重新开放/ },
    ja: { coupon: '春のクーポン', seat: /共同購入の席は解放/, leader: /取り消されました/, stock: /販売に戻されました/ },
  };

  for (const locale of LOCALES) {
    it(`${locale}: each holds the facts it must, in text and HTML, with every value escaped`, () => {
      const deadline = mailDeadline(payBy, locale);
      expect(deadline).toContain('UTC');
      expect(deadline).toMatch(/07:25/);

      const created = orderCreatedMail({
        ...common(locale),
        what: 'Standard 1C1G',
        facts: [
          { label: 'Plan', value: '$10.00' },
          { label: 'GST (9%)', value: '$0.90' },
          { label: 'Total', value: '$10.90', strong: true },
        ],
        due: '$10.90',
        payBy: deadline,
        payLink: 'https://pay.test/order/pay/CC20261202ABCD1234',
      });
      holds(
        created,
        'CC20261202ABCD1234',
        '$10.90',
        'GST (9%)',
        '$0.90',
        deadline,
        'https://pay.test/order/pay/CC20261202ABCD1234',
      );
      expect(created.subject).toContain('CC20261202ABCD1234');
      expect(created.subject).toContain(locale === 'ja' ? deadline : '$10.90');
      expect(created.html).toContain(`lang="${locale === 'zh' ? 'zh-CN' : locale}"`);
      expect(created.html).toContain('Kim &lt;b&gt;');
      expect(created.html).not.toContain('Kim <b>');

      const reminder = orderReminderMail({
        ...common(locale),
        due: '$10.90',
        payBy: deadline,
        payLink: 'https://pay.test/order/pay/CC20261202ABCD1234',
      });
      holds(reminder, 'CC20261202ABCD1234', '$10.90', deadline, 'https://pay.test/order/pay/CC20261202ABCD1234');
      expect(reminder.subject).toContain(deadline);

      const expired = orderExpiredMail({
        ...common(locale),
        payBy: deadline,
        gaveBack: { saleStock: true, coupon: words[locale].coupon, seat: 'member' },
      });
      holds(expired, 'CC20261202ABCD1234', deadline, words[locale].coupon);
      expect(expired.text).toMatch(words[locale].stock);
      expect(expired.text).toMatch(words[locale].seat);
      const leader = orderExpiredMail({
        ...common(locale),
        payBy: deadline,
        gaveBack: { saleStock: false, coupon: null, seat: 'leader' },
      });
      expect(leader.text).toMatch(words[locale].leader);
      expect(leader.text).not.toMatch(words[locale].stock);

      const paid = orderPaidMail({
        ...common(locale),
        total: '$10.90',
        invoice: { number: 'INV-2026-000042', link: 'https://cirrus.test/api/finance/order-server/invoice/CC1' },
      });
      holds(
        paid,
        'CC20261202ABCD1234',
        '$10.90',
        'INV-2026-000042',
        'https://cirrus.test/api/finance/order-server/invoice/CC1',
      );

      for (const event of ['requested', 'completed', 'failed'] as const) {
        const refund = refundMail({
          ...common(locale),
          event,
          amount: '$5.45',
          tax: '$0.45',
          creditNote: { number: 'CN-2026-000007', link: 'https://cirrus.test/api/credit-note/CN-2026-000007' },
          reason: 'Not needed <any more>',
        });
        expect(refund.kind).toBe(`refund-${event}`);
        holds(refund, 'CC20261202ABCD1234', '$5.45', '$0.45', 'CN-2026-000007', 'Not needed <any more>');
        holds(refund, 'https://cirrus.test/api/credit-note/CN-2026-000007');
      }
    });
  }
});

describe('an order mailed at every step, once per step', () => {
  it('created, reminded once, expired once, in the language it was ordered in, with two runners racing', async () => {
    // The account is English; each order is placed on a page in another language: the order's language wins.
    const who = {
      en: await signedInCustomer({ locale: 'ja', billingCountry: 'SG' }, own.db),
      zh: await signedInCustomer({ locale: 'en', billingCountry: 'HK' }, own.db),
      ja: await signedInCustomer({ locale: 'en', billingCountry: 'JP' }, own.db),
    };
    const sale = await saleItem();
    const coupon = await heldCoupon(who.zh);
    const placed = {
      en: await order(who.en, 'en', { currency: 'USD', saleItemId: sale, months: 12 }),
      zh: await order(who.zh, 'zh', { currency: 'HKD', userCouponId: coupon }),
      ja: await order(who.ja, 'ja', { currency: 'JPY' }),
    };

    for (const locale of LOCALES) {
      const p = placed[locale];
      const money = (minor: number) => formatMoney(minor, orderCurrency(p.currency, p.rate), locale);
      const mails = await mailsOf(p.number);
      expect(mails.map((m) => m.kind)).toEqual(['order-created']);
      const created = mails[0];
      if (!created) throw new Error('no created mail');
      holds(created, p.number, p.payUrl, mailDeadline(new Date(p.payBy), locale), money(p.totalMinor));
      expect(created.dedupKey).toMatch(/^order:\d+:created$/);
      expect(created.recipient).toBe(who[locale].user.email);
    }
    // What was ordered and its tax, in the words of the order's page.
    const en = (await mailsOf(placed.en.number))[0];
    expect(placed.en.taxMinor).toBeGreaterThan(0);
    holds(
      en ?? { text: '', html: '' },
      'Sale price',
      'GST (9%)',
      formatMoney(placed.en.taxMinor, orderCurrency('USD', placed.en.rate), 'en'),
    );
    expect(en?.text).toContain(
      `Total incl. tax: ${formatMoney(placed.en.totalInclTaxMinor, orderCurrency('USD', placed.en.rate), 'en')}`,
    );
    const zh = (await mailsOf(placed.zh.number))[0];
    expect(zh?.subject).toMatch(/^订单 /);
    holds(zh ?? { text: '', html: '' }, '套餐', '优惠券');
    // Japanese yen with consumption tax: the amount with tax first, marked 税込, as the site shows it.
    const ja = (await mailsOf(placed.ja.number))[0];
    expect(placed.ja.totalInclTaxMinor).toBe(848);
    holds(ja ?? { text: '', html: '' }, 'プラン', '消費税（10%）', '￥848（税込）／税抜 ￥771');
    expect(ja?.text).toContain('￥848（税込） を支払う');

    // Five minutes before the deadline (all three share the window): two runners race, each order is reminded once.
    const payBy = new Date(placed.ja.payBy);
    const soon = new Date(payBy.getTime() - 5 * MINUTE);
    const runs = await Promise.all([
      remindUnpaidOrders(own.db, soon, { minutes: 10 }),
      remindUnpaidOrders(own.db, soon, { minutes: 10 }),
    ]);
    expect(runs[0].reminded + runs[1].reminded).toBe(3);
    // Later runs find nothing left to remind.
    expect((await remindUnpaidOrders(own.db, new Date(soon.getTime() + MINUTE), { minutes: 10 })).reminded).toBe(0);

    // At the deadline two expiry runners race: each order expires, and is mailed, once.
    const after = new Date(payBy.getTime() + 1_000);
    await Promise.all([expireUnpaidOrders(own.db, after), expireUnpaidOrders(own.db, after)]);
    await expireUnpaidOrders(own.db, after);

    for (const locale of LOCALES) {
      const p = placed[locale];
      const mails = await mailsOf(p.number);
      expect(mails.map((m) => m.kind)).toEqual(['order-created', 'order-reminder', 'order-expired']);
      const [, reminder, expired] = mails;
      holds(reminder ?? { text: '', html: '' }, p.number, p.payUrl, mailDeadline(new Date(p.payBy), locale));
      holds(expired ?? { text: '', html: '' }, p.number, mailDeadline(new Date(p.payBy), locale));
    }
    // What each gave back, as applied to it: the sale server, the coupon (by its name in Chinese), nothing.
    expect((await mailsOf(placed.en.number))[2]?.text).toContain('The sale server it reserved');
    expect((await mailsOf(placed.en.number))[2]?.text).not.toContain('coupon');
    expect((await mailsOf(placed.zh.number))[2]?.text).toContain('「春季抵用券」');
    expect((await mailsOf(placed.ja.number))[2]?.text).not.toMatch(/クーポン|在庫|共同購入の席/);
  });

  it('does not remind an order whose whole window is shorter than the reminder, nor one already paid', async () => {
    const who = await signedInCustomer({ locale: 'en' }, own.db);
    const placed = await order(who, 'en', { currency: 'USD' });
    const paidOne = await order(who, 'en', { currency: 'USD', months: 3 });
    expect((await payOrder(own.app, { ...paidOne, totalMinor: paidOne.totalInclTaxMinor })).status).toBe(200);
    const payBy = new Date(placed.payBy);
    const window = (payBy.getTime() - Date.now()) / MINUTE;
    // A lead longer than the whole window: the created mail said the same.
    expect(
      (await remindUnpaidOrders(own.db, new Date(payBy.getTime() - MINUTE), { minutes: Math.ceil(window) + 5 }))
        .reminded,
    ).toBe(0);
    await remindUnpaidOrders(own.db, new Date(payBy.getTime() - MINUTE), { minutes: 10 });
    expect((await mailsOf(paidOne.number)).map((m) => m.kind)).toEqual(['order-created', 'order-paid']);
    expect((await mailsOf(placed.number)).map((m) => m.kind)).toEqual(['order-created', 'order-reminder']);
  });
});

describe('a payment that came after the deadline', () => {
  it('expires the order without an expired mail that would say nothing was charged', async () => {
    const who = await signedInCustomer({ locale: 'en' }, own.db);
    const placed = await order(who, 'en', { currency: 'USD' });
    // The deadline passed and the sweep has not run yet.
    await own.db
      .update(orders)
      .set({ payBy: new Date(Date.now() - MINUTE) })
      .where(eq(orders.number, placed.number));
    const res = await payOrder(own.app, { ...placed, totalMinor: placed.totalInclTaxMinor });
    expect(res.json.message).toMatchObject({ status: 'refund_pending' });
    expect((await mailsOf(placed.number)).map((m) => m.kind)).toEqual(['order-created']);
  });
});

describe('the paid mail and the refund mails', () => {
  it('the paid mail links the invoice and goes once, whatever the payment side repeats', async () => {
    const who = await signedInCustomer({ locale: 'ja', billingCountry: 'JP' }, own.db);
    const placed = await order(who, 'ja', { currency: 'JPY' });
    const pay = { ...placed, totalMinor: placed.totalInclTaxMinor };
    expect((await payOrder(own.app, pay)).status).toBe(200);
    // Another event id for the same payment: refused as a transition the order no longer allows, no second mail.
    expect((await payOrder(own.app, pay)).status).toBe(409);
    const paid = (await mailsOf(placed.number)).filter((m) => m.kind === 'order-paid');
    expect(paid).toHaveLength(1);
    holds(
      paid[0] ?? { text: '', html: '' },
      `/api/finance/order-server/invoice/${placed.number}`,
      '￥848（税込）／税抜 ￥771',
    );
    expect(paid[0]?.text).toMatch(/請求書 \S+ をダウンロード/);
  });

  it('queues a refund step once per refund, with the amount, the credit note and its link', async () => {
    const who = await signedInCustomer({ locale: 'zh', billingCountry: 'HK' }, own.db);
    const placed = await order(who, 'zh', { currency: 'HKD' });
    const [row] = await own.db.select().from(orders).where(eq(orders.number, placed.number));
    const request = {
      event: 'requested' as const,
      orderId: row?.id ?? 0,
      refundId: 7,
      amountMinor: 1234,
      creditNote: { number: 'CN-2026-000007', link: `/api/finance/order-server/credit-note/CN-2026-000007` },
      reason: '客户要求',
    };
    const first = await own.db.transaction((tx) => queueRefundMail(tx, request));
    expect(first).toBeTypeOf('number');
    // The same step of the same refund again (a retried request, another instance): nothing more.
    expect(await own.db.transaction((tx) => queueRefundMail(tx, request))).toBeNull();
    // The same step of another refund of the order, and the next step of the first: mailed.
    await queueRefundMail(own.db, { ...request, refundId: 8 });
    await queueRefundMail(own.db, { ...request, event: 'completed' });
    const refunds = await own.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.orderId, row?.id ?? 0), eq(mailOutbox.userId, who.user.id)))
      .orderBy(asc(mailOutbox.id));
    expect(refunds.map((m) => [m.kind, m.dedupKey])).toEqual([
      ['order-created', `order:${row?.id}:created`],
      ['refund-requested', `order:${row?.id}:refund-requested:7`],
      ['refund-requested', `order:${row?.id}:refund-requested:8`],
      ['refund-completed', `order:${row?.id}:refund-completed:7`],
    ]);
    const mail = refunds[1];
    holds(
      mail ?? { text: '', html: '' },
      placed.number,
      formatMoney(1234, orderCurrency('HKD', placed.rate), 'zh'),
      'CN-2026-000007',
      '客户要求',
    );
    expect(mail?.text).toMatch(/https?:\/\/[^\s]+\/api\/finance\/order-server\/credit-note\/CN-2026-000007/);
    expect(mail?.subject).toContain('退款');
  });
});
