import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropAllReadCaches } from '../../src/server/api/read-cache';
import { call } from '../support/api';
import { type OwnDatabase, ownDatabase } from '../support/own-database';

/**
 * The chat quotes prices from catalog facts it keeps a few seconds; an operator's change drops them with the API's
 * read caches (src/server/changes/listener.ts calls dropAllReadCaches on every change), so the first question
 * after a price change gets the new price. On a database of this file's own: the price changed is every plan's
 * cheapest, which the other files quote.
 */
let own: OwnDatabase;

beforeAll(async () => {
  own = await ownDatabase('chat_changes');
});

afterAll(async () => {
  await own?.drop();
});

const cheapest = async () => {
  const res = await call(own.app, 'POST', '/api/chat', {
    json: {
      key: 'cirrus-chat-widget',
      question: 'What does the cheapest plan cost per month?',
      uuid: crypto.randomUUID(),
      language: 'en',
      currency: 'USD',
    },
    headers: { 'x-forwarded-for': '10.77.0.1' },
  });
  expect(res.json.code).toBe(2000);
  return (res.json.message as { answer: string }).answer;
};

describe('the chat after an operator’s price change', () => {
  it('quotes the new price as soon as the change is announced', async () => {
    expect(await cheapest()).toContain('$5.00');
    await own.db.$client.query(`update plans set monthly_price_cents = 450 where id = 'std-1c1g'`);
    // Not yet announced: the kept facts still answer (they are kept seconds, not read per question).
    expect(await cheapest()).toContain('$5.00');
    dropAllReadCaches();
    const after = await cheapest();
    expect(after).toContain('$4.50');
    expect(after).not.toContain('$5.00');
  });
});
