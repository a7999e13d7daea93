import 'server-only';
import { sql } from 'drizzle-orm';
import type { TRANSLATED_KINDS } from '@/lib/admin/schemas';
import type { Database } from '../db/client';

type Kind = (typeof TRANSLATED_KINDS)[number];
export type MissingTranslation = { kind: Kind; id: string; title: string; missing: ('zh' | 'ja')[] };

/** At most this many items per kind: the view is a to-do list, and a longer one is worked through in turns. */
const PER_KIND = 500;

/**
 * The missing-translations view: every item whose Chinese or Japanese text is absent or empty (the site shows
 * English for it, decision 014's fallback), by kind. One query per kind, each reading only the columns it checks.
 */
const QUERIES: Record<Kind, () => ReturnType<typeof sql>> = {
  // `missing_locales` is kept by a trigger on the translations (migration 0010); its partial index holds only the
  // announcements lacking a language, newest first, so the view reads those and no others.
  announcement: () => sql`
    select 'announcement' as kind, a.id::text as id,
      coalesce((select t.title from announcement_translations t where t.announcement_id = a.id and t.locale = 'en'), '') as title,
      a.missing_locales as missing
    from announcements a
    where cardinality(a.missing_locales) > 0
    order by a.published_at desc nulls last limit ${PER_KIND}`,
  article: () => sql`
    select 'article' as kind, d.slug as id, coalesce(en.title, d.slug) as title,
      array_remove(array[
        case when zh.body is null or zh.body = '' then 'zh' end,
        case when ja.body is null or ja.body = '' then 'ja' end], null) as missing
    from doc_articles d
    left join doc_article_translations en on en.slug = d.slug and en.locale = 'en'
    left join doc_article_translations zh on zh.slug = d.slug and zh.locale = 'zh'
    left join doc_article_translations ja on ja.slug = d.slug and ja.locale = 'ja'
    where zh.body is null or zh.body = '' or ja.body is null or ja.body = ''
    order by d.slug limit ${PER_KIND}`,
  job: () => localizedColumns('job', 'jobs', 'id', ['title', 'summary']),
  history: () => localizedColumns('history', 'company_history', 'id', ['title', 'body']),
  footer: () => localizedColumns('footer', 'footer_links', 'id', ['name']),
};

/** For tables holding text as `{en, zh, ja}` JSON: a language is missing when any of `columns` lacks it. */
function localizedColumns(kind: Kind, table: string, key: string, columns: string[]) {
  const lacks = (locale: string) => sql.raw(columns.map((c) => `coalesce(${c}->>'${locale}', '') = ''`).join(' or '));
  return sql`
    select ${kind} as kind, ${sql.raw(key)}::text as id, ${sql.raw(columns[0] ?? 'name')}->>'en' as title,
      array_remove(array[case when ${lacks('zh')} then 'zh' end, case when ${lacks('ja')} then 'ja' end], null) as missing
    from ${sql.raw(table)}
    where ${lacks('zh')} or ${lacks('ja')}
    order by ${sql.raw(key)} limit ${PER_KIND}`;
}

export async function listMissingTranslations(db: Database, kind?: Kind): Promise<MissingTranslation[]> {
  const kinds = kind ? [kind] : (Object.keys(QUERIES) as Kind[]);
  const results = await Promise.all(kinds.map((k) => db.execute<MissingTranslation>(QUERIES[k]())));
  return results.flatMap((r) => r.rows);
}
