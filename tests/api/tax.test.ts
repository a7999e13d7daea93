import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import en from '../../src/i18n/messages/en.json';
import ja from '../../src/i18n/messages/ja.json';
import zh from '../../src/i18n/messages/zh.json';
import { orders, users } from '../../src/server/db/schema';
import { call, testApp, testDb } from '../support/api';
import { signedInCustomer } from '../support/factories';

/**
 * Tax in the quote and the order (docs/decisions/066-tax.md): one line per rate on the total excluding tax, rounded
 * half up to the currency's minor unit, the rule kept with the order; the billing profile kept on the account.
 * Seeded: std-1c1g in Los Angeles is $5.00 a month, HK$38.90, ¥771 (rates 7.78 and 154.2).
 */
const app = testApp();
const db = testDb();
const base = { regionId: 'los-angeles', imageId: 'ubuntu-24.04', planId: 'std-1c1g' };
/** A German VAT number with valid check digits (the format jsvat checks). */
const GERMAN_VAT = 'DE136695976';

type TaxLine = { name: string; ratePercent: string; baseMinor: number; taxMinor: number; reverseCharge: boolean };
type Quote = {
  totalMinor: number;
  billingCountry: string | null;
  taxLines: TaxLine[];
  taxMinor: number;
  totalInclTaxMinor: number;
};

async function quote(body: Record<string, unknown>, language = 'en') {
  const res = await call(app, 'POST', '/api/product/cvm/quote', {
    json: { ...base, ...body },
    headers: { cookie: `NEXT_LOCALE=${language}` },
  });
  return res;
}

async function quoted(body: Record<string, unknown>, language = 'en'): Promise<Quote> {
  const res = await quote(body, language);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.message as Quote;
}

describe('golden tax cases in USD, HKD and JPY', () => {
  // [who, billing, currency, total excluding tax, tax name, rate, tax, reverse charge]
  const cases: [string, Record<string, string>, string, number, string, string, number, boolean][] = [
    ['a Japanese consumer', { billingCountry: 'JP' }, 'JPY', 771, '消費税', '10.00', 77, false],
    ['a Japanese consumer', { billingCountry: 'JP' }, 'USD', 500, '消費税', '10.00', 50, false],
    ['a Japanese consumer', { billingCountry: 'JP' }, 'HKD', 3890, '消費税', '10.00', 389, false],
    ['Singapore', { billingCountry: 'SG' }, 'USD', 500, '物品サービス税（GST）', '9.00', 45, false],
    ['Singapore', { billingCountry: 'SG' }, 'HKD', 3890, '物品サービス税（GST）', '9.00', 350, false],
    ['Singapore', { billingCountry: 'SG' }, 'JPY', 771, '物品サービス税（GST）', '9.00', 69, false],
    ['a German consumer', { billingCountry: 'DE' }, 'USD', 500, '付加価値税', '19.00', 95, false],
    ['a German consumer', { billingCountry: 'DE' }, 'HKD', 3890, '付加価値税', '19.00', 739, false],
    ['a German consumer', { billingCountry: 'DE' }, 'JPY', 771, '付加価値税', '19.00', 146, false],
    [
      'a German business',
      { billingCountry: 'DE', billingTaxId: GERMAN_VAT },
      'USD',
      500,
      '付加価値税',
      '19.00',
      0,
      true,
    ],
    [
      'a German business',
      { billingCountry: 'DE', billingTaxId: GERMAN_VAT },
      'JPY',
      771,
      '付加価値税',
      '19.00',
      0,
      true,
    ],
    ['Hong Kong', { billingCountry: 'HK' }, 'HKD', 3890, '付加価値税・GST なし', '0.00', 0, false],
    ['the United States', { billingCountry: 'US' }, 'USD', 500, '売上税なし', '0.00', 0, false],
  ];
  it.each(cases)('%s %j in %s', async (_, billing, currency, total, name, rate, tax, reverseCharge) => {
    const q = await quoted({ ...billing, currency }, 'ja');
    expect(q.totalMinor).toBe(total);
    expect(q.billingCountry).toBe(billing.billingCountry);
    expect(q.taxLines).toEqual([{ name, ratePercent: rate, baseMinor: total, taxMinor: tax, reverseCharge }]);
    expect(q.taxMinor).toBe(tax);
    expect(q.totalInclTaxMinor).toBe(total + tax);
  });

  it('names the tax in the language asked', async () => {
    expect((await quoted({ billingCountry: 'JP', currency: 'JPY' }, 'en')).taxLines[0]?.name).toBe('Consumption tax');
    expect((await quoted({ billingCountry: 'DE', currency: 'USD' }, 'zh')).taxLines[0]?.name).toBe('增值税');
  });

  it('rounds once on the total, half up: ¥3,855 at 10 % is ¥386 (not five times ¥77), $5.00 at 25.5 % is $1.28', async () => {
    const yen = await quoted({ billingCountry: 'JP', currency: 'JPY', quantity: 5 });
    expect(yen.totalMinor).toBe(3855);
    expect(yen.taxMinor).toBe(386);
    // Finland's 25.5 %: 127.5 cents, half a cent, rounds up.
    const cents = await quoted({ billingCountry: 'FI', currency: 'USD' });
    expect(cents.taxMinor).toBe(128);
    expect(cents.totalInclTaxMinor).toBe(628);
  });

  it('charges no tax for a country without a rule, and computes none before a country is chosen', async () => {
    const brazil = await quoted({ billingCountry: 'BR', currency: 'USD' });
    expect(brazil.taxLines).toEqual([]);
    expect(brazil.totalInclTaxMinor).toBe(500);
    const none = await quoted({ currency: 'USD' });
    expect(none.billingCountry).toBeNull();
    expect(none.taxMinor).toBe(0);
  });
});

describe('bad billing input is a 422 at its field, in three languages', () => {
  it.each([
    ['an unknown country', { billingCountry: 'XX' }, 'billingCountry', 'api.billing.countryUnknown'],
    [
      'a malformed tax id',
      { billingCountry: 'DE', billingTaxId: 'DE123' },
      'billingTaxId',
      'api.billing.taxIdMalformed',
    ],
    [
      'a tax id of another country',
      { billingCountry: 'FR', billingTaxId: GERMAN_VAT },
      'billingTaxId',
      'api.billing.taxIdOtherCountry',
    ],
    [
      "another EU country's VAT number for a country without VAT numbers",
      { billingCountry: 'JP', billingTaxId: GERMAN_VAT },
      'billingTaxId',
      'api.billing.taxIdOtherCountry',
    ],
  ])('%s', async (_, billing, field, key) => {
    const res = await quote({ ...billing, currency: 'USD' });
    expect(res.status).toBe(422);
    expect(res.json.fields).toEqual({ [field]: key });
    const [group, name] = key.replace('api.', '').split('.') as ['billing', string];
    for (const messages of [en, zh, ja]) {
      expect((messages.api[group] as Record<string, string>)[name]).toMatch(/\S/);
    }
  });

  it('an order with any of them saves nothing: no order, the profile unchanged', async () => {
    const buyer = await signedInCustomer({ billingCountry: 'JP' });
    for (const billing of [
      { billingCountry: 'XX' },
      { billingCountry: 'DE', billingTaxId: 'DE123' },
      { billingCountry: 'FR', billingTaxId: GERMAN_VAT },
    ]) {
      const res = await call(app, 'POST', '/api/home/coupon-server/order/create', {
        json: { ...base, currency: 'USD', idempotencyKey: crypto.randomUUID(), ...billing },
        headers: buyer.headers,
      });
      expect(res.status).toBe(422);
    }
    expect(await db.select().from(orders).where(eq(orders.userId, buyer.user.id))).toEqual([]);
    const [kept] = await db.select().from(users).where(eq(users.id, buyer.user.id));
    expect([kept?.billingCountry, kept?.billingTaxId]).toEqual(['JP', null]);
  });

  it('an order without a billing country, from an account without one, is refused at the field', async () => {
    const buyer = await signedInCustomer({ billingCountry: null });
    const res = await call(app, 'POST', '/api/home/coupon-server/order/create', {
      json: { ...base, currency: 'USD', idempotencyKey: crypto.randomUUID() },
      headers: buyer.headers,
    });
    expect(res.status).toBe(422);
    expect(res.json.fields).toEqual({ billingCountry: 'api.billing.countryRequired' });
    expect(await db.select().from(orders).where(eq(orders.userId, buyer.user.id))).toEqual([]);
  });
});

describe('the order keeps its tax and the rule, the account its billing profile', () => {
  it('stores the tax lines with the rule, answers the total with tax, and offers the profile next time', async () => {
    const buyer = await signedInCustomer({ billingCountry: null, locale: 'ja' });
    const profile = () => call(app, 'GET', '/api/account/billing-profile', { headers: buyer.headers });
    expect((await profile()).json.message).toEqual({ billingCountry: null, billingCompany: null, billingTaxId: null });
    const res = await call(app, 'POST', '/api/home/coupon-server/order/create', {
      json: {
        ...base,
        currency: 'USD',
        idempotencyKey: crypto.randomUUID(),
        billingCountry: 'de',
        billingCompany: ' Beispiel GmbH ',
        billingTaxId: 'de 136 695 976',
      },
      headers: buyer.headers,
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const answer = res.json.message as { number: string; taxMinor: number; totalInclTaxMinor: number };
    expect([answer.taxMinor, answer.totalInclTaxMinor]).toEqual([0, 500]);
    const [row] = await db.select().from(orders).where(eq(orders.number, answer.number));
    expect(row?.billingProfile).toEqual({
      country: 'DE',
      company: 'Beispiel GmbH',
      taxId: GERMAN_VAT,
      // No VAT_VALIDATION_URL in the tests: format and check digits only, recorded so.
      taxIdCheck: 'format',
    });
    expect(row?.taxLines).toMatchObject([{ country: 'DE', ratePercent: '19.00', taxMinor: 0, reverseCharge: true }]);
    expect(row?.taxRuleId).toBe(row?.taxLines[0]?.ruleId);
    expect(row?.config).not.toHaveProperty('billingCountry');
    expect((await profile()).json.message).toEqual({
      billingCountry: 'DE',
      billingCompany: 'Beispiel GmbH',
      billingTaxId: GERMAN_VAT,
    });

    // The next order without billing fields is billed as the account says.
    const next = await call(app, 'POST', '/api/home/coupon-server/order/create', {
      json: { ...base, currency: 'JPY', idempotencyKey: crypto.randomUUID() },
      headers: buyer.headers,
    });
    expect(next.status).toBe(200);
    expect(next.json.message).toMatchObject({ billingCountry: 'DE', taxMinor: 0, totalInclTaxMinor: 771 });
  });

  it('a Japanese consumer order: ¥771 + ¥77 consumption tax = ¥848', async () => {
    const buyer = await signedInCustomer({ billingCountry: null, locale: 'ja' });
    const res = await call(app, 'POST', '/api/home/coupon-server/order/create', {
      json: { ...base, currency: 'JPY', idempotencyKey: crypto.randomUUID(), billingCountry: 'JP' },
      headers: buyer.headers,
    });
    expect(res.json.message).toMatchObject({ totalMinor: 771, taxMinor: 77, totalInclTaxMinor: 848 });
  });
});
