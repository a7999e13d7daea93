import { and, desc, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { moderateReview as decideReview } from '../../src/server/admin/resources/support';
import type { SignedInStaff } from '../../src/server/admin/sessions';
import { listApprovedReviews, listReviewsFor } from '../../src/server/api/content/queries';
import { contactMessages, jobs, mailOutbox, reviews, staff } from '../../src/server/db/schema';
import { call, testApp, testDb } from '../support/api';
import { signedInCustomer } from '../support/factories';

const app = testApp();

/** A moderator of the back office (src/server/admin/resources/support.ts), made once for the file. */
let moderator: Promise<SignedInStaff> | undefined;
function theModerator(): Promise<SignedInStaff> {
  moderator ??= testDb()
    .insert(staff)
    .values({ email: `moderator${Date.now().toString(36)}@staff.example.com`, name: 'Moderator', role: 'support' })
    .returning()
    .then(([row]) => {
      if (!row) throw new Error('staff insert failed');
      return { id: row.id, email: row.email, name: row.name, role: row.role, locale: row.locale };
    });
  return moderator;
}

/** Decides a pending review as the back office does; false when it was not pending (409 there). */
async function moderateReview(id: number, decision: 'approved' | 'rejected'): Promise<boolean> {
  try {
    await decideReview(testDb(), await theModerator(), id, decision);
    return true;
  } catch {
    return false;
  }
}

/** The newest pending reviews, as the moderation queue holds them. */
async function pendingIds(): Promise<number[]> {
  const rows = await testDb()
    .select({ id: reviews.id })
    .from(reviews)
    .where(eq(reviews.status, 'pending'))
    .orderBy(desc(reviews.createdAt))
    .limit(100);
  return rows.map((r) => r.id);
}

/** A fresh client address per test, so the per-IP limits of one test never refuse another's calls. */
const freshIp = () => `198.51.100.${Math.floor(Math.random() * 250) + 1}-${crypto.randomUUID().slice(0, 8)}`;

type Review = { id: number; authorName: string; locale: string; rating: number; body: string; createdAt: string };

const listComments = (json: Record<string, unknown> = {}) => call(app, 'POST', '/api/home/footer/comment', { json });
const postComment = (json: Record<string, unknown>, headers: Record<string, string> = {}) =>
  call(app, 'POST', '/api/home/footer/comment', { json, headers: { 'x-forwarded-for': freshIp(), ...headers } });
const validComment = (text = 'Fast servers in Tokyo and a helpful support team. Recommended.') => ({
  authorName: 'Test Customer',
  rating: 5,
  body: `${text} ${crypto.randomUUID()}`,
});

async function allApproved(): Promise<Review[]> {
  const res = await listComments({ row: 50 });
  expect(res.json.code).toBe(2000);
  return res.json.message as Review[];
}

describe('GET /api/home/rating', () => {
  it('answers reviewCount and ratingValue (a string) from the approved reviews only', async () => {
    const rows = await testDb().select().from(reviews).where(eq(reviews.status, 'approved'));
    const average = rows.reduce((sum, r) => sum + r.rating, 0) / rows.length;
    const res = await call(app, 'GET', '/api/home/rating');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      code: 2000,
      message: { reviewCount: rows.length, ratingValue: (Math.round(average * 10) / 10).toFixed(1) },
    });
  });
});

describe('POST /api/home/footer/comment (listing)', () => {
  it('lists approved reviews of every language, newest first, paginated', async () => {
    const first = await listComments({ page: 1, row: 5 });
    expect(first.status).toBe(200);
    const items = first.json.message as Review[];
    expect(items).toHaveLength(5);
    const times = items.map((r) => r.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    const total = Number(first.headers.get('x-total-count'));
    expect(total).toBeGreaterThanOrEqual(12);
    const second = (await listComments({ page: 2, row: 5 })).json.message as Review[];
    expect(second.map((r) => r.id)).not.toContain(items[0]?.id);
    expect(new Set((await allApproved()).map((r) => r.locale))).toEqual(new Set(['en', 'zh', 'ja']));
    // Never the author's account.
    expect(Object.keys(items[0] ?? {}).sort()).toEqual(['authorName', 'body', 'createdAt', 'id', 'locale', 'rating']);
  });

  it('narrows to one language, accepting the long codes of docs/product/screens.md#languages-and-addresses', async () => {
    const res = await listComments({ language: 'ja-JP', row: 50 });
    const items = res.json.message as Review[];
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((r) => r.locale === 'ja')).toBe(true);
    const bad = await listComments({ language: 'fr' });
    expect(bad.status).toBe(422);
    expect(bad.json.fields).toEqual({ language: 'api.field.invalid' });
  });
});

describe('the reviews home shows', () => {
  it("puts the newest in the visitor's language first, then the newest in the others", async () => {
    const all = (await listApprovedReviews(testDb(), { page: 1, row: 500 })).items;
    const own = all.filter((r) => r.locale === 'ja');
    const others = all.filter((r) => r.locale !== 'ja');
    const shown = await listReviewsFor(testDb(), 'ja', { count: 6, ownShare: 4 });
    expect(shown.map((r) => r.id)).toEqual([...own.slice(0, 4), ...others.slice(0, 2)].map((r) => r.id));
    // With more places than the other languages fill, the visitor's language takes the rest.
    const wide = await listReviewsFor(testDb(), 'zh', { count: all.length, ownShare: 1 });
    expect(wide.map((r) => r.locale)).toEqual(
      [...all.filter((r) => r.locale === 'zh'), ...all.filter((r) => r.locale !== 'zh')].map((r) => r.locale),
    );
    expect(wide.map((r) => r.id).sort()).toEqual(all.map((r) => r.id).sort());
  });
});

describe('POST /api/home/footer/comment (posting)', () => {
  it('needs a signed-in customer: 4010 without a session, 4030 without the CSRF token', async () => {
    const anonymous = await postComment(validComment());
    expect(anonymous.status).toBe(401);
    expect(anonymous.json).toEqual({ code: 4010, message: 'api.unauthorized' });
    const { headers } = await signedInCustomer();
    const noCsrf = await postComment(validComment(), { cookie: headers.cookie });
    expect(noCsrf.status).toBe(403);
    expect(noCsrf.json.code).toBe(4030);
  });

  it('refuses empty, oversized and script-bearing text with the field named (4001)', async () => {
    const { headers } = await signedInCustomer();
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ ...validComment(), body: '   ' }, { body: 'forms.error.required' }],
      [{ ...validComment(), body: 'x'.repeat(1001) }, { body: 'forms.error.commentLength' }],
      [{ ...validComment(), body: 'too short' }, { body: 'forms.error.commentLength' }],
      [{ ...validComment(), body: 'Nice host <script>alert(1)</script> really' }, { body: 'forms.error.markup' }],
      [{ ...validComment(), body: 'Click <img src=x onerror=alert(1)> for a prize' }, { body: 'forms.error.markup' }],
      [{ ...validComment(), authorName: '' }, { authorName: 'forms.error.required' }],
      [{ ...validComment(), authorName: '<b>me</b>' }, { authorName: 'forms.error.markup' }],
      [{ ...validComment(), rating: 6 }, { rating: 'forms.error.rating' }],
      [{ ...validComment(), rating: 0 }, { rating: 'forms.error.rating' }],
    ];
    for (const [json, fields] of cases) {
      const res = await postComment(json, headers);
      expect(res.status, JSON.stringify(json).slice(0, 60)).toBe(422);
      expect(res.json).toEqual({ code: 4001, message: 'api.invalidInput', fields });
    }
    // 1000 characters of CJK text are accepted: the limit counts characters, not bytes.
    const cjk = await postComment({ ...validComment(), body: '速'.repeat(1000) }, headers);
    expect(cjk.json.code).toBe(2000);
  });

  it('holds a posted review as pending: not listed until an operator approves it', async () => {
    const { user, headers } = await signedInCustomer();
    const comment = validComment('Pending until approved.');
    const res = await postComment({ ...comment, language: 'en' }, headers);
    expect(res.status).toBe(200);
    const { id, status } = res.json.message as { id: number; status: string };
    expect(status).toBe('pending');

    const [stored] = await testDb().select().from(reviews).where(eq(reviews.id, id));
    expect(stored).toMatchObject({ userId: user.id, status: 'pending', body: comment.body, locale: 'en', rating: 5 });
    expect((await allApproved()).map((r) => r.id)).not.toContain(id);
    expect(await pendingIds()).toContain(id);

    expect(await moderateReview(id, 'approved')).toBe(true);
    const listed = await allApproved();
    expect(listed[0]).toMatchObject({ id, body: comment.body, authorName: 'Test Customer' });
    expect(await pendingIds()).not.toContain(id);
    // A decision is final: approving or rejecting again finds no pending review.
    expect(await moderateReview(id, 'rejected')).toBe(false);
    // Clean up: the rating test counts approved reviews.
    await testDb().delete(reviews).where(eq(reviews.id, id));
  });

  it('keeps a rejected review off the list', async () => {
    const { headers } = await signedInCustomer();
    const res = await postComment(validComment('Rejected one.'), headers);
    const { id } = res.json.message as { id: number };
    expect(await moderateReview(id, 'rejected')).toBe(true);
    expect((await allApproved()).map((r) => r.id)).not.toContain(id);
    expect(await moderateReview(999_999_999, 'approved')).toBe(false);
  });

  it('stores a script payload exactly as typed only when it is plain text, in the visitor language', async () => {
    const { headers } = await signedInCustomer();
    const res = await postComment(
      { authorName: '山田 太郎', rating: 4, body: '1 < 2 かつ a > b でも普通の文字として表示されるはずです。' },
      { ...headers, cookie: `${headers.cookie}; NEXT_LOCALE=ja` },
    );
    expect(res.json.code).toBe(2000);
    const { id } = res.json.message as { id: number };
    const [stored] = await testDb().select().from(reviews).where(eq(reviews.id, id));
    expect(stored?.body).toBe('1 < 2 かつ a > b でも普通の文字として表示されるはずです。');
    expect(stored?.locale).toBe('ja');
  });

  it('rate limits a customer to 3 reviews an hour (4290)', async () => {
    const { headers } = await signedInCustomer();
    for (let i = 0; i < 3; i += 1) {
      expect((await postComment(validComment(), headers)).json.code).toBe(2000);
    }
    const refused = await postComment(validComment(), headers);
    expect(refused.status).toBe(429);
    expect(refused.json).toEqual({ code: 4290, message: 'api.comment.limited' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('POST /api/seniorManage/about/history/search', () => {
  it('lists the milestones oldest first in the visitor language', async () => {
    const res = await call(app, 'POST', '/api/seniorManage/about/history/search', { json: { language: 'zh-CN' } });
    expect(res.status).toBe(200);
    const items = res.json.message as { year: number; month: number; title: string; body: string }[];
    expect(items.length).toBeGreaterThanOrEqual(6);
    const keys = items.map((m) => m.year * 100 + m.month);
    expect([...keys].sort((a, b) => a - b)).toEqual(keys);
    expect(items[0]?.title).toMatch(/[\u4e00-\u9fff]/);
  });

  it('filters by year and orders newest first on request', async () => {
    const all = (await call(app, 'POST', '/api/seniorManage/about/history/search', { json: {} })).json.message as {
      year: number;
    }[];
    const year = all[1]?.year ?? 2017;
    const one = await call(app, 'POST', '/api/seniorManage/about/history/search', { json: { year } });
    const items = one.json.message as { year: number }[];
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((m) => m.year === year)).toBe(true);
    const desc = (
      await call(app, 'POST', '/api/seniorManage/about/history/search', { json: { order: 'desc', language: 'ja' } })
    ).json.message as { year: number }[];
    expect(desc.map((m) => m.year)).toEqual(all.map((m) => m.year).reverse());
    const bad = await call(app, 'POST', '/api/seniorManage/about/history/search', { json: { year: 'soon' } });
    expect(bad.json).toMatchObject({ code: 4001, fields: { year: expect.any(String) } });
  });
});

describe('POST /api/seniorManage/jobs/search', () => {
  type Search = {
    jobs: {
      id: number;
      department: { code: string };
      location: { code: string };
      title: string;
      requirements: string[];
    }[];
    departments: { code: string; name: string; count: number }[];
    locations: { code: string; name: string; count: number }[];
  };
  const search = async (json: Record<string, unknown>) => {
    const res = await call(app, 'POST', '/api/seniorManage/jobs/search', { json });
    expect(res.json.code, JSON.stringify(res.json)).toBe(2000);
    return res.json.message as Search;
  };

  it('lists every open job with its detail, and each department and location with its count', async () => {
    const open = await testDb().select().from(jobs).where(eq(jobs.active, true));
    const all = await search({ language: 'en' });
    expect(all.jobs).toHaveLength(open.length);
    expect(all.jobs.every((j) => j.requirements.length > 0)).toBe(true);
    expect(all.departments.reduce((sum, d) => sum + d.count, 0)).toBe(open.length);
    expect(all.locations.find((l) => l.code === 'tokyo')?.name).toBe('Tokyo');
  });

  it('filters by department, by location and by both', async () => {
    const engineering = await search({ department: 'engineering' });
    expect(engineering.jobs.length).toBeGreaterThan(0);
    expect(engineering.jobs.every((j) => j.department.code === 'engineering')).toBe(true);
    const tokyo = await search({ location: 'tokyo', language: 'ja' });
    expect(tokyo.jobs.length).toBeGreaterThan(0);
    expect(tokyo.jobs.every((j) => j.location.code === 'tokyo')).toBe(true);
    expect(tokyo.locations.find((l) => l.code === 'tokyo')?.name).toBe('東京');
    const both = await search({ department: 'infrastructure', location: 'tokyo' });
    expect(both.jobs.every((j) => j.department.code === 'infrastructure' && j.location.code === 'tokyo')).toBe(true);
    const none = await search({ department: 'marketing', location: 'tokyo' });
    expect(none.jobs).toEqual([]);
  });

  it('answers one job by id, 4040 for an unknown one, 4001 for a malformed filter', async () => {
    const [first] = (await search({})).jobs;
    const one = await search({ id: first?.id });
    expect(one.jobs.map((j) => j.id)).toEqual([first?.id]);
    const missing = await call(app, 'POST', '/api/seniorManage/jobs/search', { json: { id: 999_999 } });
    expect(missing.status).toBe(404);
    expect(missing.json).toEqual({ code: 4040, message: 'api.job.notFound' });
    const bad = await call(app, 'POST', '/api/seniorManage/jobs/search', { json: { department: "x' or 1=1" } });
    expect(bad.json).toEqual({ code: 4001, message: 'api.invalidInput', fields: { department: 'api.field.invalid' } });
  });
});

describe('POST /api/contact', () => {
  const valid = () => ({
    name: 'Aiko Tanaka',
    email: `aiko.${crypto.randomUUID().slice(0, 8)}@example.com`,
    topic: 'sales',
    message: 'We would like a quote for twenty servers in Tokyo with a private network.',
  });
  const send = (json: Record<string, unknown>, ip = freshIp()) =>
    call(app, 'POST', '/api/contact', { json, headers: { 'x-forwarded-for': ip } });

  it('stores the message and queues one mail to the operators, in one transaction', async () => {
    const input = { ...valid(), language: 'ja' };
    const res = await send(input);
    expect(res.status).toBe(200);
    const { id } = res.json.message as { id: number };
    const [stored] = await testDb().select().from(contactMessages).where(eq(contactMessages.id, id));
    expect(stored).toMatchObject({ name: input.name, email: input.email, topic: 'sales', locale: 'ja' });
    const [mail] = await testDb()
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, 'contact'), eq(mailOutbox.id, stored?.mailId ?? -1)))
      .orderBy(desc(mailOutbox.id));
    expect(mail?.recipient).toBe('contact@cirrus.cloud');
    expect(mail?.text).toContain(input.message);
    expect(mail?.text).toContain(input.email);
  });

  it('refuses bad input with the fields named (4001) and stores nothing', async () => {
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [
        {},
        {
          name: 'forms.error.required',
          email: 'forms.error.required',
          topic: 'forms.error.topic',
          message: 'forms.error.required',
        },
      ],
      [{ ...valid(), email: 'not-an-address' }, { email: 'validation.email' }],
      [{ ...valid(), topic: 'lottery' }, { topic: 'forms.error.topic' }],
      [{ ...valid(), message: 'Hi' }, { message: 'forms.error.contactMessage' }],
      [{ ...valid(), message: 'a'.repeat(5001) }, { message: 'forms.error.contactMessage' }],
      [
        { ...valid(), message: '<script>document.location="https://evil.example"</script> hello there' },
        { message: 'forms.error.markup' },
      ],
      [{ ...valid(), name: '<svg onload=alert(1)>' }, { name: 'forms.error.markup' }],
    ];
    for (const [json, fields] of cases) {
      const res = await send(json);
      expect(res.status).toBe(422);
      expect(res.json).toEqual({ code: 4001, message: 'api.invalidInput', fields });
    }
    // Each case's address is its own: none of them was stored (other files may store messages meanwhile).
    const emails = cases.map(([json]) => json.email).filter((email): email is string => typeof email === 'string');
    expect(emails.length).toBeGreaterThan(0);
    expect(await testDb().select().from(contactMessages).where(inArray(contactMessages.email, emails))).toEqual([]);
  });

  it('rate limits one address to 5 messages an hour (4290)', async () => {
    const ip = freshIp();
    for (let i = 0; i < 5; i += 1) expect((await send(valid(), ip)).json.code).toBe(2000);
    const refused = await send(valid(), ip);
    expect(refused.status).toBe(429);
    expect(refused.json).toEqual({ code: 4290, message: 'api.contact.limited' });
    expect((await send(valid())).json.code).toBe(2000);
  });
});
