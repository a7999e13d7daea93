import 'server-only';

/**
 * A CSV writer for the back office's exports (RFC 4180): fields joined by commas, lines ended by CRLF, a field
 * quoted when it holds a comma, a quote, a line break or spaces at its ends, its quotes doubled.
 *
 * Spreadsheets run a cell that starts with `=`, `+`, `-` or `@` (and tab or carriage return, which they skip
 * before looking) as a formula: a customer's name like `=HYPERLINK(...)` would run on the operator's machine.
 * Such a text cell is written with a leading apostrophe, which spreadsheets show as text (OWASP, CSV injection).
 * Numbers are written as they are: a negative amount is a number, not a formula.
 */
export type CsvValue = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;

export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(values: readonly CsvValue[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}
