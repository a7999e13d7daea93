import 'server-only';
import { eq } from 'drizzle-orm';
import { env } from '@/env';
import { HTML_LANG, parseLocale } from '@/lib/locales';
import { formatMoney } from '@/lib/money';
import { localizedPath } from '@/lib/routes';
import { currencies, pintuanGroups, pintuanOffers, users } from '../../db/schema';
import { localize } from '../../localize';
import { enqueueMail } from '../../mail/outbox';
import { groupSeatMail } from '../../mail/templates';
import type { OrderRow, OrderTx } from '../../orders/lifecycle';
import { summary } from '../orders/service';

/**
 * Tells a customer who took a group-buy seat what to pay, by when and where, in their language, through the outbox
 * in the transaction that took the seat (docs/decisions/060-group-buy-payment.md). The deadline is written in UTC
 * with its zone: the mail is read wherever its reader is.
 */
export async function mailSeatTaken(
  tx: OrderTx,
  order: OrderRow,
  groupId: number,
  role: 'leader' | 'member',
): Promise<void> {
  const [[user], [currency], [offer]] = await Promise.all([
    tx.select().from(users).where(eq(users.id, order.userId)),
    tx.select().from(currencies).where(eq(currencies.code, order.currency)),
    tx
      .select({ name: pintuanOffers.name, id: pintuanOffers.id })
      .from(pintuanGroups)
      .innerJoin(pintuanOffers, eq(pintuanOffers.id, pintuanGroups.offerId))
      .where(eq(pintuanGroups.id, groupId)),
  ]);
  if (!user || !currency || !offer) return;
  const locale = parseLocale(user.locale) ?? 'en';
  const payBy = new Intl.DateTimeFormat(HTML_LANG[locale], {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'UTC',
    timeZoneName: 'short',
  }).format(order.payBy);
  await enqueueMail(
    tx,
    groupSeatMail({
      locale,
      to: user.email,
      username: user.username,
      role,
      offer: localize(offer.name, locale, `group-buy ${offer.id}`),
      number: order.number,
      // The amount to pay, with tax (docs/decisions/066-tax.md).
      total: formatMoney(
        order.totalInclTaxMinor,
        { type: currency.code, rate: Number(order.rate), digits: currency.minorDigits },
        locale,
      ),
      payBy,
      payLink: summary(order).payUrl,
      groupLink: new URL(localizedPath(locale, `/activity/pintuan/part-vps/${groupId}`), env().SITE_URL).href,
      brand: env().BRAND_NAME,
    }),
    { userId: user.id, orderId: order.id },
  );
}
