import { beforeAll, describe, expect, it } from 'vitest';
import { markdownPassages } from '@/lib/markdown';
import { chineseReading, foldKana, readingLibraries } from '../search/readings';
import { currencyNamed, splitQuestion } from './understand';

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
});
