import { describe, expect, it } from 'vitest';
import { call, testApp } from '../support/api';
import { signedInCustomer } from '../support/factories';

/**
 * Requests a careless client or an attacker sends (docs/decisions/034-hostile-input.md): another site's forms,
 * control characters, ids beyond the columns' range, values of the wrong type. Each is a 4xx naming the field,
 * never a 500.
 */
const app = testApp();
const json = { 'content-type': 'application/json' };

describe('writes from another site', () => {
  const forged = JSON.stringify({ account: 'attacker@example.com', password: 'x' });

  it('refuses a text/plain form body, the kind any page can post without asking (415)', async () => {
    for (const path of ['/api/login', '/api/contact', '/api/register']) {
      const res = await call(app, 'POST', path, { body: forged, headers: { 'content-type': 'text/plain' } });
      expect(res.status, path).toBe(415);
      expect(res.json, path).toEqual({ code: 4150, message: 'api.unsupportedMediaType' });
    }
    const form = await call(app, 'POST', '/api/login', {
      body: 'account=a&password=b',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(415);
  });

  it('refuses another Origin, Origin null, and a cross-site Sec-Fetch-Site without Origin (403)', async () => {
    const forgers: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { origin: 'http://localhost.evil.example' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
    ];
    for (const headers of forgers) {
      for (const path of ['/api/login', '/api/contact']) {
        const res = await call(app, 'POST', path, {
          body: forged,
          headers: { ...json, ...headers },
        });
        expect(res.status, `${path} ${JSON.stringify(headers)}`).toBe(403);
        expect(res.json).toEqual({ code: 4030, message: 'api.crossSite' });
      }
    }
  });

  it('refuses it before the session is looked at, for signed-in calls too', async () => {
    const { headers } = await signedInCustomer();
    const res = await call(app, 'POST', '/api/logout', { headers: { ...headers, origin: 'https://evil.example' } });
    expect(res.status).toBe(403);
    expect((await call(app, 'GET', '/api/auth/me', { headers })).status).toBe(200);
  });

  it('lets the site itself and clients that are not browsers through', async () => {
    const body = JSON.stringify({ account: `nobody-${Date.now()}@example.com`, password: 'x' });
    const allowed: Record<string, string>[] = [
      { origin: 'http://localhost' },
      { 'sec-fetch-site': 'same-origin' },
      { 'sec-fetch-site': 'none' },
      {},
    ];
    for (const headers of allowed) {
      const res = await call(app, 'POST', '/api/login', { body, headers: { ...json, ...headers } });
      // Past the guard: the password does not decrypt, a field error.
      expect(res.status, JSON.stringify(headers)).toBe(422);
    }
    // Reads stay open to any origin: the same-origin policy keeps the answer from the other site.
    const read = await call(app, 'GET', '/api/build', { headers: { origin: 'https://evil.example' } });
    expect(read.status).toBe(200);
  });

  it('sends nosniff with every API answer', async () => {
    for (const res of [await call(app, 'GET', '/api/build'), await call(app, 'GET', '/api/nope')]) {
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });
});

describe('control characters, huge ids and wrong types', () => {
  it('refuses a NUL in a query or a JSON string with 422 naming the field', async () => {
    const cases: [string, string, Record<string, unknown> | undefined, string][] = [
      ['GET', '/api/cvm/get/image?regionId=%00', undefined, 'regionId'],
      ['GET', '/api/cvm/area/search?language=en%00', undefined, 'language'],
      ['GET', '/api/build?x=%01', undefined, 'x'],
      ['POST', '/api/ac/coupon/search', { product: '\u0000' }, 'product'],
      [
        'POST',
        '/api/product/cvm/quote',
        { regionId: 'hong-kong\u0000', imageId: 'a', planId: 'b', currency: 'USD' },
        'regionId',
      ],
      ['POST', '/api/domain/suffix/search', { category: '\u0000' }, 'category'],
      ['POST', '/api/domain/suffix/check', { name: 'exa\u0000mple' }, 'name'],
      ['POST', '/api/seniorManage/jobs/search', { department: '\u0007' }, 'department'],
      ['POST', '/api/finance/order-server/pay/getMoneyType', { x: '\u0000' }, 'x'],
    ];
    for (const [method, path, body, field] of cases) {
      const res = await call(app, method, path, body ? { json: body } : {});
      expect(res.status, path).toBe(422);
      expect(res.json.fields?.[field], path).toBe('api.field.invalid');
    }
  });

  it('refuses NULs in signed-in writes: order creation and opening a group', async () => {
    const { headers } = await signedInCustomer();
    const order = await call(app, 'POST', '/api/home/coupon-server/order/create', {
      json: {
        regionId: 'hong-kong',
        imageId: 'ubuntu\u0000',
        planId: 'std-1c1g',
        currency: 'USD',
        idempotencyKey: 'k-12345678',
      },
      headers,
    });
    expect(order.status).toBe(422);
    const group = await call(app, 'POST', '/api/activity/create', {
      json: { offerId: 1, imageId: '\u0000', currency: 'USD', idempotencyKey: 'k-12345678' },
      headers,
    });
    expect(group.status).toBe(422);
  });

  it('refuses ids beyond the integer columns (2^31 - 1) as invalid, not 500', async () => {
    const base = { regionId: 'hong-kong', imageId: 'ubuntu-24.04', planId: 'std-1c1g', currency: 'USD' };
    for (const field of ['saleItemId', 'userCouponId']) {
      for (const value of [99_999_999_999, '99999999999', 2_147_483_648, -1, 0, 1.5]) {
        const res = await call(app, 'POST', '/api/product/cvm/quote', { json: { ...base, [field]: value } });
        expect(res.status, `${field}=${value}`).toBe(422);
        expect(res.json.fields?.[field], `${field}=${value}`).toBe('api.field.invalid');
      }
    }
    const { headers } = await signedInCustomer();
    const claim = await call(app, 'POST', '/api/ac/coupon/receive', { json: { couponId: 99_999_999_999 }, headers });
    expect(claim.json.fields).toEqual({ couponId: 'api.field.invalid' });
  });

  it('reports a value of the wrong type as invalid and a missing one as required', async () => {
    const { headers } = await signedInCustomer();
    const wrong = [true, 'abc', [5], { id: 5 }, null];
    for (const couponId of wrong) {
      const res = await call(app, 'POST', '/api/ac/coupon/receive', { json: { couponId }, headers });
      expect(res.json.fields, JSON.stringify(couponId)).toEqual({ couponId: 'api.field.invalid' });
    }
    const missing = await call(app, 'POST', '/api/ac/coupon/receive', { json: {}, headers });
    expect(missing.json.fields).toEqual({ couponId: 'api.field.required' });
    const typed = await call(app, 'POST', '/api/contact', {
      json: { name: 5, email: [], topic: 'sales', message: {} },
    });
    expect(typed.json.fields).toMatchObject({
      name: 'api.field.invalid',
      email: 'api.field.invalid',
      message: 'api.field.invalid',
    });
  });

  it('refuses a body nested deeper than any input, and one that is not JSON', async () => {
    // Written out: JSON.stringify itself recurses too deep for this.
    const deep = `{"product":${'['.repeat(20_000)}"x"${']'.repeat(20_000)}}`;
    const nested = await call(app, 'POST', '/api/ac/coupon/search', { body: deep, headers: json });
    expect(nested.status).toBe(422);
    const broken = await call(app, 'POST', '/api/ac/coupon/search', { body: '{"product":', headers: json });
    expect(broken.json).toEqual({ code: 4001, message: 'api.malformedJson' });
  });
});
