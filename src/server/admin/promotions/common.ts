import 'server-only';
import { sql } from 'drizzle-orm';
import { ApiError, BusinessCode, notFound } from '../../api/errors';
import { announceChange } from '../../changes/bus';
import type { Database } from '../../db/client';
import { recordAudit } from '../audit';
import type { SignedInStaff } from '../sessions';

/**
 * What every promotion editor shares (docs/product/back-office-promotions.md): each save is one transaction in
 * which the row is locked and its version compared (409 with the row as it is now), the write made, the audit
 * row written and the change announced to every instance, which drops its kept sale, coupon and campaign reads
 * and the pages that show them (docs/decisions/040-changes-reach-every-instance.md).
 */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
export type Reader = Pick<Database, 'select' | 'execute'>;
export type PromotionAuditKind = 'coupon' | 'sale' | 'saleItem' | 'pintuanOffer' | 'promotion';

/** Rows as the API and the audit log show them: times as ISO text, so a snapshot compares the same everywhere. */
export function plain<T>(row: T): T {
  return JSON.parse(JSON.stringify(row)) as T;
}

/**
 * Locks a row for a save and answers it as it is, or 404; a save made over another version answers 409 with
 * `current`, so the editor can show theirs beside what was typed.
 */
export async function lockForSave<T extends { version: number }>(
  tx: Tx,
  table: string,
  id: number,
  version: number,
  read: (tx: Tx, id: number) => Promise<T | undefined>,
): Promise<T> {
  await tx.execute(sql`select 1 from ${sql.identifier(table)} where id = ${id} for update`);
  const current = await read(tx, id);
  if (!current) throw notFound('api.admin.notFound');
  if (current.version !== version) {
    throw new ApiError(BusinessCode.conflict, 'api.admin.staleVersion', { extra: { current } });
  }
  return current;
}

/** The audit row and the announcement of a promotion change, in its transaction. */
export async function recorded(
  tx: Tx,
  by: SignedInStaff,
  kind: PromotionAuditKind,
  entityId: number,
  action: 'create' | 'update' | 'delete',
  before: object | null,
  after: object | null,
): Promise<void> {
  await recordAudit(tx, {
    staffId: by.id,
    kind,
    entityId,
    action,
    before: before as Record<string, unknown> | null,
    after: after as Record<string, unknown> | null,
  });
  await announceChange(tx, ['promotions']);
}

/** A refusal shown at one field (422), nothing saved. */
export function refusedAt(field: string, key: string, extra?: Record<string, unknown>): ApiError {
  return new ApiError(BusinessCode.invalidInput, 'api.invalidInput', { fields: { [field]: key }, extra });
}

/**
 * Stock may be raised or lowered while a promotion runs, never below what is already claimed or sold
 * (`stock_total - stock_left`). The refusal names how many are taken, so the editor can say it.
 */
export function stockBelowTaken(taken: number): ApiError {
  return refusedAt('stockTotal', 'api.admin.promotionsStockBelowClaimed', { claimed: taken });
}

/** Case-insensitive search in every language of a `{en, zh, ja}` column. */
export function searchLocalized(column: unknown, q: string) {
  const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql`(${column}->>'en' ilike ${like} or ${column}->>'zh' ilike ${like} or ${column}->>'ja' ilike ${like})`;
}
