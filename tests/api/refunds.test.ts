import { execFileSync } from 'node:child_process';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import enAdmin from '../../src/i18n/admin/en.json';
import {
  creditNotes,
  invoices,
  mailOutbox,
  orderEvents,
  orders,
  refunds,
  webhookOutbox,
} from '../../src/server/db/schema';
import { signatureHeader } from '../../src/server/orders/signature';
import { deliverDueWebhooks } from '../../src/server/orders/webhooks';
import { call } from '../support/api';
import { signedInCustomer } from '../support/factories';
import { type OwnDatabase, ownDatabase } from '../support/own-database';
import { signedInStaff } from '../support/staff';

/**
 * Refunds and credit notes (docs/decisions/068-refunds-and-credit-notes.md) on a database of their own, so the
 * credit notes' series counts only this file's: refunds from the back office by role, never above what was paid even
 * when twenty operators refund at once, credit notes numbered without gaps that add up to minus the invoice, the
 * customer centre's answers as payments are answered, the PDF in each language, and a receiver written from the
 * OpenAPI document alone.
 */
let own: OwnDatabase;
const SECRET = process.env.PAYMENT_WEBHOOK_SECRET ?? '';
const base = { regionId: 'los-angeles', imageId: 'ubuntu-24.04', planId: 'std-1c1g' };
const year = new Date().getUTCFullYear();
type Staff = Awaited<ReturnType<typeof signedInStaff>>;
let as: Record<'owner' | 'manager' | 'editor' | 'support', Staff>;

beforeAll(async () => {
  own = await ownDatabase('refunds');
  const [owner, manager, editor, support] = await Promise.all(
    (['owner', 'manager', 'editor', 'support'] as const).map((role) => signedInStaff(own.app, own.db, role)),
  );
  as = { owner, manager, editor, support } as typeof as;
});
afterAll(async () => {
  await own?.drop();
});

type Customer = Awaited<ReturnType<typeof signedInCustomer>>;
type Placed = { id: number; number: string; totalInclTaxMinor: number; currency: string; customer: Customer };

async function paidOrder(locale: 'en' | 'zh' | 'ja', body: Record<string, unknown>, pay = true): Promise<Placed> {
  const customer = await signedInCustomer({ locale }, own.db);
  const res = await call(own.app, 'POST', '/api/home/coupon-server/order/create', {
    json: { ...base, idempotencyKey: crypto.randomUUID(), ...body },
    headers: customer.headers,
  });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  const placed = res.json.message as Omit<Placed, 'id' | 'customer'>;
  if (pay) {
    const paid = await notify('payment.succeeded', {
      orderNumber: placed.number,
      amountMinor: placed.totalInclTaxMinor,
      currency: placed.currency,
    });
    expect(paid.status).toBe(200);
  }
  const [row] = await own.db.select().from(orders).where(eq(orders.number, placed.number));
  return { ...placed, id: row?.id ?? 0, customer };
}

async function notify(type: string, data: Record<string, unknown>, options: { id?: string; secret?: string } = {}) {
  const body = JSON.stringify({ id: options.id ?? crypto.randomUUID(), type, data });
  return call(own.app, 'POST', '/api/finance/order-server/pay/notify', {
    body,
    headers: {
      'content-type': 'application/json',
      'cirrus-signature': signatureHeader(options.secret ?? SECRET, body, Date.now()),
    },
  });
}

const act = (who: Staff, order: Placed, action: string, json: Record<string, unknown>) =>
  call(own.app, 'POST', `/api/admin/orders/${order.id}/${action}`, { json, headers: who.headers });

async function state(order: Placed) {
  const [row] = await own.db.select().from(orders).where(eq(orders.id, order.id));
  const refundRows = await own.db.select().from(refunds).where(eq(refunds.orderId, order.id)).orderBy(asc(refunds.id));
  const notes = await own.db
    .select()
    .from(creditNotes)
    .where(eq(creditNotes.orderNumber, order.number))
    .orderBy(asc(creditNotes.id));
  return { status: row?.status, refunds: refundRows, notes };
}

/** The back office's words for an error key: a refusal is said in the reader's language, not as a key. */
function adminText(key: string): string {
  const path = key.split('.').slice(1);
  let at: unknown = (enAdmin as Record<string, unknown>).api;
  for (const part of path) at = (at as Record<string, unknown> | undefined)?.[part];
  return typeof at === 'string' ? at : '';
}

function pdfText(pdf: Buffer): string {
  const file = join(mkdtempSync(join(tmpdir(), 'credit-')), 'note.pdf');
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/[ \t]+/g, ' ');
}

describe('a refund from the back office', () => {
  it('refunds part, then the rest; the credit notes add up to minus the invoice and the customer downloads them', async () => {
    const order = await paidOrder('ja', { currency: 'JPY', billingCountry: 'JP' });
    expect(order.totalInclTaxMinor).toBe(848);
    const part = await act(as.manager, order, 'refund', { basis: 'amount', amountMinor: 300, reason: '一部返金' });
    expect(part.status, JSON.stringify(part.json)).toBe(200);
    let now = await state(order);
    expect(now.status).toBe('refund_pending');
    expect(now.refunds.map((r) => [r.status, r.amountMinor, r.amountExclTaxMinor, r.taxMinor])).toEqual([
      ['pending', 300, 273, 27],
    ]);
    expect(now.notes).toHaveLength(1);
    expect(now.notes[0]?.number).toMatch(new RegExp(`^CN-${year}-\\d{6}$`));
    expect([now.notes[0]?.totalInclTaxMinor, now.notes[0]?.taxMinor, now.notes[0]?.locale]).toEqual([-300, -27, 'ja']);
    const [event] = await own.db
      .select()
      .from(webhookOutbox)
      .where(and(eq(webhookOutbox.orderId, order.id), eq(webhookOutbox.type, 'refund.requested')));
    const refund = now.refunds[0];
    expect(event?.payload).toMatchObject({
      refund: { id: refund?.id, amountMinor: 300, currency: 'JPY', attempt: 1, creditNoteNumber: now.notes[0]?.number },
    });

    // The customer centre's answer completes it: part of the order given back.
    const id = crypto.randomUUID();
    const data = { orderNumber: order.number, refundId: refund?.id, amountMinor: 300, currency: 'JPY' };
    const done = await notify('refund.succeeded', data, { id });
    expect([done.status, done.json.message]).toEqual([200, { number: order.number, status: 'partially_refunded' }]);
    // The same event again answers the same and changes nothing.
    const again = await notify('refund.succeeded', data, { id });
    expect([again.status, again.json.message]).toEqual([200, done.json.message]);
    // The customer is mailed once when it is sent and once when it is made, in Japanese, with the credit note.
    const mails = await own.db
      .select({ key: mailOutbox.dedupKey, subject: mailOutbox.subject, text: mailOutbox.text })
      .from(mailOutbox)
      .where(sql`${mailOutbox.dedupKey} like ${`order:${order.id}:refund-%`}`)
      .orderBy(asc(mailOutbox.id));
    expect(mails.map((m) => m.key)).toEqual([
      `order:${order.id}:refund-requested:${refund?.id}`,
      `order:${order.id}:refund-completed:${refund?.id}`,
    ]);
    for (const mail of mails) {
      expect(mail.text).toContain(now.notes[0]?.number ?? '?');
      expect(mail.text).toContain(`/api/finance/order-server/credit-note/${now.notes[0]?.number}`);
      expect(mail.text).toMatch(/[￥¥]300/);
    }

    // The rest.
    const rest = await act(as.owner, order, 'refund', { basis: 'full', reason: 'the rest' });
    expect(rest.status, JSON.stringify(rest.json)).toBe(200);
    now = await state(order);
    const second = now.refunds[1];
    expect(second?.amountMinor).toBe(548);
    expect(
      (
        await notify('refund.succeeded', {
          orderNumber: order.number,
          refundId: second?.id,
          amountMinor: 548,
          currency: 'JPY',
        })
      ).json.message,
    ).toEqual({ number: order.number, status: 'refunded' });

    const [invoice] = await own.db.select().from(invoices).where(eq(invoices.orderNumber, order.number));
    now = await state(order);
    const sum = (pick: (n: (typeof now.notes)[number]) => number) => now.notes.reduce((s, n) => s + pick(n), 0);
    expect([sum((n) => n.totalExclTaxMinor), sum((n) => n.taxMinor), sum((n) => n.totalInclTaxMinor)]).toEqual([
      -(invoice?.totalExclTaxMinor ?? 0),
      -(invoice?.taxMinor ?? 0),
      -(invoice?.totalInclTaxMinor ?? 0),
    ]);
    const perRate = now.notes.reduce((s, n) => s + (n.content.taxLines[0]?.taxMinor ?? 0), 0);
    expect(perRate).toBe(-(invoice?.content.taxLines[0]?.taxMinor ?? 0));

    // The timeline, for the customer and the operator.
    const detail = await call(own.app, 'POST', '/api/finance/order-server/order/get', {
      json: { number: order.number },
      headers: order.customer.headers,
    });
    const got = detail.json.message as {
      status: string;
      history: { from: string; to: string }[];
      creditNotes: { number: string; url: string }[];
    };
    expect(got.history.map((h) => `${h.from}>${h.to}`).slice(-4)).toEqual([
      'paid>refund_pending',
      'refund_pending>partially_refunded',
      'partially_refunded>refund_pending',
      'refund_pending>refunded',
    ]);
    expect(got.creditNotes.map((n) => n.number)).toEqual(now.notes.map((n) => n.number));
    const pdf = await own.app.request(got.creditNotes[0]?.url ?? '', { headers: order.customer.headers });
    expect([pdf.status, pdf.headers.get('content-type')]).toEqual([200, 'application/pdf']);
    const stranger = await signedInCustomer({ locale: 'en' }, own.db);
    expect((await own.app.request(got.creditNotes[0]?.url ?? '', { headers: stranger.headers })).status).toBe(404);
    const staffView = (await call(own.app, 'GET', `/api/admin/orders/${order.id}`, { headers: as.support.headers }))
      .json.message as { refunds: { status: string; creditNote: { pdf: string } }[]; refundable: unknown };
    expect(staffView.refunds.map((r) => r.status)).toEqual(['succeeded', 'succeeded']);
    expect(staffView.refundable).toEqual({ paidMinor: 848, refundedMinor: 848, remainingMinor: 0 });
    const staffPdf = await own.app.request(staffView.refunds[0]?.creditNote.pdf ?? '', {
      headers: as.support.headers,
    });
    expect(staffPdf.status).toBe(200);

    // Nothing is left: refused, translated, nothing written.
    const more = await act(as.manager, order, 'refund', { basis: 'amount', amountMinor: 1, reason: 'x' });
    expect([more.status, more.json.message]).toEqual([409, 'api.admin.refundNothingLeft']);
    expect(adminText('api.admin.refundNothingLeft')).not.toBe('');
    expect((await state(order)).refunds).toHaveLength(2);
  });

  it('refuses an unpaid order, an amount above what is left, and a line refunded twice, changing nothing', async () => {
    const unpaid = await paidOrder('en', { currency: 'USD' }, false);
    const refused = await act(as.manager, unpaid, 'refund', { basis: 'full', reason: 'x' });
    expect([refused.status, refused.json.message]).toEqual([409, 'api.admin.refundNotPaid']);

    const order = await paidOrder('en', { currency: 'USD', dataDisks: [{ diskId: 'disk-nvme', sizeGb: 50 }] });
    const above = await act(as.manager, order, 'refund', {
      basis: 'amount',
      amountMinor: order.totalInclTaxMinor + 1,
      reason: 'x',
    });
    expect([above.status, above.json.message, above.json.fields]).toEqual([
      422,
      'api.admin.refundAboveRemaining',
      { amountMinor: 'api.admin.refundAboveRemaining' },
    ]);
    for (const key of ['api.admin.refundNotPaid', 'api.admin.refundAboveRemaining']) {
      expect(adminText(key), key).not.toBe('');
    }
    const byLine = await act(as.manager, order, 'refund', { basis: 'lines', lines: 'plan', reason: 'plan' });
    expect(byLine.status, JSON.stringify(byLine.json)).toBe(200);
    const twice = await act(as.manager, order, 'refund', { basis: 'lines', lines: ['plan'], reason: 'plan' });
    expect([twice.status, twice.json.fields]).toEqual([422, { lines: 'api.admin.refundLineTaken' }]);
    const unknown = await act(as.manager, order, 'refund', { basis: 'lines', lines: 'term', reason: 'x' });
    expect(unknown.json.fields).toEqual({ lines: 'api.admin.refundLineUnknown' });
    const now = await state(order);
    expect(now.refunds).toHaveLength(1);
    expect(now.notes).toHaveLength(1);
    expect((await state(unpaid)).refunds).toHaveLength(0);
  });
});

describe('twenty operators at once', () => {
  it('never refund more than was paid, and their credit notes are numbered without a gap', async () => {
    const order = await paidOrder('en', { currency: 'HKD', billingCountry: 'SG' });
    const paid = order.totalInclTaxMinor;
    const each = Math.ceil(paid / 12);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        act(i % 2 ? as.manager : as.owner, order, 'refund', { basis: 'amount', amountMinor: each, reason: `r${i}` }),
      ),
    );
    const ok = answers.filter((a) => a.status === 200).length;
    expect(answers.every((a) => a.status === 200 || a.status === 422 || a.status === 409)).toBe(true);
    const now = await state(order);
    const total = now.refunds.reduce((s, r) => s + r.amountMinor, 0);
    expect(total).toBeLessThanOrEqual(paid);
    expect(now.refunds).toHaveLength(ok);
    expect(ok).toBe(Math.floor(paid / each));
    // Every credit note of this database's series, in order: 1, 2, 3, … with no gap and no duplicate.
    const series = await own.db.execute<{ sequence: number }>(
      sql`select sequence from credit_notes where series = ${`CN-${year}`} order by sequence`,
    );
    const sequences = series.rows.map((r) => Number(r.sequence));
    expect(sequences).toEqual(Array.from({ length: sequences.length }, (_, i) => i + 1));
    expect(now.notes).toHaveLength(ok);
  });
});

describe("the customer centre's answers", () => {
  it('are refused as payments are: bad signature, unknown refund, another amount, a refund not under way', async () => {
    const order = await paidOrder('en', { currency: 'USD' });
    await act(as.manager, order, 'refund', { basis: 'amount', amountMinor: 100, reason: 'x' });
    const [refund] = (await state(order)).refunds;
    const data = { orderNumber: order.number, refundId: refund?.id, amountMinor: 100, currency: 'USD' };
    expect((await notify('refund.succeeded', data, { secret: 'not the secret' })).status).toBe(401);
    const unknown = await notify('refund.succeeded', { ...data, refundId: (refund?.id ?? 0) + 100_000 });
    expect([unknown.status, unknown.json.message]).toEqual([404, 'api.notify.unknownRefund']);
    const other = await notify('refund.succeeded', { ...data, amountMinor: 99 });
    expect([other.status, other.json.message]).toEqual([422, 'api.notify.amountMismatch']);
    expect((await state(order)).refunds[0]?.status).toBe('pending');

    // Failed: the order goes back to where it was, and the refund may be sent again.
    const failed = await notify('refund.failed', { ...data, failureReason: 'card expired' });
    expect(failed.json.message).toEqual({ number: order.number, status: 'paid' });
    const late = await notify('refund.succeeded', data);
    expect([late.status, late.json.message]).toEqual([409, 'api.order.illegalTransition']);
    const retried = await act(as.manager, order, 'retry-refund', { refundId: refund?.id });
    expect(retried.status, JSON.stringify(retried.json)).toBe(200);
    const now = await state(order);
    expect([now.status, now.refunds[0]?.status, now.refunds[0]?.attempts, now.notes.length]).toEqual([
      'refund_pending',
      'pending',
      2,
      1,
    ]);
    // The customer centre has not taken the event yet: the order's page says when it is tried next.
    const waiting = (await call(own.app, 'GET', `/api/admin/orders/${order.id}`, { headers: as.support.headers })).json
      .message as { status: string; refunds: { status: string; attempts: number; nextAttemptAt: string | null }[] };
    expect(waiting.status).toBe('refund_pending');
    expect(waiting.refunds[0]).toMatchObject({ status: 'pending', attempts: 2 });
    expect(Number.isNaN(Date.parse(waiting.refunds[0]?.nextAttemptAt ?? ''))).toBe(false);
    // The order's history says each step.
    const events = await own.db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, order.id))
      .orderBy(asc(orderEvents.id));
    expect(events.map((e) => `${e.toStatus}:${e.reason}`).slice(-3)).toEqual([
      'refund_pending:refund requested',
      'paid:refund failed',
      'refund_pending:refund requested',
    ]);
  });
});

describe('who may refund', () => {
  it('support asks, a manager approves or rejects; support and editors cannot refund themselves', async () => {
    const order = await paidOrder('en', { currency: 'USD' });
    expect((await act(as.support, order, 'refund', { basis: 'full', reason: 'x' })).status).toBe(403);
    expect((await act(as.editor, order, 'request-refund', { basis: 'full', reason: 'x' })).status).toBe(403);
    const asked = await act(as.support, order, 'request-refund', {
      basis: 'amount',
      amountMinor: 200,
      reason: 'asked',
    });
    expect(asked.status, JSON.stringify(asked.json)).toBe(200);
    expect(asked.json.message).toMatchObject({ refundsRequested: 1 });
    let now = await state(order);
    expect([now.status, now.refunds[0]?.status, now.notes.length]).toEqual(['paid', 'requested', 0]);
    const refundId = now.refunds[0]?.id;
    expect((await act(as.support, order, 'approve-refund', { refundId })).status).toBe(403);
    const approved = await act(as.manager, order, 'approve-refund', { refundId });
    expect(approved.status, JSON.stringify(approved.json)).toBe(200);
    now = await state(order);
    expect([now.status, now.refunds[0]?.status, now.refunds[0]?.approvedBy, now.notes.length]).toEqual([
      'refund_pending',
      'pending',
      as.manager.row.id,
      1,
    ]);
    expect((await act(as.owner, order, 'approve-refund', { refundId })).json.message).toBe(
      'api.admin.refundNotRequested',
    );

    const second = await act(as.support, order, 'request-refund', { basis: 'full', reason: 'more' });
    expect(second.status).toBe(200);
    const secondId = (await state(order)).refunds[1]?.id;
    expect((await act(as.owner, order, 'reject-refund', { refundId: secondId })).status).toBe(200);
    now = await state(order);
    expect([now.refunds[1]?.status, now.notes.length]).toEqual(['rejected', 1]);
    // A rejected request holds nothing: the rest can be refunded.
    const detail = (await call(own.app, 'GET', `/api/admin/orders/${order.id}`, { headers: as.manager.headers })).json
      .message as { refundable: { remainingMinor: number } };
    expect(detail.refundable.remainingMinor).toBe(order.totalInclTaxMinor - 200);
  });

  it("the money-back guarantee: a first order's full amount within 7 days is the default", async () => {
    const order = await paidOrder('en', { currency: 'USD' });
    const detail = (await call(own.app, 'GET', `/api/admin/orders/${order.id}`, { headers: as.manager.headers })).json
      .message as { guarantee: { eligible: boolean; until: string; amountMinor: number } };
    expect(detail.guarantee.eligible).toBe(true);
    expect(detail.guarantee.amountMinor).toBe(order.totalInclTaxMinor);
    expect(new Date(detail.guarantee.until).getTime() - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    const made = await act(as.manager, order, 'refund', { reason: 'money-back guarantee' });
    expect(made.status, JSON.stringify(made.json)).toBe(200);
    expect((await state(order)).refunds[0]?.amountMinor).toBe(order.totalInclTaxMinor);
  });
});

describe('the credit note PDF holds what a credit note must, in the customer language', () => {
  const cases = [
    {
      locale: 'ja' as const,
      order: { currency: 'JPY', billingCountry: 'JP' },
      expected: [
        '適格返還請求書',
        '返還請求書番号',
        '対象の請求書',
        '請求書の発行日',
        '登録番号: T1234567890123',
        '-￥100',
        '返金理由: お客様のご要望',
      ],
      reason: 'お客様のご要望',
    },
    {
      locale: 'en' as const,
      order: { currency: 'USD', billingCountry: 'US' },
      expected: [
        'Credit note',
        'Credit note number',
        'Corrects invoice',
        'Invoice date',
        '-$1.00',
        'Reason: asked by phone',
      ],
      reason: 'asked by phone',
    },
    {
      locale: 'zh' as const,
      order: { currency: 'HKD', billingCountry: 'HK' },
      expected: ['贷项通知单', '贷项通知单号码', '对应发票', '发票开具日期', '-HK$1.00', '退款原因: 客户要求'],
      reason: '客户要求',
    },
  ];
  it.each(cases)('$locale', async ({ order: body, expected, reason }) => {
    const order = await paidOrder(cases.find((c) => c.order === body)?.locale ?? 'en', body);
    expect((await act(as.manager, order, 'refund', { basis: 'amount', amountMinor: 100, reason })).status).toBe(200);
    const [note] = (await state(order)).notes;
    const [invoice] = await own.db.select().from(invoices).where(eq(invoices.orderNumber, order.number));
    const res = await own.app.request(`/api/finance/order-server/credit-note/${note?.number}`, {
      headers: order.customer.headers,
    });
    const text = pdfText(Buffer.from(await res.arrayBuffer()));
    for (const field of [...expected, note?.number ?? '?', invoice?.number ?? '?', order.number]) {
      expect(text, field).toContain(field);
    }
  });
});

describe('the webhook contract', () => {
  it('a receiver written from /api/openapi.json alone verifies and parses a delivered refund.requested', async () => {
    const doc = (await call(own.app, 'GET', '/api/openapi.json')).json as unknown as {
      webhooks: Record<string, { post: { requestBody: { content: { 'application/json': { schema: object } } } } }>;
      components: { securitySchemes: Record<string, { name: string; description: string }> };
    };
    // Every event the site writes to its outbox is in the document.
    const types = await own.db.execute<{ type: string }>(sql`select distinct type from webhook_outbox`);
    for (const { type } of types.rows) expect(Object.keys(doc.webhooks), type).toContain(type);
    const scheme = doc.components.securitySchemes.webhookSignature;
    expect(scheme?.name).toBe('cirrus-signature');
    expect(scheme?.description).toContain('HMAC-SHA256 of "<t>.<raw body>"');
    const schema = z.fromJSONSchema(
      doc.webhooks['refund.requested']?.post.requestBody.content['application/json'].schema as never,
    );

    const order = await paidOrder('en', { currency: 'USD' });
    await act(as.manager, order, 'refund', { basis: 'amount', amountMinor: 123, reason: 'contract' });
    const secret = 'receiver secret';
    const received: { body: string; signature: string }[] = [];
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => {
        body += chunk;
      });
      req.on('end', () => {
        received.push({ body, signature: String(req.headers['cirrus-signature'] ?? '') });
        res.end('ok');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
      await deliverDueWebhooks(own.db, { url, secret }, new Date(), 1_000);
    } finally {
      server.close();
    }
    const delivery = received
      .map((r) => ({ ...r, event: JSON.parse(r.body) as { type: string; data: { refund: { orderNumber: string } } } }))
      .find((r) => r.event.type === 'refund.requested' && r.event.data.refund.orderNumber === order.number);
    if (!delivery) throw new Error('refund.requested not delivered');
    // The documented scheme: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">.
    const parts = Object.fromEntries(delivery.signature.split(',').map((p) => p.split('=') as [string, string]));
    const expected = createHmac('sha256', secret).update(`${parts.t}.${delivery.body}`).digest();
    expect(timingSafeEqual(expected, Buffer.from(parts.v1 ?? '', 'hex'))).toBe(true);
    expect(Math.abs(Date.now() / 1000 - Number(parts.t))).toBeLessThan(300);
    const parsed = schema.safeParse(delivery.event);
    expect(parsed.success, JSON.stringify(parsed.error)).toBe(true);
    expect(delivery.event.data).toMatchObject({ refund: { amountMinor: 123, currency: 'USD', attempt: 1 } });
    // And an order event parses against its own description.
    const orderEvent = received.map((r) => JSON.parse(r.body) as { type: string }).find((e) => e.type === 'order.paid');
    const orderSchema = z.fromJSONSchema(
      doc.webhooks['order.paid']?.post.requestBody.content['application/json'].schema as never,
    );
    expect(orderSchema.safeParse(orderEvent).success).toBe(true);
  });
});
