import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, taxRules } from '../../src/server/db/schema';
import { call, testApp, testDb } from '../support/api';
import { signedInStaff } from '../support/staff';

// A resource declared once (src/lib/admin/resources/tax-rules.ts, nothing bound beyond its table) gets its list,
// reads, locked and versioned writes, audit entries, history and undo from the generic path
// (src/server/admin/resource/). Tax rules stand for every resource here.

const app = testApp();
const db = testDb();
let manager: Record<string, string>;
let owner: Record<string, string>;

const rule = (country: string, validFrom = '2031-01-01') => ({
  country,
  name: { en: 'Test levy', zh: '测试税费', ja: 'テスト税' },
  ratePercent: '21',
  reverseCharge: true,
  validFrom,
});

beforeAll(async () => {
  manager = (await signedInStaff(app, db, 'manager')).headers;
  owner = (await signedInStaff(app, db, 'owner')).headers;
});

describe('a declared resource (tax rules)', () => {
  it('creates, refuses a repeat at the field, saves with versions and answers 409 with the row over a stale one', async () => {
    const made = await call(app, 'POST', '/api/admin/tax-rules', { json: rule('BA'), headers: manager });
    expect(made.status, JSON.stringify(made.json)).toBe(200);
    const created = made.json.message as { id: number; version: number; country: string };
    expect(created).toMatchObject({ country: 'BA', ratePercent: '21.00', version: 1 });

    const repeat = await call(app, 'POST', '/api/admin/tax-rules', { json: rule('BA'), headers: manager });
    expect(repeat.json).toMatchObject({ code: 4001, fields: { validFrom: 'api.admin.duplicate' } });
    const badRate = await call(app, 'POST', '/api/admin/tax-rules', {
      json: { ...rule('NO'), ratePercent: '21.555' },
      headers: manager,
    });
    expect(badRate.json).toMatchObject({ fields: { ratePercent: 'api.admin.taxRateInvalid' } });
    const badCountry = await call(app, 'POST', '/api/admin/tax-rules', { json: rule('XX'), headers: manager });
    expect(badCountry.json).toMatchObject({ fields: { country: 'api.field.invalid' } });

    const changed = await call(app, 'PUT', `/api/admin/tax-rules/${created.id}`, {
      json: { ...rule('BA'), ratePercent: '20.5', version: 1 },
      headers: manager,
    });
    expect(changed.json.message).toMatchObject({ ratePercent: '20.50', version: 2 });
    const stale = await call(app, 'PUT', `/api/admin/tax-rules/${created.id}`, {
      json: { ...rule('BA'), ratePercent: '19', version: 1 },
      headers: owner,
    });
    expect(stale.status).toBe(409);
    expect(stale.json).toMatchObject({ code: 4090, current: { ratePercent: '20.50', version: 2 } });

    const history = await call(app, 'GET', `/api/admin/tax-rules/${created.id}/history`, { headers: manager });
    expect((history.json.message as { items: { action: string }[] }).items.map((e) => e.action)).toEqual([
      'update',
      'create',
    ]);
    await db.delete(taxRules).where(eq(taxRules.id, created.id));
  });

  it('lists a page ordered, searched and counted as asked', async () => {
    for (const country of ['IS', 'NO', 'CH']) {
      await call(app, 'POST', '/api/admin/tax-rules', { json: rule(country, '2032-02-02'), headers: manager });
    }
    const page = await call(app, 'GET', '/api/admin/tax-rules?sort=country&dir=desc&rows=2&q=2032', {
      headers: manager,
    });
    // The search matches the key and the form's text fields: no rule's country holds "2032".
    expect(page.json.message).toMatchObject({ total: 0, items: [] });
    const nordic = await call(app, 'GET', '/api/admin/tax-rules?sort=country&dir=desc&rows=2&q=%E6%B5%8B%E8%AF%95', {
      headers: manager,
    });
    // Found by the Chinese name of the levy, newest country code first, two a page of three.
    expect(nordic.json.message).toMatchObject({ total: 3, page: 1, rows: 2, capped: false });
    expect((nordic.json.message as { items: { country: string }[] }).items.map((r) => r.country)).toEqual(['NO', 'IS']);
    const refused = await call(app, 'GET', '/api/admin/tax-rules?sort=rate', { headers: manager });
    expect(refused.json).toMatchObject({ code: 4001, fields: { sort: 'api.field.invalid' } });
    await db.delete(taxRules).where(eq(taxRules.validFrom, '2032-02-02'));
  });

  it('undoes a change only while the row is as that change left it, and only once', async () => {
    const made = (await call(app, 'POST', '/api/admin/tax-rules', { json: rule('AD', '2033-03-03'), headers: manager }))
      .json.message as { id: number };
    const first = await call(app, 'PUT', `/api/admin/tax-rules/${made.id}`, {
      json: { ...rule('AD', '2033-03-03'), ratePercent: '20', version: 1 },
      headers: manager,
    });
    expect(first.status).toBe(200);
    const entryOf = async (version: number) =>
      (
        await db
          .select()
          .from(auditLog)
          .where(
            and(eq(auditLog.kind, 'taxRule'), eq(auditLog.entityId, String(made.id)), eq(auditLog.action, 'update')),
          )
      ).find((e) => e.after?.version === version);
    const firstEntry = await entryOf(2);
    // The owner changes it again: undoing the manager's older change would now wipe the owner's.
    await call(app, 'PUT', `/api/admin/tax-rules/${made.id}`, {
      json: { ...rule('AD', '2033-03-03'), ratePercent: '19', version: 2 },
      headers: owner,
    });
    const stale = await call(app, 'POST', `/api/admin/audit/${firstEntry?.id}/revert`, { json: {}, headers: manager });
    expect(stale.status).toBe(409);
    expect(stale.json).toMatchObject({ code: 4090, current: { ratePercent: '19.00', version: 3 } });

    const latest = await entryOf(3);
    const undone = await call(app, 'POST', `/api/admin/audit/${latest?.id}/revert`, { json: {}, headers: owner });
    expect(undone.json.message).toMatchObject({ ratePercent: '20.00', version: 4 });
    const again = await call(app, 'POST', `/api/admin/audit/${latest?.id}/revert`, { json: {}, headers: owner });
    expect(again.status).toBe(409);

    // Deleted and brought back: the row's version goes on from where it was, never back to 1.
    await call(app, 'DELETE', `/api/admin/tax-rules/${made.id}?version=4`, { headers: owner });
    const [deletion] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.kind, 'taxRule'), eq(auditLog.entityId, String(made.id)), eq(auditLog.action, 'delete')));
    const back = await call(app, 'POST', `/api/admin/audit/${deletion?.id}/revert`, { json: {}, headers: owner });
    expect(back.json.message).toMatchObject({ ratePercent: '20.00', version: 5 });
    const backAgain = await call(app, 'POST', `/api/admin/audit/${deletion?.id}/revert`, { json: {}, headers: owner });
    expect(backAgain.status).toBe(409);
    await db.delete(taxRules).where(eq(taxRules.id, made.id));
  });
});
