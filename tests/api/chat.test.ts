import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { answerQuestion } from '../../src/server/chat/answer';
import { readContext, saveContext, sweepContexts } from '../../src/server/chat/context';
import { questionLanguage } from '../../src/server/chat/language';
import { splitSentences } from '../../src/server/chat/sentences';
import { chatContexts } from '../../src/server/db/schema';
import { call, testApp, testDb } from '../support/api';

const app = testApp();
const KEY = 'cirrus-chat-widget';

const ask = (question: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
  call(app, 'POST', '/api/chat', {
    json: { key: KEY, question, uuid: crypto.randomUUID(), ...extra },
    headers: {
      'x-forwarded-for': `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
      ...headers,
    },
  });
const answerOf = (res: Awaited<ReturnType<typeof ask>>) => (res.json.message as { answer: string }).answer;

describe('POST /api/chat (docs/decisions/015-chat-helper.md, docs/product/api.md#documentation-and-chat)', () => {
  it('answers a question with HTML quoting and citing the right article in the visitor’s language', async () => {
    const en = await ask('How are refunds handled if I cancel?', { language: 'en' });
    expect(en.json.code).toBe(2000);
    expect(answerOf(en)).toMatch(/<a href="\/doc\/article\/refund">/);

    const zh = await ask('怎么申请退款？', { language: 'zh' });
    expect(answerOf(zh)).toContain('href="/zh/doc/article/refund"');

    const ja = await ask('返金はどうすればいいですか', { language: 'ja' });
    expect(answerOf(ja)).toContain('href="/ja/doc/article/refund"');
  });

  it('quotes live prices in the visitor’s currency and offers a prefilled configurator link to buyers', async () => {
    const ja = await ask('2コアのVPSを購入したいです。料金はいくらですか？', { language: 'ja', currency: 'JPY' });
    const html = answerOf(ja);
    expect(html).toMatch(/[￥¥]\s?[\d,]+(?![.\d])/);
    expect(html).toMatch(/href="\/ja\/product\/vps-buy\?planId=std-2c4g"/);
    // The disk type is the plan's own, never a word of the helper's.
    expect(html).toContain('NVMe');
    expect(html).not.toContain('SSD');

    const en = await ask('What does the cheapest plan cost per month?', { language: 'en', currency: 'HKD' });
    expect(answerOf(en)).toMatch(/HK\$\s?[\d,]+\.\d\d/);

    const tokyo = await ask('What is the cheapest VPS in Tokyo?', { language: 'en' });
    expect(answerOf(tokyo)).toContain('href="/product/vps-buy?planId=std-1c1g&amp;regionId=tokyo"');
  });

  it('answers the SLA with the whole number, and a question in its own language on any page', async () => {
    const sla = answerOf(await ask('Is there an SLA?', { language: 'en' }));
    expect(sla).toContain('99.95%');
    expect(sla).toContain('href="/doc/article/legal-and-terms"');

    const ja = answerOf(await ask('スナップショットの料金は', { language: 'en', currency: 'JPY' }));
    expect(ja).toContain('スナップショット');
    expect(ja).toContain('href="/ja/product/vps-buy"');
    expect(ja).toMatch(/￥\d/);

    const domain = answerOf(await ask('How much is a .com domain?', { language: 'en' }));
    expect(domain).toContain('.com');
    expect(domain).toContain('href="/product/domain"');
    expect(domain).not.toContain('refund');
  });

  it('follows up on the question before in the same conversation, in any language', async () => {
    const uuid = crypto.randomUUID();
    const first = await ask('How much is the Standard 2 vCPU / 4 GB plan?', { uuid, language: 'en' });
    expect(answerOf(first)).toContain('href="/product/vps-buy?planId=std-2c4g"');
    const tokyo = await ask('and in Tokyo?', { uuid, language: 'en' });
    expect(answerOf(tokyo)).toContain('href="/product/vps-buy?planId=std-2c4g&amp;regionId=tokyo"');
    const osaka = await ask('那大阪呢？', { uuid, language: 'en' });
    expect(answerOf(osaka)).toContain('href="/zh/product/vps-buy?planId=std-2c4g&amp;regionId=osaka"');
    // Another conversation knows nothing of it.
    const other = await ask('and in Tokyo?', { language: 'en' });
    expect(answerOf(other)).not.toContain('planId=std-2c4g');
  });

  it('answers what the pricing model and the articles state, each part of a question, in the currency it names', async () => {
    const text = async (question: string, language: 'en' | 'zh' | 'ja') =>
      answerOf(await ask(question, { language })).replace(/<[^>]+>/g, ' ');
    // Licences per vCPU, and the month for the vCPUs asked about (docs/decisions/058-chat-general.md).
    const windows = await text('do u charge extra for windows? how much on a 4 vcpu box', 'en');
    expect(windows).toContain('$4.00');
    expect(windows).toContain('$16.00');
    const ja = await text('ウィンドウズのライセンス料はいくら？2vCPUだと', 'ja');
    // In yen on Japanese pages, with consumption tax first, as the pages show it (docs/decisions/066-tax.md).
    expect(ja).toContain('￥679（税込）／税抜 ￥617');
    expect(ja).toContain('￥1,357（税込）／税抜 ￥1,234');
    // Term discounts, both parts.
    const terms = await text('discount for a year upfront? 6 months?', 'en');
    expect(terms).toMatch(/12 months: 15% off/);
    expect(terms).toMatch(/6 months: 8% off/);
    const zh = await text('年付打几折？季付呢', 'zh');
    expect(zh).toContain('15%');
    expect(zh).toContain('5%');
    // A snapshot policy by what it does, typed with a character of the same sound (快招 for 快照).
    expect(await text('每天自动快招保留7天的要多少钱', 'zh')).toContain('HK$11.67');
    // Hourly billing per line; dedicated servers by term only.
    const hourly = await text('時間課金できますか？専用サーバーも？', 'ja');
    expect(hourly).toMatch(/スタンダード：時間課金/);
    expect(hourly).toMatch(/専用サーバー：契約期間のみ/);
    // The methods the article lists, and one it does not named as such.
    const pay = await text('支払い方法は？PayPayとかコンビニ払いできる？', 'ja');
    for (const method of ['PayPal', 'Alipay', 'WeChat Pay', 'PayPay', '銀行振込']) expect(pay).toContain(method);
    expect(pay).toMatch(/コンビニについての記載がない/);
    // Traffic beyond the allowance: throttled or billed per GB, and the packages.
    const traffic = await text('転送量を超えたらどうなる？', 'ja');
    expect(traffic).toMatch(/ポート速度を下げ/);
    expect(traffic).toMatch(/GB 単位で課金/);
    expect(traffic).toMatch(/転送量パック/);
    // The currency asked for wins over the page's.
    expect(await text('cheapest in HK, in HKD', 'en')).toContain('HK$46.68');
  });

  it('follows a sentence that points to another article and quotes the answer found there', async () => {
    // The VPS article says port 25 is closed and points to the abuse policy; the conditions are in the policy.
    const en = answerOf(await ask('how can I open port 25?', { language: 'en' }));
    expect(en).toContain('href="/doc/article/abuse"');
    expect(en).toContain('30 days');
    const ja = answerOf(await ask('25番ポートを開けるには？', { language: 'ja' }));
    expect(ja).toContain('href="/ja/doc/article/abuse"');
    expect(ja).toContain('30 日');
  });

  it('declines an off-topic question and says what it can help with', async () => {
    const html = answerOf(await ask('What is the weather in Paris today?', { language: 'en' }));
    expect(html).toContain('only help with questions about Cirrus Cloud');
    expect(html).toContain('href="/product/vps"');
  });

  it('says clearly when the documentation has nothing, with links onward', async () => {
    const res = await ask('qwzx vfrplk', { language: 'en' });
    expect(answerOf(res)).toContain('could not find');
    expect(answerOf(res)).toContain('href="/doc"');
  });

  it('refuses a wrong key, an empty or over-long question and a malformed conversation id', async () => {
    const wrongKey = await call(app, 'POST', '/api/chat', {
      json: { key: 'not-the-key', question: 'hello', uuid: crypto.randomUUID() },
    });
    expect([wrongKey.status, wrongKey.json]).toEqual([403, { code: 4030, message: 'api.chat.badKey' }]);

    const empty = await ask('   ');
    expect(empty.json).toMatchObject({ code: 4001, fields: { question: 'validation.required' } });
    const long = await ask('x'.repeat(501));
    expect(long.json).toMatchObject({ code: 4001, fields: { question: 'api.field.tooLong' } });
    const badId = await call(app, 'POST', '/api/chat', { json: { key: KEY, question: 'hi', uuid: 'nope' } });
    expect(badId.json).toMatchObject({ code: 4001, fields: { uuid: 'api.field.invalid' } });
  });

  it('keeps a conversation’s context 30 minutes, and sweeps expired ones', async () => {
    const db = testDb();
    const live = crypto.randomUUID();
    const old = crypto.randomUUID();
    await saveContext(db, live, { intent: 'planPrice', entities: { planId: 'std-1c1g' }, language: 'en' });
    await db.insert(chatContexts).values({
      conversation: old,
      intent: 'planPrice',
      entities: {},
      language: 'en',
      expiresAt: new Date(Date.now() - 1000),
    });
    expect(await readContext(db, live)).toEqual({
      intent: 'planPrice',
      entities: { planId: 'std-1c1g' },
      language: 'en',
    });
    expect(await readContext(db, old)).toBeUndefined();
    expect(await sweepContexts(db)).toBeGreaterThanOrEqual(1);
    expect(await readContext(db, live)).toBeDefined();
  });

  it('never returns script from a question', async () => {
    const res = await ask('<script>alert(1)</script><img src=x onerror=alert(1)> refund', { language: 'en' });
    const html = answerOf(res);
    expect(html).not.toMatch(/<script|<img|href="javascript/i);
  });

  it('limits questions per conversation', async () => {
    const uuid = crypto.randomUUID();
    const codes: number[] = [];
    for (let i = 0; i < 21; i += 1) {
      const res = await call(app, 'POST', '/api/chat', {
        json: { key: KEY, question: `refund ${i}`, uuid },
        headers: { 'x-forwarded-for': `10.8.0.${i}` },
      });
      codes.push(res.json.code as number);
    }
    expect(codes.slice(0, 20).every((c) => c === 2000)).toBe(true);
    expect(codes[20]).toBe(4290);
  });
});

describe('chat sentences and languages', () => {
  it('never splits a sentence inside a number, a version or an abbreviation', () => {
    expect(splitSentences('We commit to 99.95% monthly availability. Credits are 10%.', 'en')).toEqual([
      'We commit to 99.95% monthly availability.',
      'Credits are 10%.',
    ]);
    expect(splitSentences('Use e.g. Ubuntu with API v2.0 at $1.50 a month. Then reboot.', 'en')).toEqual([
      'Use e.g. Ubuntu with API v2.0 at $1.50 a month.',
      'Then reboot.',
    ]);
    expect(
      splitSentences('月間稼働率 99.95% をお約束します。目標を下回った場合はクレジットを提供します。', 'ja'),
    ).toEqual(['月間稼働率 99.95% をお約束します。', '目標を下回った場合はクレジットを提供します。']);
  });

  it('tells the question’s language from its script and words', () => {
    expect(questionLanguage('東京は?', 'en')).toBe('ja');
    expect(questionLanguage('那东京呢?', 'ja')).toBe('zh');
    expect(questionLanguage('料金', 'zh')).toBe('ja');
    expect(questionLanguage('and in Tokyo?', 'ja')).toBe('en');
    expect(questionLanguage('VPS', 'ja')).toBe('ja');
    expect(questionLanguage('.com', 'zh')).toBe('zh');
  });
});

describe('chat with a configured provider', () => {
  let server: Server | undefined;
  afterEach(() => server?.close());

  async function provider(handler: (body: string) => { status: number; json?: unknown; delayMs?: number }) {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => {
        body += c.toString();
      });
      req.on('end', () => {
        const answer = handler(body);
        setTimeout(() => {
          res.writeHead(answer.status, { 'content-type': 'application/json' });
          res.end(JSON.stringify(answer.json ?? {}));
        }, answer.delayMs ?? 0);
      });
    });
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/chat/completions`;
  }

  it('uses a correct answer of the provider, given the facts and passages with their links', async () => {
    let sent = '';
    const url = await provider((body) => {
      sent = body;
      return {
        status: 200,
        json: {
          choices: [
            {
              message: {
                content:
                  '<p>Yes: <strong>99.95%</strong> monthly availability (<a href="/doc/article/legal-and-terms">terms</a>).</p>',
              },
            },
          ],
        },
      };
    });
    const answer = await answerQuestion(
      testDb(),
      { question: 'Is there an SLA?', locale: 'en' },
      { url, model: 'test-model', timeoutMs: 2000 },
    );
    expect(answer.provider).toBe('llm');
    expect(answer.html).toBe(
      '<p>Yes: <strong>99.95%</strong> monthly availability (<a href="/doc/article/legal-and-terms">terms</a>).</p>',
    );
    const request = JSON.parse(sent) as { model: string; messages: { role: string; content: string }[] };
    expect(request.model).toBe('test-model');
    const system = request.messages[0]?.content ?? '';
    expect(system).toContain('link: /doc/article/legal-and-terms');
    expect(system).toContain('99.95%');
    expect(system).toMatch(/Cite every fact or passage/);

    // Catalog facts go with the page that shows them, in the answer's language.
    await answerQuestion(
      testDb(),
      { question: '一番安いVPSはいくらですか', locale: 'en' },
      { url, model: 'test-model', timeoutMs: 2000 },
    );
    expect(JSON.parse(sent).messages[0].content).toContain('(link: /ja/product/vps)');
  });

  it('removes script from the provider’s HTML and cites the sources when it did not', async () => {
    const url = await provider(() => ({
      status: 200,
      json: {
        choices: [
          {
            message: {
              content:
                '<p onclick="x()">Refunds <strong>within 7 days</strong>.</p><script>alert(1)</script><a href="https://evil.example">x</a>',
            },
          },
        ],
      },
    }));
    const answer = await answerQuestion(
      testDb(),
      { question: 'How do refunds work?', locale: 'en' },
      { url, model: 'test-model', timeoutMs: 2000 },
    );
    expect(answer.provider).toBe('llm');
    expect(answer.html).not.toMatch(/<script|onclick|evil\.example/);
    expect(answer.html).toContain('<p>Refunds <strong>within 7 days</strong>.</p>');
    expect(answer.html).toContain('href="/doc/article/refund"');
  });

  it('falls back to the retrieval answer when the provider is too slow or fails', async () => {
    const slow = await provider(() => ({ status: 200, delayMs: 1500, json: { choices: [] } }));
    const answer = await answerQuestion(
      testDb(),
      { question: 'How do refunds work?', locale: 'en' },
      { url: slow, model: 'm', timeoutMs: 200 },
    );
    expect(answer.provider).toBe('retrieval');
    expect(answer.html).toContain('href="/doc/article/refund"');
  });

  it('states group-buy prices and coupon minimums in yen with consumption tax first on Japanese pages only', async () => {
    const text = async (question: string, language: 'en' | 'zh' | 'ja', currency: string) =>
      answerOf(await ask(question, { language, currency })).replace(/<[^>]+>/g, ' ');
    const both = /￥[\d,]+（税込）／税抜 ￥[\d,]+/;
    expect(await text('共同購入の料金は？', 'ja', 'JPY')).toMatch(both);
    expect(await text('使えるクーポンはありますか', 'ja', 'JPY')).toMatch(both);
    // Elsewhere prices are without tax, and say nothing of it.
    expect(await text('What group-buy offers are there?', 'en', 'JPY')).not.toMatch(/税/);
    expect(await text('共同購入の料金は？', 'ja', 'USD')).not.toMatch(/税込/);
  });
});
