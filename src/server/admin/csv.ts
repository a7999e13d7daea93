import 'server-only';
import type { Context } from 'hono';
import { stream } from 'hono/streaming';
import type { Reader } from '../db/client';
import { currencies } from '../db/schema';
import { logEvent } from '../log';

/**
 * The one CSV writer of the back office's exports (RFC 4180: fields joined by commas, lines ended by CRLF, quotes
 * doubled). An export hands `csvDownload` rows of values, never text, so every cell of every export is guarded the
 * same way (docs/decisions/053-site-paths.md, "Spreadsheet cells").
 *
 * Spreadsheets run a cell that starts with `=`, `+`, `-` or `@` as a formula: a customer's name like
 * `=HYPERLINK(...)` would run on the operator's machine (OWASP, CSV injection). Some skip what comes first (spaces,
 * tabs, line breaks, invisible characters) or fold full-width forms (`＝`) into ASCII before they look. So, as OWASP
 * asks:
 * - every text cell is quoted, so no comma, semicolon (the separator of spreadsheets in many languages), quote or
 *   line break in it can start another cell;
 * - a text cell whose first character is a formula trigger once folded (NFKC), the minus sign, or anything a
 *   spreadsheet may skip (whitespace, a control or format character) gets a leading `'`, which spreadsheets read as
 *   "this is text".
 * Numbers (JavaScript numbers, ours) are written as they are: a negative amount is a number, not a formula.
 */
export type CsvValue = string | number | boolean | null | undefined;

/** What a spreadsheet reads as the start of a formula, once full-width forms are folded (NFKC). */
const FORMULA_TRIGGER = /^[=+\-@\u2212]/;
/** What a spreadsheet may skip before it looks: whitespace, controls (tab, CR, LF, NUL), invisible characters. */
const SKIPPED = /^[\s\p{Cc}\p{Cf}\p{Z}]/u;

/** True when a spreadsheet could read `text` as a formula: such a cell is written with a leading `'`. */
export function couldBeFormula(text: string): boolean {
  const first = text.codePointAt(0);
  if (first === undefined) return false;
  const character = String.fromCodePoint(first);
  return SKIPPED.test(character) || FORMULA_TRIGGER.test(character.normalize('NFKC'));
}

export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  const text = couldBeFormula(value) ? `'${value}` : value;
  return `"${text.replace(/"/g, '""')}"`;
}

export function csvLine(values: readonly CsvValue[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

/**
 * A CSV file as an attachment named `<name>-<day>.csv`: the header, then each batch of rows as the generator gives
 * it, so a large export never sits in memory. The first batch is read before the answer starts, so a refused
 * filter or cursor is still a 4xx rather than a cut-off download.
 */
export async function csvDownload(
  c: Context,
  name: string,
  header: readonly string[],
  batches: AsyncIterator<readonly (readonly CsvValue[])[]>,
): Promise<Response> {
  const first = await batches.next();
  const day = new Date().toISOString().slice(0, 10);
  c.header('content-type', 'text/csv; charset=utf-8');
  c.header('content-disposition', `attachment; filename="${name}-${day}.csv"`);
  c.header('cache-control', 'no-store');
  const text = (rows: readonly (readonly CsvValue[])[]) => rows.map(csvLine).join('');
  return stream(
    c,
    async (out) => {
      // A byte-order mark: spreadsheet programs then read the file as UTF-8 (names in Chinese and Japanese).
      await out.write(`\uFEFF${csvLine(header)}`);
      if (!first.done) await out.write(text(first.value));
      for (let next = await batches.next(); !next.done; next = await batches.next()) {
        if (next.value.length > 0) await out.write(text(next.value));
      }
    },
    async (error) => {
      logEvent('error', `${name} export failed`, { error: error.message });
    },
  );
}

/** A minor-unit amount as text in the major unit (1234 with 2 digits: "12.34"), exact, without float rounding. */
export function majorAmount(minor: number, digits: number): string {
  if (digits === 0) return String(minor);
  const sign = minor < 0 ? '-' : '';
  const text = String(Math.abs(minor)).padStart(digits + 1, '0');
  return `${sign}${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

/** Each currency's minor digits, read once for an export's amounts. */
export async function currencyDigits(db: Reader): Promise<Map<string, number>> {
  const rows = await db.select({ code: currencies.code, digits: currencies.minorDigits }).from(currencies);
  return new Map(rows.map((c) => [c.code, c.digits]));
}
