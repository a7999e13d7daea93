import 'server-only';
import { sql } from 'drizzle-orm';
import type { OrderTx } from '../orders/lifecycle';

/**
 * What a paid seat does to its group (docs/decisions/060-group-buy-payment.md), in the payment's transaction: the
 * leader's payment opens a pending group, which from then has the offer's hours to fill (never past the offer's
 * end); the payment of the last unpaid seat of a full group completes it. Answers whether a group changed.
 */
export async function seatPaid(tx: OrderTx, orderId: number, at: Date): Promise<boolean> {
  const now = sql`${at.toISOString()}::timestamptz`;
  const opened = await tx.execute(sql`
    update pintuan_groups g
       set status = 'open',
           opened_at = ${now},
           expires_at = least(${now} + make_interval(hours => o.group_hours), o.ends_at)
      from pintuan_members m, pintuan_offers o
     where m.order_id = ${orderId} and m.leader and m.group_id = g.id and o.id = g.offer_id and g.status = 'pending'
    returning g.id`);
  const completed = await tx.execute(sql`
    update pintuan_groups g
       set status = 'succeeded', closed_at = ${now}
      from pintuan_members m
     where m.order_id = ${orderId} and m.group_id = g.id and g.status = 'open' and g.seats_taken >= g.size
       and not exists (
         select 1 from pintuan_members other join orders paid on paid.id = other.order_id
          where other.group_id = g.id and paid.status = 'pending_payment')
    returning g.id`);
  return opened.rows.length + completed.rows.length > 0;
}
