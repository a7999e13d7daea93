import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { csvCell, csvLine } from './csv';

const CORPUS = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, '../../../tests/fixtures/csv-cells.json'), 'utf8'),
) as { guarded: { text: string; why: string }[]; plain: { text: string; cell: string }[] };

describe('CSV cells (docs/decisions/053-site-paths.md, tests/fixtures/csv-cells.json)', () => {
  it.each(
    CORPUS.guarded.map((e) => [JSON.stringify(e.text), e] as const),
  )('writes %s as quoted text a spreadsheet does not run', (_, { text, why }) => {
    expect(csvCell(text), why).toBe(`"'${text.replace(/"/g, '""')}"`);
  });

  it.each(CORPUS.plain.map((e) => [JSON.stringify(e.text), e] as const))('writes %s quoted as it is', (_, e) => {
    expect(csvCell(e.text)).toBe(e.cell);
  });

  it('writes numbers, booleans and missing values bare', () => {
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(1234.5)).toBe('1234.5');
    expect(csvCell(Number.NaN)).toBe('');
    expect(csvCell(true)).toBe('true');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvLine(['a', 1, null, 'b,c'])).toBe('"a",1,,"b,c"\r\n');
  });

  it('is the only place a CSV answer is written, so every export is guarded the same way', async () => {
    const { readdir } = await import('node:fs/promises');
    const root = path.resolve(import.meta.dirname, '../..');
    const files = (await readdir(root, { recursive: true })).filter(
      (f) => /\.tsx?$/.test(f) && !f.endsWith('.test.ts'),
    );
    const writers = files.filter((f) => /['"`]text\/csv;/.test(readFileSync(path.join(root, f), 'utf8')));
    expect(writers).toEqual([path.join('server', 'admin', 'csv.ts')]);
  });
});
