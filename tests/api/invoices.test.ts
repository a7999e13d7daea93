import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, mailOutbox, orders } from '../../src/server/db/schema';
import { signatureHeader } from '../../src/server/orders/signature';
import { call } from '../support/api';
import { signedInCustomer } from '../support/factories';
import { type OwnDatabase, ownDatabase } from '../support/own-database';

/**
 * Invoices (docs/decisions/067-invoices.md) on a database of its own, so its series counts only this file's
 * payments: one per paid order, numbered without gaps under concurrent payments, immutable, a PDF in the
 * customer's language that holds every field an invoice must (read back with poppler's pdftotext).
 */
let own: OwnDatabase;
const SECRET = process.env.PAYMENT_WEBHOOK_SECRET ?? '';
const base = { regionId: 'los-angeles', imageId: 'ubuntu-24.04', planId: 'std-1c1g' };
const year = new Date().getUTCFullYear();

beforeAll(async () => {
  own = await ownDatabase('invoices');
});
afterAll(async () => {
  await own?.drop();
});

type Customer = Awaited<ReturnType<typeof signedInCustomer>>;
type Order = { number: string; totalInclTaxMinor: number; currency: string };

async function customer(locale: 'en' | 'zh' | 'ja', billingCountry: string | null = null) {
  return signedInCustomer({ locale, billingCountry }, own.db);
}

async function order(who: Customer, body: Record<string, unknown>): Promise<Order> {
  const res = await call(own.app, 'POST', '/api/home/coupon-server/order/create', {
    json: { ...base, idempotencyKey: crypto.randomUUID(), ...body },
    headers: who.headers,
  });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.message as Order;
}

/**
 * The customer centre's payment notification. Like the real sender it delivers an event again when it is answered
 * 503: on a loaded machine a burst of 61 at once can outwait the pool's 3-second checkout (answered 503, nothing
 * begun), and the event's id makes the second delivery the same event.
 */
async function pay(placed: Order, amountMinor = placed.totalInclTaxMinor) {
  const body = JSON.stringify({
    id: crypto.randomUUID(),
    type: 'payment.succeeded',
    data: { orderNumber: placed.number, amountMinor, currency: placed.currency },
  });
  for (let attempt = 1; ; attempt += 1) {
    const answer = await call(own.app, 'POST', '/api/finance/order-server/pay/notify', {
      body,
      headers: { 'content-type': 'application/json', 'cirrus-signature': signatureHeader(SECRET, body, Date.now()) },
    });
    if (answer.status !== 503 || attempt === 3) return answer;
  }
}

async function download(who: Customer, number: string) {
  const res = await own.app.request(`/api/finance/order-server/invoice/${number}`, { headers: who.headers });
  return { status: res.status, type: res.headers.get('content-type'), pdf: Buffer.from(await res.arrayBuffer()) };
}

/** The text of a PDF as poppler reads it, in reading order. */
function pdfText(pdf: Buffer): string {
  const file = join(mkdtempSync(join(tmpdir(), 'invoice-')), 'invoice.pdf');
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

describe('a paid order is invoiced', () => {
  it('pays only the total with tax, then issues the invoice the customer downloads and no one else can', async () => {
    const buyer = await customer('ja');
    const placed = await order(buyer, { currency: 'JPY', billingCountry: 'JP' });
    expect(placed.totalInclTaxMinor).toBe(848);
    // The amount without tax is not what the order costs: refused, nothing changes.
    expect((await pay(placed, 771)).status).toBe(422);
    expect((await download(buyer, placed.number)).status).toBe(404);
    expect((await pay(placed)).status).toBe(200);

    const [invoice] = await own.db.select().from(invoices).where(eq(invoices.orderNumber, placed.number));
    expect(invoice?.number).toMatch(new RegExp(`^CC-${year}-\\d{6}$`));
    expect([invoice?.locale, invoice?.currency, invoice?.taxMinor, invoice?.totalInclTaxMinor]).toEqual([
      'ja',
      'JPY',
      77,
      848,
    ]);
    const got = await download(buyer, placed.number);
    expect([got.status, got.type]).toEqual([200, 'application/pdf']);
    expect(got.pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const stranger = await customer('en', 'US');
    expect((await download(stranger, placed.number)).status).toBe(404);

    // The paid mail links the invoice.
    const [mail] = await own.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.orderId, (await orderRow(placed.number)).id), eq(mailOutbox.kind, 'order-paid')));
    expect(mail?.text).toContain(invoice?.number);
    expect(mail?.text).toContain(`/api/finance/order-server/invoice/${placed.number}`);
    // The customer's order page offers it.
    const detail = await call(own.app, 'POST', '/api/finance/order-server/order/get', {
      json: { number: placed.number },
      headers: buyer.headers,
    });
    expect(detail.json.message).toMatchObject({ invoice: { number: invoice?.number }, taxMinor: 77 });
  });

  it('is immutable: the database refuses to change or delete an issued invoice', async () => {
    const buyer = await customer('en', 'US');
    const placed = await order(buyer, { currency: 'USD' });
    await pay(placed);
    const [invoice] = await own.db.select().from(invoices).where(eq(invoices.orderNumber, placed.number));
    if (!invoice) throw new Error('no invoice');
    await expect(
      own.db.update(invoices).set({ totalInclTaxMinor: 1 }).where(eq(invoices.id, invoice.id)),
    ).rejects.toThrow();
    await expect(own.db.delete(invoices).where(eq(invoices.id, invoice.id))).rejects.toThrow();
    // Its order may go (a test's clean-up); the invoice stays as it was, without the link.
    await own.db.execute(sql`delete from order_events where order_id = ${invoice.orderId}`);
    await own.db.delete(orders).where(eq(orders.number, placed.number));
    const [kept] = await own.db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect({ ...kept, orderId: invoice.orderId }).toEqual(invoice);
    expect(kept?.orderId).toBeNull();
  });
});

async function orderRow(number: string) {
  const [row] = await own.db.select().from(orders).where(eq(orders.number, number));
  if (!row) throw new Error(`order ${number} missing`);
  return row;
}

describe('invoice numbers', () => {
  it('50 concurrent payments: 50 invoices numbered one after another, no gap, no duplicate', async () => {
    const buyer = await customer('en', 'SG');
    const placed = await Promise.all(Array.from({ length: 50 }, () => order(buyer, { currency: 'HKD' })));
    const [before] = await own.db
      .execute<{ last: number | null }>(sql`select max(sequence) as last from invoices where series = ${`CC-${year}`}`)
      .then((r) => r.rows);
    // Each payment twice at once (a redelivery racing the first), and one refused (a wrong amount) among them.
    const answers = await Promise.all([
      ...placed.map((p) => pay(p)),
      ...placed.slice(0, 10).map((p) => pay(p)),
      pay(placed[0] as Order, 1),
    ]);
    expect(
      answers.filter((a) => a.status === 200).length,
      JSON.stringify(answers.filter((a) => a.status !== 200 && a.status !== 409).map((a) => [a.status, a.text])),
    ).toBeGreaterThanOrEqual(50);
    const issued = await own.db
      .select({ sequence: invoices.sequence, number: invoices.number })
      .from(invoices)
      .where(
        sql`${invoices.orderNumber} in (${sql.join(
          placed.map((p) => sql`${p.number}`),
          sql`, `,
        )})`,
      );
    expect(issued).toHaveLength(50);
    const sequences = issued.map((i) => i.sequence).sort((a, b) => a - b);
    const first = Number(before?.last ?? 0) + 1;
    expect(sequences).toEqual(Array.from({ length: 50 }, (_, i) => first + i));
    expect(new Set(issued.map((i) => i.number)).size).toBe(50);
  });
});

describe('the PDF holds every field an invoice must, in the customer language', () => {
  const cases = [
    {
      name: 'a Japanese consumer: a qualified invoice in Japanese',
      locale: 'ja' as const,
      order: { currency: 'JPY', billingCountry: 'JP' },
      expected: [
        '適格請求書',
        '請求書番号',
        '発行日',
        '取引年月日',
        'Cirrus Cloud Limited',
        '登録番号: T1234567890123',
        '請求先',
        '10%対象',
        '消費税（10%）',
        '￥77',
        '合計（税込）',
        '￥848',
        '通貨: JPY',
        '為替レート：1 USD = 154.2 JPY',
      ],
    },
    {
      name: 'a German business in English: reverse charge',
      locale: 'en' as const,
      order: { currency: 'USD', billingCountry: 'DE', billingCompany: 'Beispiel GmbH', billingTaxId: 'DE136695976' },
      expected: [
        'Invoice',
        'Invoice number',
        'Issue date',
        'Date of supply',
        'Seller',
        'VAT number: EU372000041',
        'Beispiel GmbH',
        'Tax id: DE136695976',
        'Germany',
        'VAT (19%)',
        '$0.00',
        'Total including tax',
        '$5.00',
        'Reverse charge: VAT to be accounted for by the recipient',
        'Exchange rate: 1 USD = 1 USD',
      ],
    },
    {
      name: 'Hong Kong in Chinese: no VAT',
      locale: 'zh' as const,
      order: { currency: 'HKD', billingCountry: 'HK' },
      expected: [
        '发票',
        '发票号码',
        '开具日期',
        '服务提供日期',
        '销售方',
        '香港商业登记号: 71234567',
        '购买方',
        '不征收增值税或商品及服务税（0%）',
        '含税合计',
        'HK$38.90',
        '币种: HKD',
        '汇率：1 USD = 7.78 HKD',
      ],
    },
  ];
  it.each(cases)('$name', async ({ locale, order: body, expected }) => {
    const buyer = await customer(locale);
    const placed = await order(buyer, body);
    await pay(placed);
    const got = await download(buyer, placed.number);
    expect(got.pdf.length).toBeLessThan(200 * 1024);
    const text = pdfText(got.pdf).replace(/[ \t]+/g, ' ');
    const [invoice] = await own.db.select().from(invoices).where(eq(invoices.orderNumber, placed.number));
    for (const field of [...expected, invoice?.number ?? '?', placed.number, buyer.user.username]) {
      expect(text, field).toContain(field);
    }
  });
});

describe('the back office', () => {
  it("lists invoices filtered, exports them as CSV, opens one's PDF and links it from its order", async () => {
    const { signedInStaff } = await import('../support/staff');
    const manager = await signedInStaff(own.app, own.db, 'manager');
    const buyer = await customer('en');
    const placed = await order(buyer, {
      currency: 'USD',
      billingCountry: 'AT',
      billingCompany: 'Muster GmbH',
      billingTaxId: 'ATU13585627',
    });
    await pay(placed);
    const get = (path: string) => call(own.app, 'GET', path, { headers: manager.headers });
    const list = (await get('/api/admin/invoices?country=at&reverseCharge=yes')).json.message as {
      items: { id: number; number: string; orderNumber: string; company: string; taxMinor: number }[];
    };
    const row = list.items.find((i) => i.orderNumber === placed.number);
    expect(row).toMatchObject({ company: 'Muster GmbH', taxMinor: 0 });
    expect(list.items.every((i) => i.company !== null)).toBe(true);
    expect(
      ((await get('/api/admin/invoices?country=AT&reverseCharge=no')).json.message as { items: unknown[] }).items,
    ).not.toContainEqual(expect.objectContaining({ orderNumber: placed.number }));

    const csv = await own.app.request('/api/admin/invoices/export?country=AT', { headers: manager.headers });
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const text = await csv.text();
    const plain = text.replace(/"/g, '');
    expect(plain).toContain('invoice,issued_at,supply_date,order,customer_id,company,tax_id,country,currency');
    expect(plain).toContain(`${row?.number},`);
    expect(plain).toMatch(/Muster GmbH,ATU13585627,AT,USD,1(\.0+)?,5\.00,20,0\.00,5\.00,yes/);

    const pdf = await own.app.request(`/api/admin/invoices/${row?.id}/pdf`, { headers: manager.headers });
    expect([pdf.status, pdf.headers.get('content-type')]).toEqual([200, 'application/pdf']);
    const orderId = (await orderRow(placed.number)).id;
    const detail = (await get(`/api/admin/orders/${orderId}`)).json.message as { invoice: { number: string } };
    expect(detail.invoice.number).toBe(row?.number);
    // A customer's session is no staff session.
    expect((await own.app.request(`/api/admin/invoices/${row?.id}/pdf`, { headers: buyer.headers })).status).toBe(401);
  });
});
