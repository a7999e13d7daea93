import { afterAll, describe, expect, it } from 'vitest';
import en from '../../src/i18n/messages/en.json';
import ja from '../../src/i18n/messages/ja.json';
import type { Locale } from '../../src/lib/locales';
import { formatHourlyMicroUsd, formatUsdCents } from '../../src/lib/money';
import { listBandwidthTiers, listDiskProducts, listProductLines } from '../../src/server/api/catalog/queries';
import { normalizeQuery, type Segment, searchDocs, segmentsHtml, snippet } from '../../src/server/api/docs/search';
import { listDomainSuffixes } from '../../src/server/api/domains/queries';
import { listCurrencies } from '../../src/server/api/finance/queries';
import { type CatalogLabels, loadCatalogTables } from '../../src/server/docs/catalog-tables';
import { queryWords } from '../../src/server/search/text';
import { call, testApp, testDb } from '../support/api';

const db = testDb();
const app = testApp();

afterAll(async () => {
  await db.$client.end();
});

const search = (query: string, locale: Locale, limit?: number) =>
  searchDocs(db, { query, locale, ...(limit ? { limit } : {}) });
const marked = (segments: Segment[]) => segments.filter((s) => s.match).map((s) => s.text);

describe('searchDocs', () => {
  it('finds a Chinese word inside an article body written without spaces, and marks it', async () => {
    const { hits } = await search('宽限期', 'zh');
    expect(hits[0]?.id).toBe('pricing');
    expect(hits[0]?.path).toBe('/doc/article/pricing');
    expect(hits[0]?.title).toBe('价格总览');
    expect(marked(hits[0]?.snippet ?? [])).toContain('宽限期');
  });

  it('finds a Japanese word inside an article body written without spaces, and marks it', async () => {
    const { hits } = await search('猶予期間', 'ja');
    expect(hits.map((h) => h.id)).toEqual(['pricing']);
    expect(marked(hits[0]?.snippet ?? [])).toContain('猶予期間');
  });

  it('searches only the visitor language', async () => {
    expect((await search('宽限期', 'ja')).hits).toEqual([]);
    expect((await search('grace period', 'zh')).hits).toEqual([]);
    expect((await search('grace period', 'en')).hits[0]?.id).toBe('pricing');
  });

  it('ranks a title match above articles that only mention the word in their body', async () => {
    for (const [query, locale] of [
      ['退款', 'zh'],
      ['返金', 'ja'],
      ['refunds', 'en'],
    ] as const) {
      const { hits } = await search(query, locale);
      expect(hits.length, query).toBeGreaterThan(2);
      expect(hits[0]?.id, query).toBe('refund');
      expect(marked(hits[0]?.titleSegments ?? []).length, query).toBeGreaterThan(0);
      const scores = hits.map((h) => h.score);
      expect(scores, query).toEqual([...scores].sort((a, b) => b - a));
      expect(hits[1]?.score ?? 0, query).toBeLessThan(hits[0]?.score ?? 0);
    }
  });

  it('finds announcements too, with their date', async () => {
    const { hits } = await search('OpenSSH', 'zh');
    const announcement = hits.find((h) => h.kind === 'announcement');
    expect(announcement?.path).toMatch(/^\/doc\/announce\/detail\/\d+$/);
    expect(announcement?.publishedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it('needs every term when some document has them all, and falls back to any term when none does', async () => {
    expect((await search('xyzzyplugh', 'en')).hits).toEqual([]);
    expect((await search('鳄鱼披萨', 'zh')).hits).toEqual([]);
    // "grace period" is only in the pricing overview: a document with just "period" is not listed.
    expect((await search('grace period', 'en')).hits.map((h) => h.id)).toEqual(['pricing']);
    // Nothing holds both words: the one that exists is searched.
    expect((await search('refund xyzzyplugh', 'en')).hits[0]?.id).toBe('refund');
  });

  it('never errors on hostile queries and treats wildcards and quotes as text', async () => {
    const hostile = [
      '%',
      '_',
      '%%__%%',
      "'",
      "' OR 1=1 --",
      '"; drop table doc_articles; --',
      '\\',
      '\\%',
      'a'.repeat(500),
      '退'.repeat(500),
      '😀',
      '👩‍💻 refund 🚀',
      'مرحبا بالعالم',
      '\u202e\u0000\u0007 null',
      '   ',
      '',
      '<script>alert(1)</script>',
    ];
    for (const query of hostile) {
      const result = await search(query, 'en');
      expect(Array.isArray(result.hits), query).toBe(true);
      expect(Array.from(result.query).length, query).toBeLessThanOrEqual(100);
    }
    // `%` and `_` are separators, never LIKE wildcards that would match every article.
    expect((await search('%', 'en')).hits).toEqual([]);
    expect((await search('_', 'en')).hits).toEqual([]);
    expect((await search('👩‍💻 refund 🚀', 'en')).hits[0]?.id).toBe('refund');
  });

  it('rejects a bad limit or language from a caller as invalid input (4001), not a crash', async () => {
    await expect(searchDocs(db, { query: 'vps', locale: 'en', limit: 0 })).rejects.toMatchObject({ code: 4001 });
    await expect(searchDocs(db, { query: 'vps', locale: 'fr' as Locale })).rejects.toMatchObject({ code: 4001 });
  });

  it('normalizes and cuts queries without splitting emoji', () => {
    expect(normalizeQuery('  ＳＮＡＰＳＨＯＴ\u0000  ')).toBe('SNAPSHOT');
    const cut = normalizeQuery('😀'.repeat(150));
    expect(Array.from(cut)).toHaveLength(100);
    expect(cut).toBe('😀'.repeat(100));
    expect(queryWords('Servers, 100% "uptime" a', 'en')).toEqual(['server', '100', 'uptime']);
    expect(queryWords('快照 快照 策略', 'zh')).toEqual(['快照', '策略']);
  });

  it('builds snippets whose HTML form is escaped with only <mark> added', () => {
    const segments = snippet('Use <b>refund</b> & more', ['refund']);
    expect(segmentsHtml(segments)).toBe('Use &lt;b&gt;<mark>refund</mark>&lt;/b&gt; &amp; more');
  });

  it('is served as GET /api/doc/search in the requested language', async () => {
    const res = await call(app, 'GET', `/api/doc/search?q=${encodeURIComponent('猶予期間')}&language=ja-JP`);
    expect(res.status).toBe(200);
    expect(res.json.code).toBe(2000);
    const message = res.json.message as { hits: { id: string }[] };
    expect(message.hits[0]?.id).toBe('pricing');

    const long = await call(app, 'GET', `/api/doc/search?q=${'%25'.repeat(700)}`);
    expect(long.status).toBe(200);
    expect((long.json.message as { hits: unknown[] }).hits).toEqual([]);

    const empty = await call(app, 'GET', '/api/doc/search');
    expect(empty.status).toBe(200);
    const bad = await call(app, 'GET', '/api/doc/search?q=x&limit=0');
    expect(bad.status).toBe(422);
  });
});

/** The docCatalog messages with {name} placeholders filled, as next-intl would. */
function labels(messages: typeof en): CatalogLabels {
  return (key, values) =>
    (messages.docCatalog[key as keyof typeof en.docCatalog] ?? key).replace(/\{(\w+)\}/g, (_, k: string) =>
      String(values?.[k] ?? ''),
    );
}

describe('catalog placeholders', () => {
  it('fill pricing tables with the catalog prices in the page currency', async () => {
    const currencies = await listCurrencies(db);
    const jpy = currencies.find((c) => c.type === 'JPY');
    expect(jpy).toBeDefined();
    if (!jpy) return;
    const tables = await loadCatalogTables(db, ['vps-plans', 'disk-products', 'bandwidth', 'domains', 'nonsense'], {
      locale: 'ja',
      currency: jpy,
      tax: null,
      t: labels(ja as unknown as typeof en),
    });
    expect([...tables.keys()].sort()).toEqual(['bandwidth', 'disk-products', 'domains', 'vps-plans']);

    const plans = (await listProductLines(db, 'ja')).flatMap((l) => l.plans);
    const vps = tables.get('vps-plans');
    expect(vps?.rows).toHaveLength(plans.length);
    expect(vps?.columns).toContain('月額');
    for (const [i, plan] of plans.entries()) {
      const row = vps?.rows[i] ?? [];
      expect(row[0]).toBe(plan.name);
      expect(row).toContain(formatUsdCents(plan.monthlyPriceCents, jpy, 'ja'));
      if (plan.hourlyBilling) expect(row).toContain(formatHourlyMicroUsd(plan.hourlyPriceMicroUsd, jpy, 'ja'));
      else expect(row).toContain('契約期間のみ');
      expect(row.join(' ')).toMatch(/[¥￥]/);
    }

    const disks = await listDiskProducts(db, 'ja');
    expect(tables.get('disk-products')?.rows.map((r) => r.at(-1))).toEqual(
      disks.map((d) => formatUsdCents(d.pricePerGbCents, jpy, 'ja')),
    );
    const tiers = await listBandwidthTiers(db);
    expect(tables.get('bandwidth')?.rows.map((r) => r[1])).toEqual(
      tiers.map((b) => formatUsdCents(b.monthlyPriceCents, jpy, 'ja')),
    );
    const suffixes = await listDomainSuffixes(db);
    expect(tables.get('domains')?.rows.map((r) => r[1])).toEqual(
      suffixes.map((s) => formatUsdCents(s.registerPriceCents, jpy, 'ja')),
    );
  });

  it('every pricing article placeholder names a known catalog table', async () => {
    const rows = await db.query.docArticleTranslations.findMany();
    const names = rows.flatMap((r) => [...r.body.matchAll(/\{\{catalog:([a-z0-9-]+)\}\}/g)].map((m) => m[1]));
    expect(names.length).toBeGreaterThan(0);
    const usd = { type: 'USD', rate: 1, digits: 2 };
    const tables = await loadCatalogTables(db, names as string[], {
      locale: 'en',
      currency: usd,
      tax: null,
      t: labels(en),
    });
    expect(new Set(names)).toEqual(new Set(tables.keys()));
    expect(tables.get('traffic')?.rows[0]?.[1]).toMatch(/^\$\d/);
  });
});
