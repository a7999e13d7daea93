/**
 * Documentation search and chat answers at scale (bench/search-seed.ts: 10,000 articles and 10,000 announcements
 * in each language), with 20 users at once: searchDocs over a mix of queries in the three languages (typos,
 * Chinese and Japanese words, long questions, words found nowhere, common words), then answerQuestion from the
 * chat helper over a set of questions. Latency p50/p99 per kind of query and overall; the targets are a search
 * p99 under 50 ms and a chat answer p99 under 150 ms. The machine may be shared, so the numbers are indicative.
 *
 * The search database is seeded when it holds no finished search seed (a few minutes), and kept for the next
 * run; BENCH_RESEED=1 seeds it again.
 *
 *   npx tsx --conditions=react-server bench/search-scale.ts
 *
 * Each user waits between its calls as a person does (BENCH_THINK_MS, 1,000 ms on average, drawn between half
 * and one and a half times that): 20 users then send about 20 calls a second. BENCH_THINK_MS=0 runs the users
 * back to back instead, the saturation case: 20 calls always under way on the machine's cores, where latency is
 * mostly queueing (calls × time per call ÷ cores).
 *
 * BENCH_USERS sets the users at once (20), BENCH_SEARCHES the searches in all (1,000), BENCH_ANSWERS the chat
 * answers in all (400); BENCH_NO_TRIGRAMS=1 runs "did you mean" as on a database without pg_trgm.
 */
import type { Locale } from '../src/lib/locales';
import { answerQuestion } from '../src/server/chat/answer';
import { createDatabase, type Database } from '../src/server/db/client';
import { searchDocs } from '../src/server/search/docs';
import { isSeededForSearch, SEARCH_SCALE, seedSearchScale, startSearchDatabase } from './search-seed';

const SEARCH_TARGET_MS = 50;
const ANSWER_TARGET_MS = 150;
const USERS = Number(process.env.BENCH_USERS ?? 20);
const SEARCHES = Number(process.env.BENCH_SEARCHES ?? 1_000);
const THINK_MS = Number(process.env.BENCH_THINK_MS ?? 1_000);
const ANSWERS = Number(process.env.BENCH_ANSWERS ?? 400);
const trigrams = process.env.BENCH_NO_TRIGRAMS ? false : undefined;

type Query = { kind: string; locale: Locale; text: string };

const QUERIES: Query[] = [
  // Typos of words the index holds.
  { kind: 'typo', locale: 'en', text: 'refnd' },
  { kind: 'typo', locale: 'en', text: 'snapshott policy' },
  { kind: 'typo', locale: 'en', text: 'firewal rules' },
  { kind: 'typo', locale: 'ja', text: 'スナプショット' },
  { kind: 'typo', locale: 'zh', text: 'OpenSSHH 更新' },
  // Chinese and Japanese words inside text written without spaces.
  { kind: 'cjk', locale: 'zh', text: '云硬盘价格' },
  { kind: 'cjk', locale: 'zh', text: '快照策略' },
  { kind: 'cjk', locale: 'ja', text: 'スナップショットの料金は' },
  { kind: 'cjk', locale: 'ja', text: '返金ポリシーについて' },
  // Long natural questions.
  { kind: 'question', locale: 'en', text: 'how do I get a refund for my server after cancelling the plan?' },
  { kind: 'question', locale: 'en', text: 'what happens to my snapshots when the volume is deleted' },
  { kind: 'question', locale: 'zh', text: '我想把服务器的快照恢复到新的云硬盘，应该怎么做？' },
  { kind: 'question', locale: 'ja', text: 'サーバーのバックアップを毎日自動で作成する方法を教えてください' },
  // Words typed by their sound (kana, romaji, pinyin, a hanzi of the same sound), read from the vocabulary.
  { kind: 'reading', locale: 'ja', text: 'へんきん' },
  { kind: 'reading', locale: 'ja', text: 'henkin' },
  { kind: 'reading', locale: 'zh', text: '快招价格' },
  { kind: 'reading', locale: 'zh', text: 'tuikuan' },
  // A long question whose subject is named in other words ("money back" is refund).
  { kind: 'intent', locale: 'en', text: 'how do I get my money back if I cancel in the first week' },
  // Found nowhere.
  { kind: 'no hit', locale: 'en', text: 'xyzzyplugh' },
  { kind: 'no hit', locale: 'zh', text: '鳄鱼披萨' },
  { kind: 'no hit', locale: 'ja', text: 'ワニピザ' },
  // One common word: thousands of documents hold it.
  { kind: 'common word', locale: 'en', text: 'server' },
  { kind: 'common word', locale: 'zh', text: '服务器' },
  { kind: 'common word', locale: 'ja', text: 'サーバー' },
];

const QUESTIONS: { locale: Locale; question: string }[] = [
  { locale: 'en', question: 'How do I get a refund?' },
  { locale: 'en', question: 'How much does a snapshot cost per month?' },
  { locale: 'en', question: 'Can I move my server to another region?' },
  { locale: 'zh', question: '退款需要多久？' },
  { locale: 'zh', question: '云硬盘怎么收费？' },
  { locale: 'zh', question: '如何配置防火墙规则？' },
  { locale: 'ja', question: '返金ポリシーについて教えてください' },
  { locale: 'ja', question: 'スナップショットの料金は？' },
  { locale: 'ja', question: 'サーバーを別のリージョンに移せますか' },
  // Two-part questions, a currency named, a licence and a term discount from the pricing model, a reading.
  { locale: 'en', question: 'do u charge extra for windows? how much on a 4 vcpu box' },
  { locale: 'en', question: 'cheapest in HK, in HKD' },
  { locale: 'zh', question: '年付打几折？季付呢' },
  { locale: 'ja', question: '支払い方法は？PayPayとかコンビニ払いできる？' },
  { locale: 'ja', question: 'へんきんできますか' },
];

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

/** Runs `total` calls with `users` of them at once; answers the time of each, by label. */
async function load<T>(
  items: T[],
  total: number,
  label: (item: T) => string,
  run: (item: T) => Promise<unknown>,
): Promise<Map<string, number[]>> {
  const times = new Map<string, number[]>();
  let next = 0;
  const user = async () => {
    while (next < total) {
      const item = items[next % items.length] as T;
      next += 1;
      const started = performance.now();
      await run(item);
      const took = performance.now() - started;
      const list = times.get(label(item)) ?? [];
      list.push(took);
      times.set(label(item), list);
      if (THINK_MS > 0) await new Promise((resolve) => setTimeout(resolve, THINK_MS * (0.5 + Math.random())));
    }
  };
  // Users start spread over one think time, as people arrive, not all in the same millisecond.
  await Promise.all(
    Array.from({ length: USERS }, async (_, i) => {
      if (THINK_MS > 0) await new Promise((resolve) => setTimeout(resolve, (THINK_MS * i) / USERS));
      await user();
    }),
  );
  return times;
}

function table(times: Map<string, number[]>, target: number): string {
  const all = [...times.values()].flat().sort((a, b) => a - b);
  const rows = [...times].map(([name, list]) => {
    const sorted = [...list].sort((a, b) => a - b);
    return `| ${name} | ${sorted.length} | ${quantile(sorted, 0.5).toFixed(1)} ms | ${quantile(sorted, 0.99).toFixed(1)} ms |`;
  });
  const p99 = quantile(all, 0.99);
  return `| kind | calls | p50 | p99 |
| --- | --- | --- | --- |
${rows.join('\n')}
| **all** | ${all.length} | ${quantile(all, 0.5).toFixed(1)} ms | ${p99.toFixed(1)} ms (${p99 < target ? 'under' : '**over**'} ${target} ms) |`;
}

async function main() {
  process.env.LOG_LEVEL = 'silent';
  const database = await startSearchDatabase();
  let db: Database = createDatabase(database.url, { max: USERS, queryTimeoutMs: 0 });
  try {
    if (process.env.BENCH_RESEED || !(await isSeededForSearch(db).catch(() => false))) {
      await db.$client.end();
      console.error('seeding the documentation at scale…');
      await seedSearchScale(database.url);
      db = createDatabase(database.url, { max: USERS, queryTimeoutMs: 0 });
    }
    // Every query once, so a result that is wrong (an error, nothing where something is expected) stops the run.
    for (const q of QUERIES) {
      const result = await searchDocs(db, { query: q.text, locale: q.locale, limit: 20 }, { trigrams });
      if (q.kind !== 'no hit' && result.hits.length === 0) throw new Error(`nothing found for ${q.text}`);
      if (q.kind === 'typo' && !result.suggestion) throw new Error(`no suggestion for ${q.text}`);
    }
    const searches = await load(
      QUERIES,
      SEARCHES,
      (q) => q.kind,
      (q) => searchDocs(db, { query: q.text, locale: q.locale, limit: 20 }, { trigrams }),
    );
    console.log(`${SEARCH_SCALE.articles.toLocaleString('en')} articles and ${SEARCH_SCALE.announcements.toLocaleString('en')} announcements per language, ${USERS} users at once, ${THINK_MS > 0 ? `${THINK_MS} ms between a user's calls on average` : 'back to back'}${trigrams === false ? ', without pg_trgm' : ''}.

Search (searchDocs, 20 hits with snippets):

${table(searches, SEARCH_TARGET_MS)}
`);
    // The chat helper's answers, printed once they are timed (the search table stands on its own). A failed answer
    // (the helper reading every document of a language can outwait the pool) is counted, not fatal.
    let failed = 0;
    const answer = (q: (typeof QUESTIONS)[number]) =>
      answerQuestion(db, { question: q.question, locale: q.locale }, null).catch(() => {
        failed += 1;
      });
    for (const q of QUESTIONS) await answer(q);
    const answers = await load(QUESTIONS, ANSWERS, (q) => q.locale, answer);
    console.log(`Chat answers (answerQuestion, without a language model), by language${failed ? ` (${failed} failed)` : ''}:

${table(answers, ANSWER_TARGET_MS)}`);
  } finally {
    await db.$client.end();
    await database.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
