import { beforeAll, describe, expect, it } from 'vitest';
import { markdownPassages } from '@/lib/markdown';
import { chineseReading, foldKana, readingLibraries } from '../search/readings';
import type { CatalogView } from './catalog';
import { recognise } from './intents';
import { bestExcerpt } from './retrieve';
import { currencyNamed, splitQuestion } from './understand';

/** A catalog of nothing but snapshot policies, for reading a policy by its name. */
const snapshotsOnly = {
  plans: [],
  regions: [],
  lines: [],
  suffixes: [],
  snapshots: [
    { id: 'six-hourly-12', name: '每 6 小时快照' },
    { id: 'monthly-6', name: '月次アーカイブ' },
  ],
} as unknown as CatalogView;

beforeAll(async () => {
  await readingLibraries();
});

describe('reading a question (docs/decisions/058-chat-general.md)', () => {
  it('cuts a question into the questions it holds', () => {
    expect(splitQuestion('discount for a year upfront? 6 months?')).toEqual([
      'discount for a year upfront?',
      '6 months?',
    ]);
    expect(splitQuestion('年付打几折?季付呢')).toEqual(['年付打几折?', '季付呢']);
    expect(splitQuestion('1核1g的套餐多少钱，在哪些地域有')).toEqual(['1核1g的套餐多少钱，', '在哪些地域有']);
    expect(splitQuestion('1vcpu/1gbのプランはいくらで、どのリージョンで使える?')).toEqual([
      '1vcpu/1gbのプランはいくらで、',
      'どのリージョンで使える?',
    ]);
    expect(splitQuestion('how much is the 1 vcpu plan and which regions is it in?')).toEqual([
      'how much is the 1 vcpu plan',
      'which regions is it in?',
    ]);
    // "and" inside one question does not cut it.
    expect(splitQuestion('do you take alipay and wechat pay')).toEqual(['do you take alipay and wechat pay']);
  });

  it('takes the currency a question names over the page’s', () => {
    expect(currencyNamed('cheapest in hk, in hkd')).toBe('HKD');
    expect(currencyNamed('最便宜的 港币多少')).toBe('HKD');
    expect(currencyNamed('香港ドルでいくら')).toBe('HKD');
    expect(currencyNamed('東京で最安のプラン、ドルで')).toBe('USD');
    expect(currencyNamed('in yen please')).toBe('JPY');
    expect(currencyNamed('多少日元')).toBe('JPY');
    expect(currencyNamed('cheapest in hk')).toBeUndefined();
  });

  it('reads Japanese by its kana and Chinese by its pinyin (docs/decisions/059-readings.md)', () => {
    expect(foldKana('へんきん')).toBe(foldKana('ヘンキン'));
    expect(foldKana('りょうきん')).toBe(foldKana('りょきん'));
    expect(foldKana('くうぽん')).toBe(foldKana('クーポン'));
    expect(chineseReading('快照')).toBe('kuaizhao');
    expect(chineseReading('快招')).toBe('kuaizhao');
    expect(chineseReading('vps')).toBe('');
  });

  it('quotes a table row with its headers, a list item on its own', () => {
    const [section] = markdownPassages(
      '## SLA\n\nWe commit to 99.95%.\n\n| Availability | Credit | Paid to |\n|---|---|---|\n| Below 99.9% | 25% | Balance |\n\n- one\n- two\n',
    );
    expect(section?.text.split('\n')).toEqual([
      'We commit to 99.95%.',
      'Below 99.9%: Credit: 25%; Paid to: Balance',
      'one',
      'two',
    ]);
  });

  it('reads a snapshot policy named as the subject, its words of time not as hourly billing', () => {
    expect(recognise('每6小时快照多少钱', [snapshotsOnly]).intent).toBe('snapshot');
    expect(recognise('月次アーカイブを米ドルで', [snapshotsOnly]).intent).toBe('snapshot');
  });

  it('reads a Japanese follow-up after Latin letters as one ("4vCPUなら？")', () => {
    const read = recognise('4vcpuなら?', []);
    expect(read.followUp).toBe(true);
    // Its intent comes from the size alone: after a licence question, the size is the licence's.
    expect(read.weak).toBe(true);
  });

  it('quotes the sentence answering the second thing a question asks, beyond the first one’s excerpt', () => {
    const passage = {
      heading: 'Commission and payouts',
      text: [
        'Commission: 15% of each paid order.',
        'Cookie: 30 days, last click wins.',
        'Holding period: 30 days after each payment.',
        'Payout date: monthly, by the 10th.',
        'Minimum payout: $50.00.',
      ].join('\n'),
    };
    const quoted = bestExcerpt(passage, 'what commission do I get? and the minimum payout', '', 'en', 60);
    expect(quoted).toContain('Minimum payout: $50.00.');
    expect(quoted).toContain('Commission: 15% of each paid order.');
  });
});
