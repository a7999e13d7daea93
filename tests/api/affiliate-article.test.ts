import { describe, expect, it } from 'vitest';
import { currentTerms } from '../../src/server/affiliates/terms';
import { docArticles } from '../../src/server/db/seed/data/content';
import { testDb } from '../support/api';

/**
 * The affiliate article says what the site does (docs/decisions/070-affiliate-programme.md): its numbers in every
 * language are the seeded terms' numbers. Changing the terms in the migration or the article alone fails here.
 */
describe('the affiliate article and the terms', () => {
  it('states the rate, months, cookie days, holding days and minimum payout of the terms, in en, zh and ja', async () => {
    const terms = await currentTerms(testDb());
    const article = docArticles.find((a) => a.slug === 'affiliate');
    const rate = String(Number(terms.ratePercent));
    const expected = {
      en: [
        `${rate}% of each paid order`,
        `first **${terms.months} months**`,
        `**${terms.cookieDays} days**`,
        `${terms.holdingDays} days after each payment`,
      ],
      zh: [
        `的 ${rate}%`,
        `**前 ${terms.months} 个月**`,
        `有效期 **${terms.cookieDays} 天**`,
        `每笔付款后 ${terms.holdingDays} 天`,
      ],
      ja: [
        `の ${rate}%`,
        `**${terms.months} か月間**`,
        `**${terms.cookieDays} 日間**`,
        `各お支払いから ${terms.holdingDays} 日間`,
      ],
    } as const;
    for (const locale of ['en', 'zh', 'ja'] as const) {
      const body = article?.translations[locale]?.body ?? '';
      for (const phrase of expected[locale]) expect(body, `${locale}: ${phrase}`).toContain(phrase);
      expect(body).toContain(`{{money:${terms.minimumPayoutUsdCents}}}`);
    }
  });
});
