import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activityViews } from '../../src/server/db/schema';
import { call, testApp, testDb } from '../support/api';

const app = testApp();

describe('activity page views (docs/product/targets.md#promotions)', () => {
  it('records a view of an activity page under its route name', async () => {
    const visitorId = crypto.randomUUID();
    const res = await call(app, 'POST', '/api/user/behavior/actPage', {
      json: { path: '/zh/activity/pintuan/part-vps/12', visitorId },
    });
    expect(res.json.code).toBe(2000);
    const rows = await testDb().select().from(activityViews).where(eq(activityViews.visitorId, visitorId));
    expect(rows.map((r) => r.routeName)).toEqual(['activity-pintuan-vps-id___zh']);
  });

  it.each([
    ['a page that is not an activity', { path: '/about', visitorId: crypto.randomUUID() }, 'path'],
    ['a malformed visitor id', { path: '/activity/vps', visitorId: '<script>' }, 'visitorId'],
  ])('refuses %s', async (_, json, field) => {
    const res = await call(app, 'POST', '/api/user/behavior/actPage', { json });
    expect(res.status).toBe(422);
    expect(Object.keys(res.json.fields ?? {})).toEqual([field]);
  });
});
