import { describe, expect, it } from 'vitest';
import { stackedLayout, stackedTableHeightPx, type TableShape, tableHeightPx } from './table-height';

const plain = (head: string[], rows: string[][]): TableShape => ({
  head,
  rows,
  headStyle: 'plain',
  columns: head.map(() => ({ wrap: true })),
});

describe('table height bound', () => {
  it('gives a table whose cells fit on one line one line per row, with headroom', () => {
    const height = tableHeightPx(
      plain(
        ['Region', 'Code'],
        [
          ['Tokyo', 'TYO1'],
          ['Osaka', 'OSA1'],
        ],
      ),
    );
    const exact = 2 + 3 * (16 + 20) + 2; // border, three one-line rows, two dividers
    expect(height).toBeGreaterThanOrEqual(exact);
    expect(height).toBeLessThan(exact * 1.3);
  });

  it('counts the lines a long cell wraps to on a 320 px phone', () => {
    const short = tableHeightPx(plain(['Plan', 'Note'], [['A', 'fits']]));
    const long = tableHeightPx(
      plain(['Plan', 'Note'], [['A', 'a sentence long enough to wrap over several lines '.repeat(3)]]),
    );
    expect(long - short).toBeGreaterThan(3 * 20);
  });

  it('lets Chinese and Japanese text break between characters, but not before closing marks', () => {
    const cjk = tableHeightPx(plain(['资源', '说明'], [['快照', '保存的数据量，按每月最高用量计费。'.repeat(4)]]));
    expect(cjk).toBeGreaterThan(tableHeightPx(plain(['资源', '说明'], [['快照', '按量']])) + 3 * 20);
    // `（GB）` cannot be split, so a column of it is never narrower than the whole mark.
    const narrowest = tableHeightPx(
      plain(['a', 'b', 'c', 'd', 'e', 'f'], [['（GB）', '（GB）', '（GB）', '（GB）', '（GB）', '（GB）']]),
    );
    expect(narrowest).toBeLessThan(2 + 2 * (16 + 3 * 20) + 1 + 40);
  });

  it('keeps one-line cells on one line however long they get', () => {
    const catalog = (price: string): TableShape => ({
      head: ['Plan', 'CPU', 'RAM', 'Disk', 'Traffic', 'Price'],
      rows: [['Starter', '1 vCPU', '1 GB', '25 GB', '1 TB', price]],
      headStyle: 'caps',
      columns: [{ wrap: true, minWidthPx: 160, bold: true }, ...Array(5).fill({ wrap: false })],
    });
    expect(tableHeightPx(catalog('$5.00 / month, billed yearly'))).toBe(tableHeightPx(catalog('$5.00')));
    // Upper-case headers on one 16 px line, one 20 px row: border, header, row, divider, with headroom.
    expect(tableHeightPx(catalog('$5.00'))).toBe(Math.ceil((2 + 16 + 16 + 16 + 20 + 1) * 1.15));
  });
});

describe('stacked table height bound (docs/decisions/038-tables-on-phones.md)', () => {
  it('sets short cells two to a line and sentences one to a line', () => {
    const head = ['Direction', 'Protocol', 'Port'];
    expect(stackedLayout({ head, rows: [['Inbound', 'TCP', '22, 80, 443']], rowHeaders: false })).toBe('pairs');
    expect(
      stackedLayout({ head, rows: [['Inbound', 'TCP', 'every port a web server needs']], rowHeaders: false }),
    ).toBe('list');
    // A label too long for half a row.
    expect(stackedLayout({ head: ['', 'Per GB per month', 'Media'], rows: [['A', '1', '2']], rowHeaders: true })).toBe(
      'list',
    );
  });

  it('counts a title line and a label above each value', () => {
    const shape = { head: ['Plan', 'CPU', 'RAM'], rows: [['A', '1', '2']], rowHeaders: true };
    // Border, padding 24, title 20, one pair 8 + 16 + 20, divider 1, with headroom.
    expect(stackedTableHeightPx({ ...shape, layout: 'pairs' })).toBe(Math.ceil((2 + 24 + 20 + 44 + 1) * 1.15));
    // One to a line: two cells of 8 + 16 + 20.
    expect(stackedTableHeightPx({ ...shape, layout: 'list' })).toBe(Math.ceil((2 + 24 + 20 + 88 + 1) * 1.15));
  });

  it('grows with values that wrap on a 320 px phone', () => {
    const row = (text: string) => ({
      head: ['a', 'b', 'c'],
      rows: [['x', text, 'y']],
      rowHeaders: false,
      layout: 'list' as const,
    });
    expect(
      stackedTableHeightPx(row('保存的数据量，按每月最高用量计费。'.repeat(4))) - stackedTableHeightPx(row('短')),
    ).toBeGreaterThan(3 * 20);
  });
});
