/**
 * The chat helper's answer quality and speed (issue 8): 33 questions, 11 per language, each with the article
 * the answer should cite first; reports how often the top cited article is the right one, per language,
 * and the embedded default's answer time (p50, p90). Runs on its own database (embedded DATA_DIR/bench, or
 * `<db>_bench` beside DATABASE_URL), reset and seeded.
 *
 *   npx tsx --conditions=react-server bench/chat-quality.ts
 */
import { loadEnv } from '../src/env';
import { LOCALES, type Locale } from '../src/lib/locales';
import { answerQuestion } from '../src/server/chat/answer';
import { createDatabase } from '../src/server/db/client';
import { dropEverything } from '../src/server/db/migrate';
import { migrateAndSeed } from '../src/server/db/prepare';
import { startTestDatabase } from '../tests/support/test-database';

type Case = { locale: Locale; question: string; slug: string };

const CASES: Case[] = [
  { locale: 'en', question: 'How is my bill calculated and which currencies can I pay in?', slug: 'pricing' },
  { locale: 'en', question: 'Is hourly billing available for cloud servers or only monthly?', slug: 'vps-pricing' },
  { locale: 'en', question: 'How much do extra disks and snapshots cost?', slug: 'block-storage-volume-pricing' },
  { locale: 'en', question: 'What happens when I go over my monthly traffic allowance?', slug: 'network-pricing' },
  { locale: 'en', question: 'Where can I read the terms of service and privacy rules?', slug: 'legal-and-terms' },
  { locale: 'en', question: 'Which operating systems can I install and how do I log in with SSH?', slug: 'vps' },
  { locale: 'en', question: 'How do I create an API token and authenticate requests?', slug: 'api' },
  { locale: 'en', question: 'How do I report spam or a phishing site hosted on your network?', slug: 'abuse' },
  { locale: 'en', question: 'Can I get my money back if I cancel in the first week?', slug: 'refund' },
  { locale: 'en', question: 'How much commission do I earn for referring customers?', slug: 'affiliate' },
  {
    locale: 'en',
    question: 'How can I test ping latency and download speed before buying?',
    slug: 'looking-glass-test-latency-network-speed',
  },

  { locale: 'zh', question: '账单是怎么计算的？可以用哪些货币付款？', slug: 'pricing' },
  { locale: 'zh', question: '云服务器支持按小时计费吗？', slug: 'vps-pricing' },
  { locale: 'zh', question: '云硬盘和快照怎么收费？', slug: 'block-storage-volume-pricing' },
  { locale: 'zh', question: '每月流量用完了会怎样？超额流量怎么计费？', slug: 'network-pricing' },
  { locale: 'zh', question: '服务协议和隐私政策在哪里查看？', slug: 'legal-and-terms' },
  { locale: 'zh', question: '可以安装哪些操作系统？怎么用 SSH 登录？', slug: 'vps' },
  { locale: 'zh', question: '如何创建 API 令牌并进行身份验证？', slug: 'api' },
  { locale: 'zh', question: '发现钓鱼网站或垃圾邮件要怎么举报？', slug: 'abuse' },
  { locale: 'zh', question: '买了不满意可以退款吗？', slug: 'refund' },
  { locale: 'zh', question: '推荐新客户能拿多少佣金？', slug: 'affiliate' },
  { locale: 'zh', question: '购买前怎么测试延迟和下载速度？', slug: 'looking-glass-test-latency-network-speed' },

  { locale: 'ja', question: '請求金額はどのように計算され、どの通貨で支払えますか？', slug: 'pricing' },
  { locale: 'ja', question: 'クラウドサーバーは時間単位の課金に対応していますか？', slug: 'vps-pricing' },
  {
    locale: 'ja',
    question: '追加ディスクとスナップショットの料金を教えてください',
    slug: 'block-storage-volume-pricing',
  },
  { locale: 'ja', question: '月間の転送量を超えるとどうなりますか？', slug: 'network-pricing' },
  { locale: 'ja', question: '利用規約とプライバシーポリシーはどこで確認できますか？', slug: 'legal-and-terms' },
  { locale: 'ja', question: 'どの OS をインストールでき、SSH でどうログインしますか？', slug: 'vps' },
  { locale: 'ja', question: 'API トークンの作成方法と認証のやり方は？', slug: 'api' },
  { locale: 'ja', question: 'フィッシングサイトやスパムを見つけたらどこに通報しますか？', slug: 'abuse' },
  { locale: 'ja', question: '解約したら返金してもらえますか？', slug: 'refund' },
  { locale: 'ja', question: '紹介報酬はいくらもらえますか？', slug: 'affiliate' },
  {
    locale: 'ja',
    question: '購入前にレイテンシと回線速度を測定する方法は？',
    slug: 'looking-glass-test-latency-network-speed',
  },
];

/** The first article the answer links to: what the visitor is sent to read. */
function firstCitedArticle(html: string): string | undefined {
  return /href="(?:\/(?:zh|ja))?\/doc\/article\/([^"#?]+)/.exec(html)?.[1];
}

async function main() {
  const env = loadEnv({ ...process.env, LOG_LEVEL: 'warn' });
  const database = await startTestDatabase(env, 'bench');
  const reset = createDatabase(database.url, { max: 1 });
  await dropEverything(reset);
  await reset.$client.end();
  await migrateAndSeed(database.url, () => {});
  const db = createDatabase(database.url);
  try {
    // One question first, so the index build and JIT warm-up are not in the timings.
    // Warm-up: each language's index is built, the pool's connections opened and the catalog read once.
    for (const locale of LOCALES) {
      await answerQuestion(db, { question: 'buy a plan: what is the price?', locale }, null);
    }
    const times: number[] = [];
    const misses: string[] = [];
    const right: Record<string, number> = {};
    for (const c of CASES) {
      const started = performance.now();
      const answer = await answerQuestion(db, { question: c.question, locale: c.locale }, null);
      times.push(performance.now() - started);
      const cited = firstCitedArticle(answer.html);
      if (cited === c.slug) right[c.locale] = (right[c.locale] ?? 0) + 1;
      else misses.push(`${c.locale} "${c.question}": expected ${c.slug}, cited ${cited ?? 'nothing'}`);
    }
    times.sort((a, b) => a - b);
    const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]?.toFixed(1);
    const total = Object.values(right).reduce((a, b) => a + b, 0);
    console.log('| language | questions | top cited article right |');
    console.log('| --- | --- | --- |');
    for (const locale of LOCALES) {
      const n = CASES.filter((c) => c.locale === locale).length;
      console.log(`| ${locale} | ${n} | ${right[locale] ?? 0} (${Math.round(((right[locale] ?? 0) / n) * 100)}%) |`);
    }
    console.log(`| all | ${CASES.length} | ${total} (${Math.round((total / CASES.length) * 100)}%) |`);
    console.log(`\nanswer time (embedded default): p50 ${at(0.5)} ms, p90 ${at(0.9)} ms, max ${at(1)} ms`);
    if (misses.length) console.log(`\nmisses:\n${misses.map((m) => `- ${m}`).join('\n')}`);
  } finally {
    await db.$client.end();
    await database.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
