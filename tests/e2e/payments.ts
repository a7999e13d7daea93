import { createHmac, randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { withE2eDatabase } from './database';
import { E2E_PAYMENT_SECRET } from './payment-secret';

/**
 * The customer centre reports an order paid, signed as it signs (docs/decisions/037-order-lifecycle.md): the amount
 * is what the order costs with its tax.
 */
export async function payOrder(
  request: APIRequestContext,
  order: { number: string; amountMinor: number; currency: string },
): Promise<number> {
  const body = JSON.stringify({
    id: randomUUID(),
    type: 'payment.succeeded',
    data: { orderNumber: order.number, amountMinor: order.amountMinor, currency: order.currency },
  });
  const t = Math.floor(Date.now() / 1000);
  const v1 = createHmac('sha256', E2E_PAYMENT_SECRET).update(`${t}.${body}`).digest('hex');
  const res = await request.post('/api/finance/order-server/pay/notify', {
    data: body,
    headers: { 'content-type': 'application/json', 'cirrus-signature': `t=${t},v1=${v1}` },
  });
  return res.status();
}

/** Pays an order by its number for its exact total with tax and its currency, read from the test database. */
export async function payOrderAsCustomerCentre(page: Page, number: string): Promise<void> {
  const order = await withE2eDatabase(async (client) => {
    const { rows } = await client.query<{ amountMinor: number; currency: string }>(
      'select total_incl_tax_minor as "amountMinor", currency from orders where number = $1',
      [number],
    );
    return rows[0];
  });
  if (!order) throw new Error(`no order ${number}`);
  expect(await payOrder(page.request, { number, ...order })).toBe(200);
}
