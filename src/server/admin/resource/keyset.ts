import 'server-only';
import { and, asc, Column, desc, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { invalidInput } from '../../api/errors';
import type { Reader } from '../../db/client';

/**
 * Keyset paging for the lists that grow without end (docs/decisions/044-keyset-lists.md): a page is "the next
 * `rows` rows after this one in (sort, key) order", an index range however deep the page, where OFFSET would read
 * and drop every row before it. The cursor is the last row's sort value and key, base64url JSON, opaque to the
 * client and checked when it comes back (422 on `cursor` otherwise).
 */
export type SortKind = 'time' | 'number' | 'text';
export type Cursor = { v: string | number; id: string | number };

/** Past this many matches a keyset list says "more than": counting a broad filter over a million rows is the slow part. */
export const KEYSET_COUNT_CAP = 10_000;

/** How a sort column's values travel in a cursor: times as ISO text, numbers as numbers, the rest as text. */
export function sortKind(sort: AnyPgColumn | SQL): SortKind {
  if (!(sort instanceof Column)) return 'number';
  return sort.dataType === 'date' ? 'time' : sort.dataType === 'number' ? 'number' : 'text';
}

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.v, cursor.id])).toString('base64url');
}

/** The cursor the client sent back, or undefined for the first page; anything else is a 422 on `cursor`. */
export function decodeCursor(text: string, kind: SortKind): Cursor | undefined {
  if (!text) return undefined;
  try {
    const value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as unknown;
    if (Array.isArray(value) && value.length === 2 && ['string', 'number'].includes(typeof value[1])) {
      const [v, id] = value as [unknown, string | number];
      if (kind === 'number' && typeof v === 'number' && Number.isFinite(v)) return { v, id };
      if (kind === 'time' && typeof v === 'string' && !Number.isNaN(Date.parse(v))) return { v, id };
      if (kind === 'text' && typeof v === 'string') return { v, id };
    }
  } catch {
    // Falls through to the refusal below.
  }
  throw invalidInput({ cursor: 'api.field.invalid' });
}

/** `(sort, key) < (v, id)` for a descending page, `>` for an ascending one: the row comparison an index serves. */
export function after(
  sort: AnyPgColumn | SQL,
  key: AnyPgColumn,
  cursor: Cursor | undefined,
  kind: SortKind,
  dir: 'asc' | 'desc',
): SQL | undefined {
  if (!cursor) return undefined;
  const value = kind === 'time' ? sql`${cursor.v}::timestamptz` : sql`${cursor.v}`;
  return dir === 'desc'
    ? sql`(${sort}, ${key}) < (${value}, ${cursor.id})`
    : sql`(${sort}, ${key}) > (${value}, ${cursor.id})`;
}

/** A row's sort value as a cursor carries it. */
export function cursorValue(value: unknown, kind: SortKind): string | number {
  if (kind === 'time') return value instanceof Date ? value.toISOString() : new Date(String(value)).toISOString();
  return kind === 'number' ? Number(value) : String(value);
}

/**
 * The keys of one keyset page of `table`: the `rows` rows after `cursor` in (sort, key) order among those `where`
 * matches, one more asked to know whether more follow, and the cursor of the next page (null on the last).
 */
export async function keysetKeys(
  db: Reader,
  page: {
    table: PgTable;
    key: AnyPgColumn;
    sort: AnyPgColumn | SQL;
    where: SQL | undefined;
    cursor: string;
    dir: 'asc' | 'desc';
    rows: number;
  },
): Promise<{ keys: (string | number)[]; next: string | null }> {
  const { table, key, sort, where, dir, rows } = page;
  const kind = sortKind(sort);
  const order = dir === 'asc' ? asc : desc;
  const found = await db
    .select({ key, sortValue: sql`${sort}` })
    .from(table)
    .where(and(where, after(sort, key, decodeCursor(page.cursor, kind), kind, dir)))
    .orderBy(order(sort), order(key))
    .limit(rows + 1);
  const shown = found.slice(0, rows);
  const last = shown.at(-1);
  return {
    keys: shown.map((k) => k.key as string | number),
    next:
      found.length > rows && last
        ? encodeCursor({ v: cursorValue(last.sortValue, kind), id: last.key as string | number })
        : null,
  };
}
