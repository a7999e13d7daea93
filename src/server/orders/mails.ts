import 'server-only';
import { eq, inArray, sql } from 'drizzle-orm';
import { createTranslator } from 'use-intl/core';
import { env } from '@/env';
import en from '@/i18n/messages/en.json';
import ja from '@/i18n/messages/ja.json';
import zh from '@/i18n/messages/zh.json';
import { consumerPrice, type DisplayTax } from '@/lib/billing/display';
import { withTax } from '@/lib/billing/tax';
import { type Locale, parseLocale } from '@/lib/locales';
import { type CurrencyRate, formatMoney } from '@/lib/money';
import { localizedPath } from '@/lib/routes';
import { summary } from '../api/orders/service';
import { coupons, currencies, orders, plans, regions, userCoupons, users } from '../db/schema';
import { invoiceOfOrder } from '../invoices/queries';
import { localize } from '../localize';
import {
  type GaveBack,
  mailDeadline,
  type OrderMailFact,
  orderCreatedMail,
  orderExpiredMail,
  orderPaidMail,
  orderReminderMail,
  type RefundMailEvent,
  refundMail,
} from '../mail/order-mails';
import { enqueueMailOnce, type MailWriter } from '../mail/outbox';
import type { OrderRow, OrderTx } from './lifecycle';

/**
 * Queues an order's mails (docs/decisions/069-order-mails.md) in the caller's transaction, the one that made the
 * change they announce, each under its key in the outbox (`order:<id>:<event>`), so an event is mailed at most once
 * whatever number of instances and workers run. The templates are src/server/mail/order-mails.ts.
 */

const MESSAGES = { en, zh, ja } as const;

/** The outbox key of an order's mail: one mail per order and event (and refund). */
export function orderMailKey(orderId: number, event: string, refundId?: number): string {
  return refundId === undefined ? `order:${orderId}:${event}` : `order:${orderId}:${event}:${refundId}`;
}

type Reader = Pick<OrderTx, 'select'>;

/** What every order mail needs: who it goes to, in which language, and the order's money written for them. */
async function context(tx: Reader, order: OrderRow) {
  // One round trip: it runs inside the transaction of the change, holding its locks.
  const [found] = await tx
    .select({ user: users, currency: currencies })
    .from(users)
    .innerJoin(currencies, eq(currencies.code, order.currency))
    .where(eq(users.id, order.userId));
  if (!found) return undefined;
  const { user, currency } = found;
  // The language the order was placed in; orders from before it was kept: the account's.
  const locale: Locale = order.locale ?? parseLocale(user.locale) ?? 'en';
  const rate: CurrencyRate = { type: currency.code, rate: Number(order.rate), digits: currency.minorDigits };
  const money = (minor: number) => formatMoney(minor, rate, locale);
  // Japanese consumption tax on a yen order read in Japanese: the total is written as the site writes a consumer
  // price, with tax first and marked 税込 (docs/decisions/066-tax.md). The order's tax is computed as the
  // display computes it (once on the total); a mismatch, which should not happen, writes the plain total.
  const [line] = order.taxLines;
  const japanTax: DisplayTax =
    locale === 'ja' &&
    order.currency === 'JPY' &&
    order.taxLines.length === 1 &&
    line !== undefined &&
    line.country === 'JP' &&
    !line.reverseCharge &&
    line.taxMinor > 0 &&
    withTax(order.totalMinor, line.ratePercent) === order.totalInclTaxMinor
      ? { ratePercent: line.ratePercent }
      : null;
  const plain = money(order.totalInclTaxMinor);
  const total = japanTax ? consumerPrice(order.totalMinor, rate, locale, japanTax) : plain;
  // What to pay, short: the first of the two amounts (`￥848（税込）`).
  const due = japanTax
    ? (consumerPrice(order.totalMinor, rate, locale, japanTax, '\n').split('\n')[0] ?? plain)
    : plain;
  return {
    user,
    locale,
    money,
    japanTax,
    total,
    due,
    base: {
      locale,
      to: user.email,
      username: user.username,
      number: order.number,
      orderLink: new URL(localizedPath(locale, `/orders/${order.number}`), env().SITE_URL).href,
      brand: env().BRAND_NAME,
    },
    about: { userId: user.id, orderId: order.id },
  };
}

/** The order's lines, coupon, tax lines and total, in the words of its page (the storefront's `buy` messages). */
function orderFacts(order: OrderRow, c: NonNullable<Awaited<ReturnType<typeof context>>>): OrderMailFact[] {
  const t = createTranslator({ locale: c.locale, messages: MESSAGES[c.locale], namespace: 'buy' });
  const lineLabel = (key: string, itemId: string) => {
    const base = key.split('.')[0] ?? key;
    // The term line's item is its percent (src/server/api/orders/pricing.ts).
    if (base === 'term') return t('lines.term', { percent: itemId });
    return t.has(`lines.${base}` as never) ? t(`lines.${base}` as never) : base;
  };
  const facts: OrderMailFact[] = order.lines.map((line) => ({
    label: lineLabel(line.key, line.itemId),
    value: c.money(line.amountMinor),
  }));
  if (order.discountMinor > 0) facts.push({ label: t('discount'), value: `-${c.money(order.discountMinor)}` });
  if (order.billingProfile) {
    facts.push({ label: t('totalExclTax'), value: c.money(order.totalMinor) });
    for (const line of order.taxLines) {
      facts.push({
        label: t('taxLine', { name: line.name[c.locale] ?? line.name.en, rate: String(Number(line.ratePercent)) }),
        value: c.money(line.taxMinor),
      });
    }
    facts.push({ label: c.japanTax ? t('total') : t('totalInclTax'), value: c.total, strong: true });
  } else {
    facts.push({ label: t('total'), value: c.total, strong: true });
  }
  return facts;
}

/** What was ordered, in a few words: the plan, the region, the quantity, the term or the hourly billing. */
async function whatWasOrdered(tx: Reader, order: OrderRow, locale: Locale): Promise<string> {
  const config = order.config as { planId?: string; regionId?: string; quantity?: number; months?: number };
  const [[plan], [region]] = await Promise.all([
    tx
      .select({ id: plans.id, name: plans.name })
      .from(plans)
      .where(eq(plans.id, config.planId ?? '')),
    tx
      .select({ id: regions.id, city: regions.city })
      .from(regions)
      .where(eq(regions.id, config.regionId ?? '')),
  ]);
  const t = createTranslator({ locale, messages: MESSAGES[locale], namespace: 'buy' });
  const parts = [
    plan ? localize(plan.name, locale, `plan ${plan.id}`) : (config.planId ?? 'VPS'),
    region ? localize(region.city, locale, `region ${region.id}`) : config.regionId,
    (config.quantity ?? 1) > 1 ? `${t('quantity')} ${config.quantity}` : undefined,
    order.billing === 'hourly' ? t('billingHourly') : t('months', { count: config.months ?? 1 }),
  ];
  return parts.filter((p): p is string => Boolean(p)).join(locale === 'en' ? ', ' : '、');
}

/** The created mail, in the order's insert transaction: what was ordered, its total with tax, where and by when to pay. */
export async function mailOrderCreated(tx: OrderTx, order: OrderRow): Promise<number | null> {
  const c = await context(tx, order);
  if (!c) return null;
  return enqueueMailOnce(
    tx,
    orderCreatedMail({
      ...c.base,
      what: await whatWasOrdered(tx, order, c.locale),
      facts: orderFacts(order, c),
      due: c.due,
      payBy: mailDeadline(order.payBy, c.locale),
      payLink: summary(order).payUrl,
    }),
    orderMailKey(order.id, 'created'),
    c.about,
  );
}

/** The reminder, in the transaction that claimed it (src/server/orders/reminders.ts). */
export async function mailOrderReminder(tx: OrderTx, order: OrderRow): Promise<number | null> {
  const c = await context(tx, order);
  if (!c) return null;
  return enqueueMailOnce(
    tx,
    orderReminderMail({
      ...c.base,
      due: c.due,
      payBy: mailDeadline(order.payBy, c.locale),
      payLink: summary(order).payUrl,
    }),
    orderMailKey(order.id, 'reminder'),
    c.about,
  );
}

/** What an unpaid order held: its sale stock, its coupon (by its id, named in the mail), its group-buy seat. */
type Held = Omit<GaveBack, 'coupon'> & { couponId: number | null };

/**
 * What unpaid orders hold, read before `releaseHolds` gives it back (it deletes the seats): per order, its sale
 * stock, its coupon and its group-buy seat.
 */
export async function holdsOf(tx: OrderTx, ended: OrderRow[]): Promise<Map<number, Held>> {
  const held = new Map<number, Held>();
  if (ended.length === 0) return held;
  const seats = await tx.execute<{ order_id: number; leader: boolean }>(
    sql`select order_id, leader from pintuan_members where order_id in (${sql.join(
      ended.map((o) => o.id),
      sql`, `,
    )})`,
  );
  const seatOf = new Map(
    seats.rows.map((s) => [Number(s.order_id), s.leader ? ('leader' as const) : ('member' as const)]),
  );
  for (const o of ended) {
    held.set(o.id, { saleStock: o.saleItemId !== null, couponId: o.userCouponId, seat: seatOf.get(o.id) ?? null });
  }
  return held;
}

/** The expired mails, in the expiry's transaction: what each order gave back, as `holdsOf` read it. */
export async function mailOrdersExpired(
  tx: OrderTx,
  ended: OrderRow[],
  held: Map<number, Held>,
  at: Date,
): Promise<void> {
  const couponIds = [...held.values()].map((h) => h.couponId).filter((id): id is number => id !== null);
  const names =
    couponIds.length === 0
      ? []
      : await tx
          .select({ id: userCoupons.id, name: coupons.name, couponId: coupons.id, expiresAt: userCoupons.expiresAt })
          .from(userCoupons)
          .innerJoin(coupons, eq(coupons.id, userCoupons.couponId))
          .where(inArray(userCoupons.id, couponIds));
  for (const order of ended) {
    const c = await context(tx, order);
    const h = held.get(order.id);
    if (!c || !h) continue;
    // A coupon given back after its own expiry cannot be used again: the mail does not say it can.
    const coupon = names.find((n) => n.id === h.couponId && n.expiresAt > at);
    await enqueueMailOnce(
      tx,
      orderExpiredMail({
        ...c.base,
        payBy: mailDeadline(order.payBy, c.locale),
        gaveBack: {
          saleStock: h.saleStock,
          coupon: coupon ? localize(coupon.name, c.locale, `coupon ${coupon.couponId}`) : null,
          seat: h.seat,
        },
      }),
      orderMailKey(order.id, 'expired'),
      c.about,
    );
  }
}

/**
 * The payment confirmation with its invoice, in the transaction that records the payment. `resend` (from the back
 * office) queues another copy outside the once-per-event key. Answers the mail's id; null when the customer or the
 * currency is gone, or the payment was already mailed.
 */
export async function mailOrderPaid(
  tx: OrderTx,
  order: OrderRow,
  options: { resend?: boolean } = {},
): Promise<number | null> {
  const c = await context(tx, order);
  if (!c) return null;
  const invoice = await invoiceOfOrder(tx, order.id);
  return enqueueMailOnce(
    tx,
    orderPaidMail({
      ...c.base,
      total: c.total,
      invoice: invoice
        ? {
            number: invoice.number,
            link: new URL(`/api/finance/order-server/invoice/${encodeURIComponent(order.number)}`, env().SITE_URL).href,
          }
        : null,
    }),
    options.resend ? null : orderMailKey(order.id, 'paid'),
    c.about,
  );
}

/** What the refunds code hands over for a refund's mail: plain values, read from the refund it just wrote. */
export type RefundMailRequest = {
  /** `requested` when the refund is sent to the payment side, `completed` or `failed` when it answers. */
  event: RefundMailEvent;
  orderId: number;
  /** The refund's id: a refund's step is mailed once, and two refunds of one order are two mails. */
  refundId: number;
  /** What is given back, tax included, in the order's currency's minor units. */
  amountMinor: number;
  /** The tax in it, minor units; 0 or omitted when none. */
  taxMinor?: number;
  /** The credit note: its number, and its PDF's address (absolute, or a path on the site). */
  creditNote: { number: string; link: string } | null;
  /** Why, in the operator's words. */
  reason?: string | null;
};

/**
 * Queues a refund's mail in the caller's transaction (the one that records the refund's step), once per refund and
 * step: `order:<order id>:refund-<event>:<refund id>`. Answers the mail's id; null when the order, its customer or
 * its currency is gone, or the step was already mailed.
 */
export async function queueRefundMail(tx: MailWriter & Reader, request: RefundMailRequest): Promise<number | null> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, request.orderId));
  if (!order) return null;
  const c = await context(tx, order);
  if (!c) return null;
  const tax = request.taxMinor ?? 0;
  return enqueueMailOnce(
    tx,
    refundMail({
      ...c.base,
      event: request.event,
      amount: c.money(request.amountMinor),
      tax: tax > 0 ? c.money(tax) : null,
      creditNote: request.creditNote
        ? { number: request.creditNote.number, link: new URL(request.creditNote.link, env().SITE_URL).href }
        : null,
      reason: request.reason?.trim() ? request.reason.trim() : null,
    }),
    orderMailKey(order.id, `refund-${request.event}`, request.refundId),
    c.about,
  );
}
