import { constants, publicEncrypt } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import siteEn from '../../src/i18n/messages/en.json';
import siteJa from '../../src/i18n/messages/ja.json';
import siteZh from '../../src/i18n/messages/zh.json';
import { approveHeldCommissions, reverseCommission } from '../../src/server/affiliates/ledger';
import { createApp } from '../../src/server/api/app';
import { createDatabase } from '../../src/server/db/client';
import {
  affiliateClicks,
  affiliateCommissions,
  affiliateReferrals,
  affiliates,
  mailOutbox,
  orders,
  users,
} from '../../src/server/db/schema';
import { signatureHeader } from '../../src/server/orders/signature';
import { call } from '../support/api';
import { signedInCustomer } from '../support/factories';
import { type OwnDatabase, ownDatabase } from '../support/own-database';
import { payOrder } from '../support/payments';
import { signedInStaff } from '../support/staff';

/**
 * The affiliate programme (docs/decisions/070-affiliate-programme.md, docs/decisions/071-referral-consent.md) on a
 * database of its own: the holding job approves every due line, so another file's would be approved too.
 */
let own: OwnDatabase;
let publicKey = '';
const DAY = 86_400_000;
const base = { regionId: 'los-angeles', imageId: 'ubuntu-24.04', planId: 'std-1c1g', currency: 'USD' };

beforeAll(async () => {
  own = await ownDatabase('affiliates');
  const key = await call(own.app, 'GET', '/api/auth/public-key');
  publicKey = (key.json.message as { publicKey: string }).publicKey;
});
afterAll(async () => {
  await own?.drop();
});

const unique = () => `a${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
const address = () =>
  `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
const encrypt = (password: string) =>
  publicEncrypt(
    { key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(password),
  ).toString('base64');

type Customer = Awaited<ReturnType<typeof signedInCustomer>>;

async function join(who: Customer, ip = address()): Promise<string> {
  const terms = await call(own.app, 'GET', '/api/affiliate/terms');
  const res = await call(own.app, 'POST', '/api/affiliate/join', {
    json: { termsVersion: (terms.json.message as { version: number }).version },
    headers: { ...who.headers, 'x-forwarded-for': ip },
  });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return (res.json.message as { code: string }).code;
}

/** The beacon a page with `?aff=` sends; answers the token the browser keeps in the cookie when consent allows. */
async function click(code: string, ip = address()): Promise<string | null> {
  const res = await call(own.app, 'POST', '/api/affiliate/click', {
    json: { code, path: '/vps' },
    headers: { 'x-forwarded-for': ip, origin: 'http://localhost:3000' },
  });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return (res.json.message as { token: string | null }).token;
}

/** Signs up with the referral cookie (or none: consent refused), activates from the mail and signs in. */
async function signUp(token: string | null, email = `${unique()}@example.com`, ip = address()) {
  const res = await call(own.app, 'POST', '/api/register', {
    json: { email, password: encrypt('lantern harbor 42'), acceptTerms: true, locale: 'ja' },
    headers: { 'x-forwarded-for': ip, ...(token ? { cookie: `affRef=${token}` } : {}) },
  });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  const [user] = await own.db.select().from(users).where(eq(users.email, email));
  // An address that had an account already gets a mail saying so, not an activation link.
  if (!user || user.status === 'active') return user;
  const [mail] = await own.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, email));
  const code = mail?.text.match(/activate\?code=([A-Za-z0-9_-]+)/)?.[1];
  expect((await call(own.app, 'POST', '/api/activate', { json: { code } })).status).toBe(200);
  return user;
}

async function referralOf(userId: number) {
  const [row] = await own.db.select().from(affiliateReferrals).where(eq(affiliateReferrals.referredUserId, userId));
  return row;
}

async function sessionFor(userId: number): Promise<Customer> {
  const { createSession } = await import('../../src/server/auth/sessions');
  const [user] = await own.db.select().from(users).where(eq(users.id, userId));
  const session = await createSession(own.db, userId);
  if (!user) throw new Error('no user');
  await own.db.update(users).set({ billingCountry: 'US' }).where(eq(users.id, userId));
  return { user, headers: { cookie: `sid=${session.sessionToken}`, 'x-csrf-token': session.csrfToken } };
}

async function paidOrder(who: Customer) {
  const res = await call(own.app, 'POST', '/api/home/coupon-server/order/create', {
    json: { ...base, idempotencyKey: crypto.randomUUID() },
    headers: who.headers,
  });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  const made = res.json.message as { number: string; totalMinor: number; currency: string };
  const [row] = await own.db.select().from(orders).where(eq(orders.number, made.number));
  expect((await payOrder(own.app, { ...made, totalMinor: row?.totalInclTaxMinor ?? 0 })).status).toBe(200);
  const [paid] = await own.db.select().from(orders).where(eq(orders.number, made.number));
  if (!paid) throw new Error('order missing');
  return paid;
}

async function ledger(orderId: number) {
  return own.db
    .select()
    .from(affiliateCommissions)
    .where(eq(affiliateCommissions.orderId, orderId))
    .orderBy(affiliateCommissions.id);
}

describe('attribution and the ledger', () => {
  it('click → sign-up → activation → paid order → pending → approved after the holding period → refund reverses', async () => {
    const affiliate = await signedInCustomer({}, own.db);
    const code = await join(affiliate);
    expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{10}$/);
    const token = await click(code);
    expect(token).toBeTruthy();
    const friend = await signUp(token);
    expect((await referralOf(friend?.id ?? 0))?.status).toBe('active');

    const order = await paidOrder(await sessionFor(friend?.id ?? 0));
    const [earn] = await ledger(order.id);
    // 15 % of the total excluding tax, pending for 30 days.
    expect(earn).toMatchObject({ kind: 'earn', status: 'pending', amountMinor: Math.round(order.totalMinor * 0.15) });
    expect(earn?.amountUsdCents).toBe(Math.round(order.totalMinor * 0.15));

    // Before the holding period ends nothing moves; after it, the line is approved.
    await approveHeldCommissions(own.db, new Date(Date.now() + 29 * DAY));
    expect((await ledger(order.id))[0]?.status).toBe('pending');
    await approveHeldCommissions(own.db, new Date(Date.now() + 31 * DAY));
    expect((await ledger(order.id))[0]?.status).toBe('approved');

    // A refund after approval reverses it with a negative line, approved at once: the order nets to zero.
    await own.db.transaction(async (tx) => {
      await tx.execute(sql`update orders set status = 'refund_pending' where id = ${order.id}`);
    });
    const { transitionOrders } = await import('../../src/server/orders/lifecycle');
    await own.db.transaction((tx) =>
      transitionOrders(tx, [order.id], {
        from: ['refund_pending'],
        to: 'refunded',
        reason: 'refund made',
        actor: 'payment',
        at: new Date(),
      }),
    );
    const lines = await ledger(order.id);
    expect(lines.map((l) => [l.kind, l.status])).toEqual([
      ['earn', 'approved'],
      ['reversal', 'approved'],
    ]);
    expect(lines.reduce((s, l) => s + l.amountMinor, 0)).toBe(0);
    expect(lines.reduce((s, l) => s + l.amountUsdCents, 0)).toBe(0);

    // The affiliate's dashboard shows the click, the sign-up and the order, and no e-mail of anyone.
    const me = await call(own.app, 'GET', '/api/affiliate/me', { headers: affiliate.headers });
    expect(me.json.message).toMatchObject({ affiliate: { clicks: 1, signUps: 1, orders: 1 } });
    expect(me.text).not.toContain('@');
  });

  it("a manager's partial refund, once made, reverses its share; the rest nets the order to zero, never twice", async () => {
    const affiliate = await signedInCustomer({}, own.db);
    const friend = await signUp(await click(await join(affiliate)));
    const order = await paidOrder(await sessionFor(friend?.id ?? 0));
    const manager = await signedInStaff(own.app, own.db, 'manager');
    const refund = (json: Record<string, unknown>) =>
      call(own.app, 'POST', `/api/admin/orders/${order.id}/refund`, { json, headers: manager.headers });
    const made = async () => {
      const [row] = await own.db
        .execute<{ id: number; amount_minor: number }>(
          sql`select id, amount_minor from refunds where order_id = ${order.id} and status = 'pending'`,
        )
        .then((r) => r.rows);
      const body = JSON.stringify({
        id: crypto.randomUUID(),
        type: 'refund.succeeded',
        data: {
          orderNumber: order.number,
          refundId: row?.id,
          amountMinor: row?.amount_minor,
          currency: order.currency,
        },
      });
      const answer = await call(own.app, 'POST', '/api/finance/order-server/pay/notify', {
        body,
        headers: {
          'content-type': 'application/json',
          'cirrus-signature': signatureHeader(process.env.PAYMENT_WEBHOOK_SECRET ?? '', body, Date.now()),
        },
      });
      expect(answer.status, answer.text).toBe(200);
    };
    const half = Math.floor(order.totalInclTaxMinor / 2);
    expect((await refund({ basis: 'amount', amountMinor: half, reason: 'half' })).status).toBe(200);
    // Asked, not yet made: the commission stands.
    expect((await ledger(order.id)).map((l) => l.kind)).toEqual(['earn']);
    await made();
    const [earn, reversal] = await ledger(order.id);
    expect(reversal?.kind).toBe('reversal');
    expect(Math.abs((reversal?.amountMinor ?? 0) + Math.round((earn?.amountMinor ?? 0) / 2))).toBeLessThanOrEqual(1);
    expect((await refund({ basis: 'full', reason: 'the rest' })).status).toBe(200);
    await made();
    const lines = await ledger(order.id);
    expect(lines.map((l) => l.kind)).toEqual(['earn', 'reversal', 'reversal']);
    expect(lines.reduce((sum, l) => sum + l.amountMinor, 0)).toBe(0);
  });

  it('lets the last click before sign-up win, and links a referral once for good', async () => {
    const first = await join(await signedInCustomer({}, own.db));
    const second = await join(await signedInCustomer({}, own.db));
    const visitor = address();
    await click(first, visitor);
    // The browser keeps one cookie: the second click overwrites the first.
    const last = await click(second, visitor);
    const friend = await signUp(last);
    const referral = await referralOf(friend?.id ?? 0);
    const [winner] = await own.db.select().from(affiliates).where(eq(affiliates.code, second));
    expect(referral?.affiliateId).toBe(winner?.id);
  });

  it('counts a flood of clicks from one address once per UTC day, and ignores unknown codes without an error', async () => {
    const code = await join(await signedInCustomer({}, own.db));
    const ip = address();
    const tokens = await Promise.all(Array.from({ length: 20 }, () => click(code, ip)));
    expect(new Set(tokens).size).toBe(1);
    const [me] = await own.db.select().from(affiliates).where(eq(affiliates.code, code));
    const rows = await own.db
      .select()
      .from(affiliateClicks)
      .where(eq(affiliateClicks.affiliateId, me?.id ?? 0));
    expect(rows).toHaveLength(1);
    expect(await click('ZZZZZZZZZZ')).toBeNull();
    expect(await click('<script>')).toBeNull();
    await own.db.update(affiliates).set({ status: 'disabled' }).where(eq(affiliates.code, code));
    expect(await click(code)).toBeNull();
  });

  it('refers nobody without the cookie (consent refused), and does with it (consent given)', async () => {
    const code = await join(await signedInCustomer({}, own.db));
    const token = await click(code);
    const withoutConsent = await signUp(null);
    expect(await referralOf(withoutConsent?.id ?? 0)).toBeUndefined();
    const withConsent = await signUp(token);
    expect((await referralOf(withConsent?.id ?? 0))?.status).toBe('active');
  });

  it('refuses and flags self-referral and existing accounts; a referred customer cannot refer their referrer', async () => {
    const ip = address();
    const affiliate = await signedInCustomer({}, own.db);
    const code = await join(affiliate, ip);
    // The affiliate's own address signing up a second account.
    const self = await signUp(await click(code, ip), `${unique()}@example.com`, ip);
    expect(await referralOf(self?.id ?? 0)).toMatchObject({ status: 'refused', flags: ['same_address'] });
    const [flagged] = await own.db.select().from(affiliates).where(eq(affiliates.code, code));
    expect(flagged?.flags).toContain('same_address');
    // An address at the affiliate's own organisation's mail domain.
    const domain = `${unique()}.test`;
    const org = await signedInCustomer({}, own.db);
    await own.db
      .update(users)
      .set({ email: `boss@${domain}` })
      .where(eq(users.id, org.user.id));
    const orgCode = await join(org);
    const colleague = await signUp(await click(orgCode), `staff@${domain}`);
    expect(await referralOf(colleague?.id ?? 0)).toMatchObject({ status: 'refused', flags: ['same_mail_domain'] });

    // A referred friend joins; their referrer, who has an account, cannot be referred back.
    const friend = await signUp(await click(code));
    expect((await referralOf(friend?.id ?? 0))?.status).toBe('active');
    const friendCode = await join(await sessionFor(friend?.id ?? 0));
    await signUp(await click(friendCode), affiliate.user.email);
    expect(await referralOf(affiliate.user.id)).toMatchObject({ status: 'refused', flags: ['existing_account'] });
    // Nothing it pays earns anyone anything.
    const order = await paidOrder(affiliate);
    expect(await ledger(order.id)).toEqual([]);
  });
});

describe('the ledger under concurrency', () => {
  it('sums exactly after 100 concurrent payments and refunds of referred customers', async () => {
    const code = await join(await signedInCustomer({}, own.db));
    const friends = await Promise.all(
      Array.from({ length: 4 }, async () => sessionFor((await signUp(await click(code)))?.id ?? 0)),
    );
    // 100 orders, unpaid.
    const made = await Promise.all(
      Array.from({ length: 100 }, async (_, i) => {
        const who = friends[i % friends.length] as Customer;
        const res = await call(own.app, 'POST', '/api/home/coupon-server/order/create', {
          json: { ...base, idempotencyKey: crypto.randomUUID() },
          headers: who.headers,
        });
        const answer = res.json.message as { number: string; currency: string };
        const [row] = await own.db.select().from(orders).where(eq(orders.number, answer.number));
        return {
          number: answer.number,
          currency: answer.currency,
          totalMinor: row?.totalInclTaxMinor ?? 0,
          id: row?.id ?? 0,
          excl: row?.totalMinor ?? 0,
        };
      }),
    );
    // All paid at once, each also partly refunded twice at once (a third each) while payments land.
    // A pool as wide as a worker's, so the payments really overlap instead of queueing for a connection.
    const wide = createDatabase(own.url, { max: 20 });
    const wideApp = createApp({ db: wide });
    // Ten at a time: each payment issues its invoice, which on a two-core runner outlasts the pool's wait for a
    // connection when all hundred queue at once.
    const paid = [];
    for (let i = 0; i < made.length; i += 10) {
      paid.push(...(await Promise.all(made.slice(i, i + 10).map((o) => payOrder(wideApp, o)))));
    }
    expect(paid.filter((p) => p.status !== 200).map((p) => p.text)).toEqual([]);
    await Promise.all(
      made.flatMap((o) =>
        ['r1', 'r2', 'r1'].map((refundId) =>
          wide.transaction((tx) =>
            reverseCommission(tx, {
              orderId: o.id,
              refundId: `${o.number}-${refundId}`,
              refundedExclTaxMinor: Math.floor(o.excl / 3),
              currency: o.currency,
            }),
          ),
        ),
      ),
    );
    await wide.$client.end();
    const [me] = await own.db.select().from(affiliates).where(eq(affiliates.code, code));
    const lines = await own.db
      .select()
      .from(affiliateCommissions)
      .where(eq(affiliateCommissions.affiliateId, me?.id ?? 0));
    const earns = lines.filter((l) => l.kind === 'earn');
    expect(earns).toHaveLength(100);
    // Each order: one earn, two reversals (the repeated refund id reverses once), the rest kept exactly.
    for (const o of made) {
      const own_ = lines.filter((l) => l.orderId === o.id);
      expect(own_).toHaveLength(3);
      const earn = own_.find((l) => l.kind === 'earn');
      const reversedBase = own_.filter((l) => l.kind === 'reversal').reduce((s, l) => s + l.baseMinor, 0);
      const net = own_.reduce((s, l) => s + l.amountMinor, 0);
      expect(net).toBe(
        Math.round(((earn?.amountMinor ?? 0) * ((earn?.baseMinor ?? 0) - reversedBase)) / (earn?.baseMinor ?? 1)),
      );
    }
    // A full refund of every order afterwards brings the whole ledger to zero, to the cent.
    await Promise.all(
      made.map((o) =>
        own.db.transaction((tx) =>
          reverseCommission(tx, {
            orderId: o.id,
            refundId: `${o.number}-full`,
            refundedExclTaxMinor: o.excl,
            currency: o.currency,
          }),
        ),
      ),
    );
    const [sums] = await own.db
      .select({
        minor: sql<string>`sum(${affiliateCommissions.amountMinor})`,
        usd: sql<string>`sum(${affiliateCommissions.amountUsdCents})`,
      })
      .from(affiliateCommissions)
      .where(and(eq(affiliateCommissions.affiliateId, me?.id ?? 0)));
    expect(Number(sums?.minor)).toBe(0);
    expect(Number(sums?.usd)).toBe(0);
  }, 180_000);

  it('refuses to change a ledger line in place', async () => {
    const [line] = await own.db.select().from(affiliateCommissions).limit(1);
    await expect(
      own.db
        .update(affiliateCommissions)
        .set({ amountMinor: 1 })
        .where(eq(affiliateCommissions.id, line?.id ?? 0)),
    ).rejects.toThrow();
  });
});

describe('the back office', () => {
  it('edits the terms with history; owners and managers only write them, every role reads them', async () => {
    const manager = await signedInStaff(own.app, own.db, 'manager');
    const editor = await signedInStaff(own.app, own.db, 'editor');
    const read = await call(own.app, 'GET', '/api/admin/affiliate-terms/1', { headers: editor.headers });
    expect(read.status).toBe(200);
    const before = read.json.message as Record<string, unknown> & { version: number };
    const edit = {
      ratePercent: '20',
      months: 12,
      cookieDays: 30,
      holdingDays: 30,
      minimumPayoutUsdCents: 5000,
      excludedLineKeys: 'domain, traffic_overage',
    };
    const refused = await call(own.app, 'PUT', '/api/admin/affiliate-terms/1', {
      json: { ...edit, version: before.version },
      headers: editor.headers,
    });
    expect(refused.status).toBe(403);
    const saved = await call(own.app, 'PUT', '/api/admin/affiliate-terms/1', {
      json: { ...edit, version: before.version },
      headers: manager.headers,
    });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    expect(saved.json.message).toMatchObject({ ratePercent: '20.00', excludedLineKeys: ['domain', 'traffic_overage'] });
    // The storefront reads the new version; joining with the one shown before is refused.
    const terms = await call(own.app, 'GET', '/api/affiliate/terms');
    expect(terms.json.message).toMatchObject({ ratePercent: '20.00', version: before.version + 1 });
    const late = await signedInCustomer({}, own.db);
    const stale = await call(own.app, 'POST', '/api/affiliate/join', {
      json: { termsVersion: before.version },
      headers: late.headers,
    });
    expect(stale.json).toMatchObject({ code: 4090, message: 'api.affiliate.termsChanged' });
    // Put back what the other tests and the article expect.
    const restored = await call(own.app, 'PUT', '/api/admin/affiliate-terms/1', {
      json: { ...edit, ratePercent: '15', version: before.version + 1 },
      headers: manager.headers,
    });
    expect(restored.status).toBe(200);
  });

  it("pays approved balances in the month's batch: balance with no minimum, PayPal above it; marked paid; as CSV", async () => {
    const owner = await signedInStaff(own.app, own.db, 'owner');
    const support = await signedInStaff(own.app, own.db, 'support');
    const toBalance = await signedInCustomer({}, own.db);
    const balanceCode = await join(toBalance);
    const toPaypal = await signedInCustomer({}, own.db);
    const paypalCode = await join(toPaypal);
    await call(own.app, 'PUT', '/api/affiliate/payout-method', {
      json: { payoutMethod: 'paypal', payoutAccount: 'pay@example.com' },
      headers: toPaypal.headers,
    });
    for (const code of [balanceCode, paypalCode]) {
      const friend = await sessionFor((await signUp(await click(code)))?.id ?? 0);
      await paidOrder(friend);
    }
    await approveHeldCommissions(own.db, new Date(Date.now() + 31 * DAY));
    const batch = new Date().toISOString().slice(0, 7);
    // Support may read the ledger but not make payouts.
    expect((await call(own.app, 'GET', '/api/admin/affiliate-commissions', { headers: support.headers })).status).toBe(
      200,
    );
    const notAllowed = await call(own.app, 'POST', '/api/admin/affiliate-payouts', {
      json: { batch },
      headers: support.headers,
    });
    expect(notAllowed.status).toBe(403);
    const made = await call(own.app, 'POST', '/api/admin/affiliate-payouts', {
      json: { batch },
      headers: owner.headers,
    });
    expect(made.status, JSON.stringify(made.json)).toBe(200);
    const list = await call(own.app, 'GET', `/api/admin/affiliate-payouts?batch=${batch}`, { headers: owner.headers });
    const items = (
      list.json.message as { items: { id: number; affiliateCode: string; method: string; status: string }[] }
    ).items;
    // One order of a std-1c1g plan is below the $50 minimum: the PayPal affiliate waits, the balance one is paid.
    expect(items.find((i) => i.affiliateCode === balanceCode)).toMatchObject({ method: 'balance', status: 'due' });
    expect(items.find((i) => i.affiliateCode === paypalCode)).toBeUndefined();
    const payout = items.find((i) => i.affiliateCode === balanceCode);
    const paid = await call(own.app, 'POST', `/api/admin/affiliate-payouts/${payout?.id}/mark-paid`, {
      json: { reference: 'BAL-0001' },
      headers: owner.headers,
    });
    expect(paid.status, JSON.stringify(paid.json)).toBe(200);
    const again = await call(own.app, 'POST', `/api/admin/affiliate-payouts/${payout?.id}/mark-paid`, {
      json: { reference: 'BAL-0002' },
      headers: owner.headers,
    });
    expect(again.status).toBe(409);
    const me = await call(own.app, 'GET', '/api/affiliate/me', { headers: toBalance.headers });
    const mine = (me.json.message as { affiliate: { commissionUsdCents: { approved: number; paid: number } } })
      .affiliate;
    expect(mine.commissionUsdCents.approved).toBe(0);
    expect(mine.commissionUsdCents.paid).toBeGreaterThan(0);
    const csv = await call(own.app, 'GET', `/api/admin/affiliate-payouts/export?batch=${batch}`, {
      headers: owner.headers,
    });
    expect(csv.status).toBe(200);
    expect(csv.text).toContain(balanceCode);
    expect(csv.text).toContain('BAL-0001');
  });
});

describe('the payout method', () => {
  const choose = (who: Customer, json: Record<string, unknown>, lang = 'en') =>
    call(own.app, 'PUT', '/api/affiliate/payout-method', {
      json,
      headers: { ...who.headers, 'accept-language': lang, cookie: `${who.headers.cookie}; NEXT_LOCALE=${lang}` },
    });
  const mine = async (who: Customer) =>
    (
      (await call(own.app, 'GET', '/api/affiliate/me', { headers: who.headers })).json.message as {
        affiliate: { payoutMethod: string; payoutAccount: string | null; nextPayout: { minimumUsdCents: number } };
        terms: { minimumPayoutUsdCents: number };
      }
    ).affiliate;
  const stored = async (who: Customer) =>
    (await own.db.select().from(affiliates).where(eq(affiliates.userId, who.user.id)))[0];

  it('takes PayPal with its e-mail and shows it back masked, with the minimum that applies to it', async () => {
    const affiliate = await signedInCustomer({}, own.db);
    await join(affiliate);
    const res = await choose(affiliate, { payoutMethod: 'paypal', payoutAccount: '  payme@example.com ' });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect((await stored(affiliate))?.payoutAccount).toBe('payme@example.com');
    const me = await mine(affiliate);
    expect(me).toMatchObject({ payoutMethod: 'paypal', payoutAccount: 'p***@example.com' });
    expect(me.nextPayout.minimumUsdCents).toBeGreaterThan(0);
  });

  it('never answers bank details in full: only their last four letters or digits', async () => {
    const affiliate = await signedInCustomer({}, own.db);
    await join(affiliate);
    const details = 'Ada Lovelace, Example Bank, IBAN GB29 NWBK 6016 1331 9268 19';
    expect((await choose(affiliate, { payoutMethod: 'bank', payoutAccount: details })).status).toBe(200);
    const me = await call(own.app, 'GET', '/api/affiliate/me', { headers: affiliate.headers });
    expect((me.json.message as { affiliate: { payoutAccount: string } }).affiliate.payoutAccount).toBe('***6819');
    expect(me.text).not.toContain('Lovelace');
    expect(me.text).not.toContain('GB29');
  });

  it.each([
    ['en', siteEn],
    ['zh', siteZh],
    ['ja', siteJa],
  ])('refuses a PayPal account that is not an e-mail address with 422 at the field (%s)', async (lang, messages) => {
    const affiliate = await signedInCustomer({}, own.db);
    await join(affiliate);
    const res = await choose(affiliate, { payoutMethod: 'paypal', payoutAccount: 'not an address' }, lang);
    expect(res.status).toBe(422);
    expect(res.json.fields).toEqual({ payoutAccount: 'validation.email' });
    // The form shows the key in the reader's language, at the field.
    expect(messages.validation.email).toMatch(/name@example\.com/);
    expect((await stored(affiliate))?.payoutMethod).toBe('balance');
    const missing = await choose(affiliate, { payoutMethod: 'bank', payoutAccount: ' ' }, lang);
    expect(missing.status).toBe(422);
    expect(missing.json.fields).toEqual({ payoutAccount: 'api.field.required' });
  });

  it('clears the stored account when the affiliate goes back to the balance, which has no minimum', async () => {
    const affiliate = await signedInCustomer({}, own.db);
    await join(affiliate);
    expect((await choose(affiliate, { payoutMethod: 'paypal', payoutAccount: 'payme@example.com' })).status).toBe(200);
    expect((await mine(affiliate)).payoutAccount).toBe('p***@example.com');
    const res = await choose(affiliate, { payoutMethod: 'balance', payoutAccount: 'payme@example.com' });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect((await stored(affiliate))?.payoutAccount).toBeNull();
    const me = await mine(affiliate);
    expect(me).toMatchObject({ payoutMethod: 'balance', payoutAccount: null, nextPayout: { minimumUsdCents: 0 } });
  });
});

describe('the audit log', () => {
  it("records the holding job's approvals as the system: one entry per batch naming the lines", async () => {
    const owner = await signedInStaff(own.app, own.db, 'owner');
    const affiliate = await signedInCustomer({}, own.db);
    const friend = await sessionFor((await signUp(await click(await join(affiliate))))?.id ?? 0);
    const order = await paidOrder(friend);
    const [earn] = await ledger(order.id);
    expect(earn?.status).toBe('pending');
    expect(await approveHeldCommissions(own.db, new Date(Date.now() + 31 * DAY))).toBeGreaterThan(0);
    const log = await call(own.app, 'GET', '/api/admin/audit?kind=affiliateCommission', { headers: owner.headers });
    expect(log.status, JSON.stringify(log.json)).toBe(200);
    const entries = (
      log.json.message as {
        items: {
          action: string;
          staff: unknown;
          before: { status?: string };
          after: { system?: string; ids?: number[] };
        }[];
      }
    ).items;
    const approval = entries.find((e) => e.after?.ids?.includes(earn?.id ?? 0));
    expect(approval).toMatchObject({
      action: 'update',
      staff: null,
      before: { status: 'pending' },
      after: { status: 'approved', system: 'affiliateHolding' },
    });
  });
});
