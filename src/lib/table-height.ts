/**
 * The height a documentation table keeps while it is skipped below the first screen (`render-when-near`,
 * docs/product/targets.md#performance). Tables are most of a doc article's first layout on a phone, so those more than
 * half a screen below the first are skipped (the rest are drawn anyway;
 * docs/decisions/016-first-paint-before-storage.md has the figures). A skipped block must keep at least its real height
 * (src/components/render-when-near.ts), and a table's height depends on how its columns share a phone's width, so this
 * estimates CSS's automatic table layout at the narrowest width we support (320 px) with wide glyph widths. It errs
 * tall on purpose: too tall only means a scroll bar a little off until the table nears the viewport; too short lets
 * skipped text be checked against the next block. Wider screens give every column more room, so the bound holds from
 * 320 px up.
 */

/** How a column's cells are set: `wrap` cells break lines, `nowrap` cells stay on one line. */
export type TableColumnStyle = { wrap: boolean; minWidthPx?: number; bold?: boolean };

export type TableShape = {
  head: string[];
  rows: string[][];
  /** Header cells: `text-xs` uppercase on one line (catalog tables) or `text-sm` semibold, wrapping. */
  headStyle: 'caps' | 'plain';
  columns: TableColumnStyle[];
};

/*
 * The sizes below restate the cell classes of src/server/docs/markdown-html.ts (Tailwind needs literal class
 * names there); the phone test in tests/e2e/docs.spec.ts checks every article's tables
 * against their real height, so a class changed on one side only fails there.
 */
/** The article's width at 320 px: the page's 20 px side padding, less the table's 1 px border each side. */
const TABLE_WIDTH_PX = 320 - 2 * 20 - 2;
const CELL_PADDING_X = 32; // px-4
const CELL_PADDING_Y = 16; // py-2
const ROW_DIVIDER = 1; // divide-y
const BORDER_Y = 2;
/** Headroom over the estimate, for fonts a little wider than the widths below. */
const SAFETY = 1.15;

/** CJK ideographs, kana, Hangul and full-width forms: one em each, and a line may break around any of them. */
const WIDE =
  /[\u1100-\u115f\u2e80-\u303e\u3041-\u33ff\u3400-\u4dbf\u4e00-\u9fff\ua960-\ua97f\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/;

/** A glyph's advance in em, on the wide side of the sans-serif faces we meet (DejaVu Sans is the widest). */
function glyphEm(ch: string, caps: boolean): number {
  if (WIDE.test(ch)) return 1;
  if (ch === ' ') return 0.32;
  if (caps || /[A-Z0-9%@MW#&]/.test(ch)) return 0.75;
  return 0.62;
}

type Piece = { width: number; space: number; first: string; last: string };

/** Characters a line may not start with, and ones it may not end with (Japanese and Chinese line-breaking rules). */
const NO_BREAK_BEFORE =
  /[、。，．・：；？！ー）」』】〕〉》’”ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶ々〜…］｝,.:;?!)\]}%]/;
const NO_BREAK_AFTER = /[（「『【〔〈《‘“（［｛([{]/;

/** Splits text where a line may break (after spaces, around CJK characters), with each piece's width in px. */
function pieces(text: string, fontPx: number, caps: boolean, tracking: number): Piece[] {
  const out: Piece[] = [];
  let word: Piece | undefined;
  const flush = (space: number) => {
    if (word) out.push({ ...word, space });
    else if (space > 0 && out.length > 0) out[out.length - 1] = { ...(out.at(-1) as Piece), space };
    word = undefined;
  };
  for (const ch of text) {
    const w = (glyphEm(ch, caps) + tracking) * fontPx;
    if (ch === ' ' || ch === '\n') flush(w);
    else if (WIDE.test(ch)) {
      flush(0);
      out.push({ width: w, space: 0, first: ch, last: ch });
    } else if (word) word = { ...word, width: word.width + w, last: ch };
    else word = { width: w, space: 0, first: ch, last: ch };
  }
  flush(0);
  // Where the rules forbid a break, neighbouring pieces are one piece.
  const joined: Piece[] = [];
  for (const p of out) {
    const prev = joined.at(-1);
    if (prev && prev.space === 0 && (NO_BREAK_BEFORE.test(p.first) || NO_BREAK_AFTER.test(prev.last)))
      joined[joined.length - 1] = { width: prev.width + p.width, space: p.space, first: prev.first, last: p.last };
    else joined.push(p);
  }
  return joined;
}

/** Lines a greedy line breaker fills at `width` px. */
function lineCount(parts: Piece[], width: number): number {
  let lines = 1;
  let x = 0;
  for (const p of parts) {
    if (x > 0 && x + p.width > width) {
      lines += 1;
      x = 0;
    }
    x += p.width + p.space;
  }
  return lines;
}

type Cell = { parts: Piece[]; min: number; max: number; lineHeight: number; wrap: boolean };

type CellStyle = { fontPx: number; lineHeight: number; caps: boolean; wrap: boolean; bold: boolean };

function cell(text: string, style: CellStyle): Cell {
  const tracking = style.caps ? 0.025 : 0;
  // Semibold glyphs run up to about 8% wider than regular ones.
  const parts = pieces(text, style.fontPx * (style.bold ? 1.08 : 1), style.caps, tracking);
  const max = parts.reduce((sum, p) => sum + p.width + p.space, 0);
  const min = style.wrap ? Math.max(0, ...parts.map((p) => p.width)) : max;
  return { parts, min, max, lineHeight: style.lineHeight, wrap: style.wrap };
}

/**
 * Ways a browser may share `available` px out among auto-width columns when it is between their total
 * minimum and maximum widths (CSS 2.1 §17.5.2.2 leaves it open): in proportion to each column's range, in
 * proportion to its maximum (Blink's older layout), or equally; each never below the column's minimum.
 * The table's height is taken as the tallest of them.
 */
function columnWidthChoices(min: number[], max: number[], available: number): number[][] {
  const sum = (list: number[]) => list.reduce((a, b) => a + b, 0);
  const sumMin = sum(min);
  const sumMax = sum(max);
  if (sumMin >= available) return [min];
  if (sumMax <= available) return [max];
  const byRange = min.map((m, i) => m + ((max[i] ?? m) - m) * ((available - sumMin) / (sumMax - sumMin)));
  const share = (weights: number[]) => {
    let left = available;
    let weightLeft = sum(weights);
    return min.map((m, i) => {
      const w = Math.max(m, weightLeft > 0 ? (left * (weights[i] ?? 0)) / weightLeft : 0);
      left -= w;
      weightLeft -= weights[i] ?? 0;
      return w;
    });
  };
  return [byRange, share(max), share(min.map(() => 1))];
}

/** An upper bound of the table's height in px at 320 px wide, border included. */
export function tableHeightPx(table: TableShape): number {
  const caps = table.headStyle === 'caps';
  const head = table.head.map((text) =>
    cell(text, { fontPx: caps ? 12 : 14, lineHeight: caps ? 16 : 20, caps, wrap: !caps, bold: true }),
  );
  const rows = table.rows.map((row) =>
    row.map((text, c) => {
      const column = table.columns[c];
      return cell(text, { fontPx: 14, lineHeight: 20, caps: false, wrap: column?.wrap ?? true, bold: !!column?.bold });
    }),
  );
  const all = [head, ...rows];
  const count = Math.max(...all.map((r) => r.length));
  const min: number[] = [];
  const max: number[] = [];
  for (let c = 0; c < count; c++) {
    const floor = table.columns[c]?.minWidthPx ?? 0;
    min.push(Math.max(floor, ...all.map((r) => (r[c]?.min ?? 0) + CELL_PADDING_X)));
    max.push(Math.max(floor, ...all.map((r) => (r[c]?.max ?? 0) + CELL_PADDING_X)));
  }
  const height = (widths: number[]) => {
    const rowHeight = (r: Cell[]) =>
      CELL_PADDING_Y +
      Math.max(
        0,
        ...r.map((c, i) => (c.wrap ? lineCount(c.parts, (widths[i] ?? 0) - CELL_PADDING_X) : 1) * c.lineHeight),
      );
    return rowHeight(head) + rows.reduce((sum, r) => sum + rowHeight(r) + ROW_DIVIDER, 0);
  };
  const tallest = Math.max(...columnWidthChoices(min, max, TABLE_WIDTH_PX).map(height));
  return Math.ceil((BORDER_Y + tallest) * SAFETY);
}

/**
 * An upper bound of the lines `text` takes at `widthPx` in a `fontPx` sans-serif face, each newline starting a
 * line (`white-space: pre-line`), with the same wide glyph widths and line-breaking rules as the tables above.
 */
export function textLines(text: string, fontPx: number, widthPx: number): number {
  return text.split('\n').reduce((sum, paragraph) => sum + lineCount(pieces(paragraph, fontPx, false, 0), widthPx), 0);
}

/**
 * The height of cards laid out `columns` to a row with `gap` between rows: each row as tall as its tallest card.
 * One column is a plain stack. Heights in any one unit.
 */
export function gridHeight(cards: number[], columns: number, gap: number): number {
  let total = 0;
  for (let start = 0; start < cards.length; start += columns) {
    total += Math.max(...cards.slice(start, start + columns)) + (start > 0 ? gap : 0);
  }
  return total;
}

/**
 * How a table reads below the desk breakpoint when it is stacked (docs/decisions/038-tables-on-phones.md): each
 * row a block, its row header (when it has one) as the title, then every other cell with its column's name above
 * its value, one cell a line (`list`) or two side by side (`pairs`).
 */
export type StackedShape = {
  head: string[];
  rows: string[][];
  /** The first cell of each row is its header, shown as the row's title without a label. */
  rowHeaders: boolean;
  layout: 'list' | 'pairs';
};

/*
 * Sizes restating the `stack-list` and `stack-pairs` rules of globals.css: a row has 12 px above and below and
 * 16 px each side; a pair of cells 16 px between them; pairs and list cells 8 px apart; labels `text-xs` upper case
 * with wide tracking on 16 px lines; values and titles `text-sm` on 20 px lines (the cells' classes in
 * src/server/docs/markdown-html.ts).
 */
const STACK_ROW_PADDING_Y = 24;
const STACK_TEXT_PX = TABLE_WIDTH_PX - CELL_PADDING_X;
const STACK_GAP = 8;
const STACK_PAIR_GAP_X = 16;
const STACK_PAIR_PX = (STACK_TEXT_PX - STACK_PAIR_GAP_X) / 2;

/**
 * `pairs` when every label and value (row headers aside) fits on one line at half a stacked row's width on a 320 px
 * phone, else `list`: short figures read best two to a line, sentences one to a line.
 */
export function stackedLayout(table: Omit<StackedShape, 'layout'>): StackedShape['layout'] {
  const from = table.rowHeaders ? 1 : 0;
  const oneLine = (text: string, fontPx: number, caps: boolean) =>
    pieces(text, fontPx, caps, caps ? 0.025 : 0).reduce((sum, p) => sum + p.width + p.space, 0) <= STACK_PAIR_PX;
  const fits =
    table.head.slice(from).every((label) => oneLine(label, 12, true)) &&
    table.rows.every((row) => row.slice(from).every((value) => oneLine(value, 14, false)));
  return fits ? 'pairs' : 'list';
}

/** An upper bound of a stacked table's height in px at 320 px wide, border included. */
export function stackedTableHeightPx(table: StackedShape): number {
  const columnPx = table.layout === 'pairs' ? STACK_PAIR_PX : STACK_TEXT_PX;
  const labelPx = (text: string) => (text ? lineCount(pieces(text, 12, true, 0.025), columnPx) * 16 : 0);
  // A value's own line breaks (a price with tax and without, docs/decisions/066-tax.md) each start a line.
  const valuePx = (text: string) =>
    text.split('\n').reduce((sum, line) => sum + lineCount(pieces(line, 14, false, 0), columnPx) * 20, 0);
  const rowPx = (row: string[]) => {
    const title = table.rowHeaders ? row[0] : undefined;
    const cells = (table.rowHeaders ? row.slice(1) : row).map(
      (text, i) => labelPx(table.head[i + (table.rowHeaders ? 1 : 0)] ?? '') + valuePx(text),
    );
    let px = STACK_ROW_PADDING_Y;
    if (title !== undefined) px += lineCount(pieces(title, 14 * 1.08, false, 0), STACK_TEXT_PX) * 20;
    if (table.layout === 'pairs') {
      for (let i = 0; i < cells.length; i += 2) px += STACK_GAP + Math.max(cells[i] ?? 0, cells[i + 1] ?? 0);
    } else {
      for (const cell of cells) px += STACK_GAP + cell;
    }
    return px;
  };
  const rows = table.rows.reduce((sum, row) => sum + rowPx(row) + ROW_DIVIDER, 0);
  return Math.ceil((BORDER_Y + rows) * SAFETY);
}
