import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { answerQuestion } from '../../src/server/chat/answer';
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

describe('POST /api/chat (issue 8, SPEC §7)', () => {
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
    expect(html).toMatch(/href="\/ja\/product\/vps-buy\?planId=[^"&]+&amp;regionId=[^"]+"/);

    const en = await ask('What does the cheapest plan cost per month?', { language: 'en', currency: 'HKD' });
    expect(answerOf(en)).toMatch(/HK\$\s?[\d,]+\.\d\d/);
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

  it('writes the answer from the retrieved passages, sanitized to the allow-list', async () => {
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
                  '<p onclick="x()">Refunds <strong>within 7 days</strong>.</p><script>alert(1)</script><a href="https://evil.example">x</a><a href="/doc/article/refund">Refund policy</a>',
              },
            },
          ],
        },
      };
    });
    const answer = await answerQuestion(
      testDb(),
      { question: 'How do refunds work?', locale: 'en' },
      { url, model: 'test-model', timeoutMs: 2000 },
    );
    expect(answer.provider).toBe('llm');
    expect(answer.html).toBe(
      '<p>Refunds <strong>within 7 days</strong>.</p><a>x</a><a href="/doc/article/refund">Refund policy</a>',
    );
    const request = JSON.parse(sent) as { model: string; messages: { role: string; content: string }[] };
    expect(request.model).toBe('test-model');
    expect(request.messages[0]?.content).toContain('/doc/article/refund');
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
});
