import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  gradeAll,
  PASS_SHARE,
  QUESTIONS,
  type Question,
  summarize,
  summaryText,
  TEST_QUESTIONS,
} from '../chat-eval/grade';
import { type OwnDatabase, ownDatabase } from '../support/own-database';

/**
 * The chat's evaluation sets (tests/chat-eval/, docs/decisions/047-chat-answers.md and
 * docs/decisions/058-chat-general.md), graded by tests/chat-eval/grade.ts: language, facts from the seeded catalog
 * through the pricing model, cited pages, absent texts, and no number outside the facts and passages. The
 * development set prints its failures and must answer at least 90 % in every language; the held-out test set prints
 * only its score and must not fall below TEST_FLOOR in any language (its target, 90 %, is reached:
 * docs/decisions/077-chat-answers-what-is-asked.md). With CHAT_LLM_URL set the provider writes the answers too (the number check is
 * then left out).
 */
let own: OwnDatabase;
beforeAll(async () => {
  own = await ownDatabase('chat_eval');
});
afterAll(async () => {
  await own?.drop();
});

/** What the test set must keep in every language: what it reached when last measured, rounded down. */
const TEST_FLOOR = 0.9;

async function run(questions: Question[], withProvider: boolean, set: 'development' | 'test') {
  const summary = summarize(await gradeAll(own.db, withProvider, questions));
  process.stdout.write(summaryText(summary, withProvider, set));
  return summary.perLanguage.map((l) => ({ language: l.language, share: l.passed / l.total }));
}

describe('chat evaluation sets', () => {
  it('have at least 30 development and 60 test questions per language, each id once in both', () => {
    for (const language of ['en', 'zh', 'ja'] as const) {
      expect(QUESTIONS.filter((q) => q.language === language).length).toBeGreaterThanOrEqual(30);
      expect(TEST_QUESTIONS.filter((q) => q.language === language).length).toBeGreaterThanOrEqual(60);
    }
    const ids = [...QUESTIONS, ...TEST_QUESTIONS].map((q) => q.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  for (const [set, questions, floor] of [
    ['development', QUESTIONS, PASS_SHARE],
    ['test', TEST_QUESTIONS, TEST_FLOOR],
  ] as const) {
    it(`answers at least ${floor * 100}% of the ${set} set in each language by retrieval`, {
      timeout: 120_000,
    }, async () => {
      for (const { language, share } of await run(questions, false, set)) {
        expect({ language, passes: share >= floor }).toEqual({ language, passes: true });
      }
    });
  }

  // Against a real provider only when one is configured (CHAT_LLM_URL, CHAT_LLM_KEY, CHAT_LLM_MODEL): a paid,
  // slow outside service has no place in every run.
  it.skipIf(!process.env.CHAT_LLM_URL)(
    `answers at least ${PASS_SHARE * 100}% of both sets through the provider`,
    { timeout: 600_000 },
    async () => {
      for (const [set, questions] of [
        ['development', QUESTIONS],
        ['test', TEST_QUESTIONS],
      ] as const) {
        for (const { share } of await run(questions, true, set)) expect(share).toBeGreaterThanOrEqual(PASS_SHARE);
      }
    },
  );
});
