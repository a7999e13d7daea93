import 'server-only';
import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { maskAccount } from '@/lib/account-display';
import { invalidInput } from '../../api/errors';
import { may } from '../roles';
import type { SignedInStaff } from '../sessions';

/**
 * Keyset paging for the back office's big lists (orders, customers, deliveries): a page is "the next `rows` rows
 * after this one in (sort column, id) order", an index range however deep the page, where OFFSET would read and
 * drop every row before it. The cursor is the last row's sort value and id, opaque to the client.
 */
export type CursorPage<T> = {
  items: T[];
  /** The cursor of the next page, null on the last one. */
  next: string | null;
  /** How many rows match, counted up to COUNT_CAP. */
  total: number;
  /** False when there are more than `total` (the count stopped at its cap). */
  totalExact: boolean;
};

/** Counting every match of a broad filter over a million rows is the slow part; past this, "more than" will do. */
export const COUNT_CAP = 10_000;

export type Cursor = { v: string | number; id: number };

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.v, cursor.id])).toString('base64url');
}

/** The cursor the client sent back, or undefined for the first page; anything else is a 422 on `cursor`. */
export function decodeCursor(text: string, kind: 'number' | 'time'): Cursor | undefined {
  if (!text) return undefined;
  try {
    const value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as unknown;
    if (Array.isArray(value) && value.length === 2 && Number.isInteger(value[1]) && value[1] > 0) {
      const [v, id] = value as [unknown, number];
      if (kind === 'number' && Number.isInteger(v)) return { v: v as number, id };
      if (kind === 'time' && typeof v === 'string' && !Number.isNaN(Date.parse(v))) return { v, id };
    }
  } catch {
    // Falls through to the refusal below.
  }
  throw invalidInput({ cursor: 'api.field.invalid' });
}

/** `(sort, id) < (v, id)` for a descending page, `>` for an ascending one: the row comparison an index serves. */
export function after(sortColumn: PgColumn | SQL, idColumn: PgColumn, cursor: Cursor | undefined, dir: 'asc' | 'desc') {
  if (!cursor) return undefined;
  const value = typeof cursor.v === 'string' ? sql`${cursor.v}::timestamptz` : sql`${cursor.v}`;
  return dir === 'desc'
    ? sql`(${sortColumn}, ${idColumn}) < (${value}, ${cursor.id})`
    : sql`(${sortColumn}, ${idColumn}) > (${value}, ${cursor.id})`;
}

/**
 * Whether the viewer reads customers' e-mail addresses and phone numbers whole: owners and managers, who change
 * orders and accounts. Support reads them masked as the public site masks them (src/lib/account-display.ts), in
 * the API's answer itself, so nothing whole reaches their browser.
 */
export function seesContacts(viewer: SignedInStaff): boolean {
  return may(viewer.role, 'manageCommerce');
}

/** An e-mail address or phone number as this viewer may read it. */
export function contactFor(viewer: SignedInStaff, value: string | null): string | null {
  if (value === null || value === '') return value;
  return seesContacts(viewer) ? value : maskAccount(value);
}
