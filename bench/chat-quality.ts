/**
 * The chat helper's evaluation set (tests/chat-eval/questions.json, graded by tests/chat-eval/grade.ts exactly as
 * tests/api/chat-eval.test.ts grades it) through answerQuestion, the embedded default (retrieval, no language
 * model), on a database of its own (embedded DATA_DIR/bench, or `<db>_bench` beside DATABASE_URL), reset and
 * seeded with the default seed. Prints Markdown for BENCHMARKS.md: the score per language and in all, the answer
 * time p50/p99/max, and every failure.
 *
 * The whole set is asked twice, one question at a time: the first pass builds each language's index and warms the
 * pool and the catalog's caches, so the times reported are the second pass's, a visitor's on a running site.
 *
 *   npx tsx --conditions=react-server bench/chat-quality.ts
 */
import { loadEnv } from '../src/env';
import { createDatabase } from '../src/server/db/client';
import { dropEverything } from '../src/server/db/migrate';
import { migrateAndSeed } from '../src/server/db/prepare';
import { gradeAll, PASS_SHARE, summarize, TEST_QUESTIONS } from '../tests/chat-eval/grade';
import { startTestDatabase } from '../tests/support/test-database';

const percent = (share: number) => `${(100 * share).toFixed(1)} %`;
const ms = (n: number) => `${n.toFixed(1)} ms`;
/** Text inside a Markdown list item on one line. */
const inline = (text: string) => text.replace(/\s+/g, ' ').replace(/([\\`*_|<>])/g, '\\$1');

async function main() {
  const env = loadEnv({ ...process.env, LOG_LEVEL: 'warn' });
  const database = await startTestDatabase(env, 'bench');
  const reset = createDatabase(database.url, { max: 1 });
  await dropEverything(reset);
  await reset.$client.end();
  await migrateAndSeed(database.url, () => {});
  const db = createDatabase(database.url);
  try {
    const first = summarize(await gradeAll(db, false));
    const second = summarize(await gradeAll(db, false));
    // The held-out test set: its score only, never its failures (docs/decisions/058-chat-general.md).
    const test = summarize(await gradeAll(db, false, TEST_QUESTIONS));
    const lines = [
      `${second.total} questions of the development set, answered by retrieval on the default seed, one at a time; the set is asked twice and the second pass is reported (the first builds the indexes and warms the caches). Then the ${test.total} questions of the held-out test set, once.`,
      '',
      '| language | development questions | correct | share | test questions | correct | share |',
      '| --- | --- | --- | --- | --- | --- | --- |',
      ...second.perLanguage.map((l) => {
        const t = test.perLanguage.find((x) => x.language === l.language) ?? { total: 0, passed: 0 };
        return `| ${l.language} | ${l.total} | ${l.passed} | ${percent(l.passed / l.total)} | ${t.total} | ${t.passed} | ${percent(t.total ? t.passed / t.total : 0)} |`;
      }),
      `| all | ${second.total} | ${second.passed} | ${percent(second.share)} | ${test.total} | ${test.passed} | ${percent(test.share)} |`,
      '',
      `Answer time (second pass, ${second.total} answers): p50 ${ms(second.p50)}, p99 ${ms(second.p99)}, max ${ms(second.max)}; first pass, caches cold: p50 ${ms(first.p50)}, p99 ${ms(first.p99)}, max ${ms(first.max)}.`,
    ];
    if (first.passed !== second.passed) {
      lines.push('', `The first pass answered ${first.passed} of ${first.total} correctly.`);
    }
    if (second.share < PASS_SHARE) {
      lines.push('', `**Below the ${percent(PASS_SHARE)} the test requires.**`);
    }
    if (second.failures.length) {
      lines.push('', 'Failures:', '');
      for (const f of second.failures) {
        const missing = f.problems.filter((p) => !p.startsWith('answer: '));
        lines.push(`- ${f.question.id} "${inline(f.question.question)}": ${inline(missing.join('; '))}`);
      }
    }
    console.log(lines.join('\n'));
  } finally {
    await db.$client.end();
    await database.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
