import { createHmac } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { withE2eDatabase } from './database';
import { E2E_PAYMENT_SECRET } from './payment-secret';

/**
 * Plays the customer centre confirming an order's payment (docs/decisions/037-order-lifecycle.md): a signed
 * `payment.succeeded` for the order's exact total and currency.
 */
export async function payOrderAsCustomerCentre(page: Page, number: string): Promise<void> {
  const order = await withE2eDatabase(async (client) => {
    const { rows } = await client.query<{ totalMinor: number; currency: string }>(
      'select total_minor as "totalMinor", currency from orders where number = $1',
      [number],
    );
    return rows[0];
  });
  if (!order) throw new Error(`no order ${number}`);
  const body = JSON.stringify({
    id: `evt-${crypto.randomUUID()}`,
    type: 'payment.succeeded',
    data: { orderNumber: number, amountMinor: order.totalMinor, currency: order.currency },
  });
  const t = Math.floor(Date.now() / 1000);
  const v1 = createHmac('sha256', E2E_PAYMENT_SECRET).update(`${t}.${body}`).digest('hex');
  const paid = await page.request.post('/api/finance/order-server/pay/notify', {
    data: body,
    headers: { 'content-type': 'application/json', 'cirrus-signature': `t=${t},v1=${v1}` },
  });
  expect(paid.status(), await paid.text()).toBe(200);
}
