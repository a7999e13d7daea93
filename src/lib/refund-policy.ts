/**
 * The 7-day money-back guarantee of the refund policy article (`/doc/article/refund`), as one rule the back office
 * shows on an order ("eligible for a full refund until …") and the refund action takes its default amount from
 * (docs/decisions/068-refunds-and-credit-notes.md). The article's promise: the customer's first VPS order, billed
 * monthly or for a longer term (hourly servers need no refund), within 7 days, the full amount paid for the server;
 * OS and control-panel licences ordered with it are not covered. Nothing here reads a clock or a database: the
 * caller says what the order is and when now is.
 */

/** How long after payment the guarantee holds. */
export const MONEY_BACK_DAYS = 7;

/** Lines the guarantee does not cover, by their kind (the key before the dot): licences ordered with the server. */
const NOT_COVERED = new Set(['licence', 'term']);

export type GuaranteeOrder = {
  billing: 'term' | 'hourly';
  /** When it was paid; null if never. */
  paidAt: Date | null;
  /** Whether it is the customer's first paid VPS order. */
  firstOrder: boolean;
  lines: readonly { key: string }[];
};

export type Guarantee =
  | { eligible: true; until: Date; lines: string[] }
  | { eligible: false; why: 'notPaid' | 'hourly' | 'notFirstOrder' | 'expired'; until: Date | null; lines: [] };

/**
 * Whether the order is refunded in full under the guarantee at `now`, until when, and which of its lines that full
 * amount covers (all but licences). The amount itself is what those lines were paid (src/lib/billing/refunds.ts,
 * `paidPerLine`), less what was already refunded.
 */
export function moneyBackGuarantee(order: GuaranteeOrder, now: Date): Guarantee {
  if (order.paidAt === null) return { eligible: false, why: 'notPaid', until: null, lines: [] };
  const until = new Date(order.paidAt.getTime() + MONEY_BACK_DAYS * 86_400_000);
  if (order.billing === 'hourly') return { eligible: false, why: 'hourly', until: null, lines: [] };
  if (!order.firstOrder) return { eligible: false, why: 'notFirstOrder', until: null, lines: [] };
  if (now.getTime() >= until.getTime()) return { eligible: false, why: 'expired', until, lines: [] };
  const lines = order.lines.map((l) => l.key).filter((key) => !NOT_COVERED.has(key.split('.')[0] ?? key));
  return { eligible: true, until, lines };
}
