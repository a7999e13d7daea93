import { z } from 'zod';
import { defineResource } from '../resource';

/** The two outboxes: the customers' mails and the customer centre's order events (webhooks). */
export const DELIVERY_KINDS = ['mail', 'webhook'] as const;
export type DeliveryKind = (typeof DELIVERY_KINDS)[number];

/**
 * What a delivery is in: `pending` (not tried yet, or due again), `failed` (pending after a failed try: it has a
 * last error), `sending` (claimed by a worker), `sent` (delivered).
 */
export const DELIVERY_STATES = ['pending', 'failed', 'sending', 'sent'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

/** A row of either outbox as the back office reads it; a mail's recipient, and addresses in its error, masked for support. */
export const deliveryRow = z.object({
  /** The outbox and the row's id in it (`mail-12`, `webhook-7`): the key its retry is called by. */
  id: z.string(),
  kind: z.enum(DELIVERY_KINDS),
  outboxId: z.number().int(),
  /** The mail's kind (`activation`, `order-paid`…) or the event's type (`order.paid`…). */
  type: z.string(),
  subject: z.string().nullable(),
  recipient: z.string().nullable(),
  eventId: z.string().nullable(),
  orderId: z.number().int().nullable(),
  orderNumber: z.string().nullable(),
  state: z.enum(DELIVERY_STATES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string(),
  createdAt: z.string(),
  /** When it was sent (a mail) or delivered (an event). */
  doneAt: z.string().nullable(),
});
export type Delivery = z.infer<typeof deliveryRow>;

const waiting = (row: Record<string, unknown>) => row.state === 'pending' || row.state === 'failed';

/**
 * The mail outbox and the order webhook outbox (docs/product/back-office-orders.md), one at a time by `kind`,
 * newest first, by state; "retry now" makes a waiting row due at once. Its rows are written by what they tell
 * of, never here; both outboxes grow without end, so the list pages by cursor. The table named is the first
 * outbox: the binding reads whichever `kind` asks for.
 */
export const deliveriesResource = defineResource({
  name: 'deliveries',
  path: '/deliveries',
  nav: { section: 'support' },
  // A retried event is audited as `webhook`.
  audit: 'mail',
  table: 'mailOutbox',
  changes: [],
  key: { field: 'id', type: 'string' },
  input: z.object({}),
  row: deliveryRow,
  access: { read: 'support', write: false, create: false, delete: false },
  actions: [{ name: 'retry', permission: 'support', tone: 'primary', when: waiting }],
  undo: { refused: 'delivery' },
  list: {
    sorts: ['id'],
    order: { sort: 'id', dir: 'desc' },
    paging: 'keyset',
    filters: [
      { name: 'kind', options: DELIVERY_KINDS },
      { name: 'state', options: ['all', ...DELIVERY_STATES] },
    ],
  },
  columns: [
    { name: 'outboxId', format: 'number' },
    {
      name: 'type',
      format: 'code',
      below: [
        { name: 'subject' },
        { name: 'recipient' },
        { name: 'eventId', format: 'code' },
        { name: 'orderNumber', link: (row) => (row.orderId ? `/admin/orders/${row.orderId}` : undefined) },
      ],
    },
    { name: 'state', format: 'option' },
    { name: 'attempts', format: 'number' },
    { name: 'lastError' },
    // A sent row's time it went out; a waiting one's next try.
    { name: 'when', format: 'datetime', value: (row) => row.doneAt ?? row.nextAttemptAt },
  ],
  fields: [],
  blank: () => ({}),
  title: 'id',
});
