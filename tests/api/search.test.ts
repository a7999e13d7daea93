import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locale } from '../../src/lib/locales';
import type { ApiApp } from '../../src/server/api/app';
import type { Database } from '../../src/server/db/client';
import { type SearchOptions, searchDocs } from '../../src/server/search/docs';
import { findDocuments } from '../../src/server/search/find-documents';
import { healSearchIndex } from '../../src/server/search/indexer';
import { editDistance, hasTrigrams, suggestWords } from '../../src/server/search/suggest';
import { queryWords, textWords } from '../../src/server/search/text';
import { call } from '../support/api';
import { type OwnDatabase, ownDatabase } from '../support/own-database';
import { signedInStaff } from '../support/staff';

// Edits articles and announcements: a database of its own, so other files' searches never see them.
let own: OwnDatabase;
let db: Database;
let app: ApiApp;
beforeAll(async () => {
  own = await ownDatabase('search');
  db = own.db;
  app = own.app;
});
afterAll(async () => {
  await own?.drop();
});

const search = (query: string, locale: Locale, options: SearchOptions = {}) =>
  searchDocs(db, { query, locale }, options);
const ids = async (query: string, locale: Locale) => (await search(query, locale)).hits.map((h) => h.id);

/** The vocabulary as it should be: every distinct word of every indexed document, counted once per document. */
async function vocabularyDrift(): Promise<number> {
  const result = await db.execute(sql`
    with expected as (
      select locale, w as term, count(*)::int as n from search_documents, unnest(words) as w group by locale, w
    )
    select count(*)::int as drift from expected e
      full join search_terms s on s.locale = e.locale and s.term = e.term
      where e.n is distinct from s.document_count`);
  return Number((result as unknown as { rows: { drift: number }[] }).rows[0]?.drift);
}

describe('words', () => {
  it('cuts Chinese and Japanese into words and folds Latin text', () => {
    expect(textWords('云硬盘价格', 'zh')).toEqual(['云', '硬盘', '价格']);
    expect(textWords('返金ポリシーについて', 'ja')).toEqual(['返金', 'ポリシー', 'について']);
    expect(textWords('ＳＮＡＰＳＨＯＴ Policies, servers & boxes', 'en')).toEqual([
      'snapshot',
      'policy',
      'server',
      'box',
    ]);
    // Particles, question words and English stop words are not searched.
    expect(queryWords('スナップショットの料金は', 'ja')).toEqual(['スナップショット', '料金']);
    expect(queryWords('退款政策是什么？', 'zh')).toEqual(['退款', '政策']);
    expect(queryWords('How do I get a refund for my server?', 'en')).toEqual(['refund', 'server']);
  });

  it('measures edit distance with a swap counted once, stopping early', () => {
    expect(editDistance('refnd', 'refund', 2)).toBe(1);
    expect(editDistance('refnud', 'refund', 2)).toBe(1);
    expect(editDistance('snapshott', 'snapshot', 2)).toBe(1);
    expect(editDistance('abcdefgh', 'zyxwvuts', 2)).toBe(3);
  });
});

describe('searchDocs over the index', () => {
  it('finds long natural questions in the three languages', async () => {
    expect((await ids('how do I get a refund for my server?', 'en'))[0]).toBe('refund');
    expect((await ids('返金ポリシーについて', 'ja'))[0]).toBe('refund');
    expect((await ids('我想申请退款，应该怎么做？', 'zh'))[0]).toBe('refund');
    expect((await ids('云硬盘价格', 'zh'))[0]).toBe('block-storage-volume-pricing');
    expect((await ids('スナップショットの料金は', 'ja'))[0]).toBe('block-storage-volume-pricing');
    expect((await ids('how much do snapshots cost?', 'en'))[0]).toBe('block-storage-volume-pricing');
  });

  it('finds Chinese and Japanese words inside longer text and marks the query whole', async () => {
    const zh = await search('快照', 'zh');
    expect(zh.hits.map((h) => h.id)).toContain('block-storage-volume-pricing');
    const ja = await search('猶予期間', 'ja');
    expect(ja.hits[0]?.id).toBe('pricing');
    expect(ja.hits[0]?.snippet.filter((s) => s.match).map((s) => s.text)).toContain('猶予期間');
  });

  it('ranks title matches first', async () => {
    for (const [query, locale] of [
      ['refund', 'en'],
      ['返金', 'ja'],
      ['退款', 'zh'],
    ] as const) {
      const { hits } = await search(query, locale);
      expect(hits[0]?.id, query).toBe('refund');
      expect(
        hits[0]?.titleSegments.some((s) => s.match),
        query,
      ).toBe(true);
      const scores = hits.map((h) => h.score);
      expect(scores, query).toEqual([...scores].sort((a, b) => b - a));
    }
  });

  for (const trigrams of [true, false]) {
    it(`corrects typos from the index's vocabulary and says so (${trigrams ? 'pg_trgm' : 'without pg_trgm'})`, async () => {
      const options = { trigrams };
      for (const [query, locale, suggestion, first] of [
        ['refnd', 'en', 'refund', 'refund'],
        ['snapshott', 'en', 'snapshot', 'block-storage-volume-pricing'],
        ['Refnd policy', 'en', 'refund policy', 'refund'],
        ['スナプショットの料金', 'ja', 'スナップショットの料金', 'block-storage-volume-pricing'],
      ] as const) {
        const result = await search(query, locale, options);
        expect(result.suggestion, query).toBe(suggestion);
        expect(result.hits[0]?.id, query).toBe(first);
      }
      // Latin words in Chinese text are corrected too.
      const zh = await search('OpenSSHH', 'zh', options);
      expect(zh.suggestion).toBe('openssh');
      expect(zh.hits.length).toBeGreaterThan(0);
      // A query that finds something is not corrected; a word nothing is close to is not either.
      expect((await search('refund', 'en', options)).suggestion).toBeUndefined();
      const nothing = await search('xyzzyplugh', 'en', options);
      expect(nothing.suggestion).toBeUndefined();
      expect(nothing.hits).toEqual([]);
      expect(await suggestWords(db, 'en', ['refnd', 'server'], options)).toEqual(new Map([['refnd', 'refund']]));
    });
  }

  it('finds words typed by their sound: kana, romaji, pinyin and a Chinese character of the same sound', async () => {
    for (const [query, locale, suggestion, first] of [
      ['へんきん', 'ja', '返金', 'refund'],
      ['henkin', 'ja', '返金', 'refund'],
      ['りょうきん', 'ja', '料金', 'vps-pricing'],
      ['快招价格', 'zh', '快照价格', 'block-storage-volume-pricing'],
      ['块存储价各', 'zh', '块存储价格', 'block-storage-volume-pricing'],
      ['tuikuan', 'zh', '退款', 'refund'],
    ] as const) {
      const result = await search(query, locale);
      expect(result.suggestion, query).toBe(suggestion);
      expect(result.hits[0]?.id, query).toBe(first);
      // The word found is what is marked.
      expect(
        result.hits[0]?.snippet.some((s) => s.match),
        query,
      ).toBe(true);
    }
    // A word the vocabulary holds is never replaced by another of the same sound.
    expect((await search('退款', 'zh')).suggestion).toBeUndefined();
    expect((await search('返金ポリシー', 'ja')).suggestion).toBeUndefined();
    // Every word of the vocabulary has its reading once the index is written.
    const missing = await db.execute(sql`select count(*)::int as n from search_terms where reading is null`);
    expect((missing as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
  });

  it('weighs the words that say what is asked above incidental ones', async () => {
    for (const [query, locale] of [
      ['how do I get my money back if I cancel in the first week', 'en'],
      ['第一周不满意想把钱退回来怎么办', 'zh'],
      ['最初の週に解約したらお金は払い戻してもらえる？', 'ja'],
    ] as const) {
      expect((await search(query, locale)).hits[0]?.id, query).toBe('refund');
    }
  });

  it('has pg_trgm on the test server, so the default path is the trigram one', async () => {
    expect(await hasTrigrams(db)).toBe(true);
  });

  it('never errors on hostile queries and never turns them into patterns', async () => {
    for (const query of ['%', '_', '%_%', "'", "''", '"', "' or --", '\\', '😀🚀', '&|!():*', 'x'.repeat(10_000)]) {
      const result = await search(query, 'en');
      expect(result.hits, query).toEqual([]);
      expect(Array.from(result.query).length, query).toBeLessThanOrEqual(100);
    }
    for (const query of ["refund's", 'refund & | ! ( ) : *', '👩‍💻 refund 🚀', 'refund:*']) {
      expect((await ids(query, 'en'))[0], query).toBe('refund');
    }
    const big = await call(app, 'GET', `/api/doc/search?q=${encodeURIComponent('返金'.repeat(5_000))}&language=ja`);
    expect(big.status).toBe(200);
    const typo = await call(app, 'GET', '/api/doc/search?q=refnd&language=en');
    const corrected = typo.json.message as { suggestion?: string; hits: { id: string }[] };
    expect(corrected.suggestion).toBe('refund');
    expect(corrected.hits[0]?.id).toBe('refund');
  });
});

describe('findDocuments', () => {
  it('answers a natural question with documents holding any of its words, best first, with their Markdown', async () => {
    const found = await findDocuments(db, {
      text: 'Can I get my money back after cancelling?',
      locale: 'en',
      limit: 5,
    });
    expect(found.length).toBeGreaterThan(0);
    expect(found.length).toBeLessThanOrEqual(5);
    const refund = await findDocuments(db, { text: '退款需要多久？', locale: 'zh', limit: 3 });
    expect(refund[0]).toMatchObject({ kind: 'article', id: 'refund', path: '/doc/article/refund' });
    expect(refund[0]?.body).toContain('##');
    expect(refund.map((d) => d.rank)).toEqual([...refund.map((d) => d.rank)].sort((a, b) => b - a));
    expect(await findDocuments(db, { text: 'the and of', locale: 'en', limit: 3 })).toEqual([]);
  });
});

describe('keeping the index', () => {
  it('makes an article edited in the back office searchable at once, and its typos correctable', async () => {
    const editor = await signedInStaff(app, db, 'editor');
    const current = (await call(app, 'GET', '/api/admin/articles/affiliate', { headers: editor.headers })).json
      .message as { slug: string; category: string; version: number; translations: Record<Locale, object> };
    expect(await ids('quetzalmarimba', 'en')).toEqual([]);
    const translations = {
      ...current.translations,
      en: { title: 'Affiliate programme', summary: 'Earn with quetzalmarimba.', body: '## Joining\n\nAsk us.' },
      ja: {
        title: 'アフィリエイト',
        summary: '紹介で報酬を得る方法。',
        body: '## 参加\n\nケツァールマリンバで紹介できます。',
      },
    };
    const saved = await call(app, 'PUT', '/api/admin/articles/affiliate', {
      json: { slug: 'affiliate', category: current.category, version: current.version, translations },
      headers: editor.headers,
    });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    expect(await ids('quetzalmarimba', 'en')).toEqual(['affiliate']);
    expect(await ids('ケツァールマリンバ', 'ja')).toEqual(['affiliate']);
    expect((await search('quetzalmarimbo', 'en')).suggestion).toBe('quetzalmarimba');
    expect(await vocabularyDrift()).toBe(0);

    // Renamed: found at its new address only.
    const again = (await call(app, 'GET', '/api/admin/articles/affiliate', { headers: editor.headers })).json
      .message as { version: number };
    const moved = await call(app, 'PUT', '/api/admin/articles/affiliate', {
      json: { slug: 'partners', category: current.category, version: again.version, translations },
      headers: editor.headers,
    });
    expect(moved.status, JSON.stringify(moved.json)).toBe(200);
    expect(await ids('quetzalmarimba', 'en')).toEqual(['partners']);
    expect(await vocabularyDrift()).toBe(0);
  });

  it('finds an announcement only while it is published, and forgets a deleted one', async () => {
    const editor = await signedInStaff(app, db, 'editor');
    const text = (title: string) => ({
      en: { title, body: 'The xylophonequartz region opens for orders.' },
      zh: { title: '新地域开放', body: '木琴石英地域开放订购。' },
      ja: { title: '新リージョン', body: 'シロフォンクォーツリージョンの受付を開始します。' },
    });
    const later = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const created = await call(app, 'POST', '/api/admin/announcements', {
      json: { category: 'product', pinned: false, publishedAt: later, translations: text('A new region') },
      headers: editor.headers,
    });
    expect(created.status, JSON.stringify(created.json)).toBe(200);
    const { id, version } = created.json.message as { id: number; version: number };
    expect(await ids('xylophonequartz', 'en')).toEqual([]);
    expect(await findDocuments(db, { text: 'xylophonequartz', locale: 'en', limit: 5 })).toEqual([]);

    const past = new Date(Date.now() - 60_000).toISOString();
    const published = await call(app, 'PUT', `/api/admin/announcements/${id}`, {
      json: { category: 'product', pinned: false, publishedAt: past, translations: text('A new region'), version },
      headers: editor.headers,
    });
    expect(published.status, JSON.stringify(published.json)).toBe(200);
    expect(await ids('xylophonequartz', 'en')).toEqual([String(id)]);
    expect(await ids('シロフォンクォーツ', 'ja')).toEqual([String(id)]);

    const removed = await call(app, 'DELETE', `/api/admin/announcements/${id}?version=${version + 1}`, {
      headers: editor.headers,
    });
    expect(removed.status, JSON.stringify(removed.json)).toBe(200);
    expect(await ids('xylophonequartz', 'en')).toEqual([]);
    expect(await vocabularyDrift()).toBe(0);
  });

  it('indexes at start what was written behind its back', async () => {
    await db.execute(sql`update doc_article_translations set body = body || ' Ask about the ocelotharmonium.'
      where slug = 'abuse' and locale = 'en'`);
    await db.execute(sql`update announcements set published_at = now() + interval '30 days'
      where id = (select min(announcement_id) from announcement_translations where title ilike '%OpenSSH%')`);
    expect(await ids('ocelotharmonium', 'en')).toEqual([]);
    expect(await healSearchIndex(db)).toBeGreaterThanOrEqual(4);
    expect(await ids('ocelotharmonium', 'en')).toEqual(['abuse']);
    expect((await search('OpenSSH', 'zh')).hits.filter((h) => h.kind === 'announcement')).toEqual([]);
    expect(await healSearchIndex(db)).toBe(0);
    expect(await vocabularyDrift()).toBe(0);
  });
});
