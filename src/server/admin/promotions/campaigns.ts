import 'server-only';
import { asc, count, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { PromotionInput, promotionQuery } from '@/lib/admin/promotions-schemas';
import { isUniqueViolation, notFound } from '../../api/errors';
import type { Database } from '../../db/client';
import { promotions } from '../../db/schema';
import type { SignedInStaff } from '../sessions';
import { lockForSave, plain, type Reader, recorded, refusedAt, searchLocalized } from './common';

/**
 * The campaigns of /activity/promotion; the running one marked `popup` is also the shell's pop-up and banner on
 * every page (src/app/[locale]/[currency]/layout.tsx).
 */
type CampaignRow = typeof promotions.$inferSelect;
export type CampaignSnapshot = Omit<CampaignRow, 'startsAt' | 'endsAt'> & { startsAt: string; endsAt: string };

const campaignOf = (row: CampaignRow): CampaignSnapshot =>
  plain({ ...row, startsAt: row.startsAt.toISOString(), endsAt: row.endsAt.toISOString() });

export async function campaignSnapshot(db: Reader, id: number): Promise<CampaignSnapshot | undefined> {
  const [row] = await db.select().from(promotions).where(eq(promotions.id, id));
  return row ? campaignOf(row) : undefined;
}

export async function getCampaign(db: Database, id: number) {
  const found = await campaignSnapshot(db, id);
  if (!found) throw notFound('api.admin.notFound');
  return found;
}

const SORTS = {
  sort: promotions.sort,
  id: promotions.id,
  startsAt: promotions.startsAt,
  endsAt: promotions.endsAt,
} as const;

export async function listCampaigns(db: Database, query: z.output<typeof promotionQuery>) {
  const where = query.q ? searchLocalized(promotions.title, query.q) : undefined;
  const order = query.dir === 'asc' ? asc : desc;
  const [[counted], rows] = await Promise.all([
    db.select({ n: count() }).from(promotions).where(where),
    db
      .select()
      .from(promotions)
      .where(where)
      .orderBy(order(SORTS[query.sort]), order(promotions.id))
      .limit(query.rows)
      .offset((query.page - 1) * query.rows),
  ]);
  return { total: counted?.n ?? 0, page: query.page, rows: query.rows, items: rows.map(campaignOf) };
}

const columnsOf = (input: PromotionInput) => ({
  ...input,
  imageUrl: input.imageUrl || null,
  startsAt: new Date(input.startsAt),
  endsAt: new Date(input.endsAt),
});

/** Two campaigns cannot share a slug (the table's unique key decides, even for two saves at once). */
async function slugFree<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw refusedAt('slug', 'api.admin.promotionsSlugTaken');
    throw error;
  }
}

export async function createCampaign(db: Database, by: SignedInStaff, input: PromotionInput) {
  return slugFree(() =>
    db.transaction(async (tx) => {
      const [row] = await tx.insert(promotions).values(columnsOf(input)).returning({ id: promotions.id });
      if (!row) throw new Error('promotions insert returned no row');
      const after = (await campaignSnapshot(tx, row.id)) ?? null;
      await recorded(tx, by, 'promotion', row.id, 'create', null, after);
      return after;
    }),
  );
}

export async function updateCampaign(
  db: Database,
  by: SignedInStaff,
  id: number,
  input: PromotionInput & { version: number },
) {
  return slugFree(() =>
    db.transaction(async (tx) => {
      const before = await lockForSave(tx, 'promotions', id, input.version, campaignSnapshot);
      const { version: _, ...fields } = input;
      await tx
        .update(promotions)
        .set({ ...columnsOf(fields), version: before.version + 1 })
        .where(eq(promotions.id, id));
      const after = (await campaignSnapshot(tx, id)) ?? null;
      await recorded(tx, by, 'promotion', id, 'update', before, after);
      return after;
    }),
  );
}

/** A campaign is only shown, never referenced: it can be deleted outright. */
export async function deleteCampaign(db: Database, by: SignedInStaff, id: number, version: number) {
  await db.transaction(async (tx) => {
    const before = await lockForSave(tx, 'promotions', id, version, campaignSnapshot);
    await tx.delete(promotions).where(eq(promotions.id, id));
    await recorded(tx, by, 'promotion', id, 'delete', before, null);
  });
}
