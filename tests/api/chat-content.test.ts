import { describe, expect, it } from 'vitest';
import { announcements, announcementTranslations } from '../../src/server/db/schema';
import { indexAnnouncements } from '../../src/server/search/indexer';
import { call, testApp, testDb } from '../support/api';

const app = testApp();

describe('chat answers quoting documents (docs/decisions/015-chat-helper.md: safety)', () => {
  it('shows markup written in a document as text, never as markup', async () => {
    // Written as the back office writes it: the row and its search index entry (docs/decisions/046-search.md).
    const [row] = await testDb()
      .insert(announcements)
      .values({ category: 'notice', publishedAt: new Date() })
      .returning({ id: announcements.id });
    await testDb()
      .insert(announcementTranslations)
      .values({
        announcementId: row?.id ?? 0,
        locale: 'en',
        title: 'Zyxwq maintenance window',
        body: 'The zyxwq cluster <script>alert(1)</script> <img src=x onerror=alert(2)> [link](javascript:alert(3)) restarts at noon.',
      });
    await indexAnnouncements(testDb(), [row?.id ?? 0]);
    const res = await call(app, 'POST', '/api/chat', {
      json: { key: 'cirrus-chat-widget', question: 'When is the zyxwq maintenance?', uuid: crypto.randomUUID() },
      headers: { 'x-forwarded-for': '10.7.0.1' },
    });
    const answer = (res.json.message as { answer: string }).answer;
    expect(answer).toContain(`href="/doc/announce/detail/${row?.id}"`);
    // What a document says in markup arrives as text at most: no element, no live link.
    expect(answer).not.toMatch(/<script|<img|href="javascript/i);
    expect(answer).toContain('From our announcement');
    expect(answer).toContain('zyxwq');
  });
});
