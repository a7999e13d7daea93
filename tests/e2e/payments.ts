import { createHmac, randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';

/** The payment notifications' secret of the e2e server (tests/e2e/serve.ts gives it to the site). */
export const E2E_PAYMENT_SECRET = 'e2e-payment-secret-0123456789abcdef';

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
