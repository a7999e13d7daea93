import { signatureHeader } from '../../src/server/orders/signature';
import { call } from './api';

type App = Parameters<typeof call>[0];

/** The customer centre's `payment.succeeded` for an order, signed as it signs it (docs/decisions/037-order-lifecycle.md). */
export function payOrder(app: App, order: { number: string; totalMinor: number; currency: string }, at = Date.now()) {
  const body = JSON.stringify({
    id: `evt-${crypto.randomUUID()}`,
    type: 'payment.succeeded',
    data: { orderNumber: order.number, amountMinor: order.totalMinor, currency: order.currency },
  });
  return call(app, 'POST', '/api/finance/order-server/pay/notify', {
    body,
    headers: {
      'content-type': 'application/json',
      'cirrus-signature': signatureHeader(process.env.PAYMENT_WEBHOOK_SECRET ?? '', body, at),
    },
  });
}
