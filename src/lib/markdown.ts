/**
 * A small Markdown parser for the documentation articles (issue 7). It covers what the article bodies use
 * (headings, paragraphs, bullet and numbered lists, tables, fenced code, block quotes, rules, bold, italic,
 * inline code, links) and the `{{catalog:<table>}}` placeholder lines. It produces a tree, never HTML: the
 * server renderer (src/server/docs/markdown-html.ts) escapes every text and attribute, so raw HTML in a
 * body is shown as text and never executed (DESIGN §6, decision 029). A dependency was not worth it for this subset
 * (docs/decisions/011-doc-search.md).
 */
import { CUSTOMER_CENTRE_LINK } from './customer-centre';

export type Inline =
  | { type: 'text'; text: string }
  | { type: 'code'; text: string }
  | { type: 'strong'; children: Inline[] }
  | { type: 'em'; children: Inline[] }
  | { type: 'link'; href: string; children: Inline[] };

export type Align = 'left' | 'center' | 'right' | undefined;

export type Block =
  | { type: 'heading'; level: 2 | 3 | 4; id: string; text: string; children: Inline[] }
  | { type: 'paragraph'; children: Inline[] }
  | { type: 'list'; ordered: boolean; start: number; items: Inline[][] }
  | { type: 'table'; align: Align[]; head: Inline[][]; rows: Inline[][][] }
  | { type: 'code'; lang: string; text: string }
  | { type: 'quote'; children: Inline[] }
  | { type: 'rule' }
  | { type: 'placeholder'; name: string };

const FENCE = /^(`{3,}|~{3,})\s*([\w+-]*)\s*$/;
const HEADING = /^(#{1,6})\s+(.*?)\s*#*\s*$/;
const BULLET = /^\s*[-*+]\s+(.*)$/;
const NUMBERED = /^\s*(\d{1,9})[.)]\s+(.*)$/;
const TABLE_SEPARATOR = /^\s*\|?\s*:?-{1,}:?\s*(\|\s*:?-{1,}:?\s*)*\|?\s*$/;
const PLACEHOLDER = /^\s*\{\{catalog:([a-z0-9-]+)\}\}\s*$/;
const RULE = /^\s*(?:-{3,}|\*{3,}|_{3,})\s*$/;

/**
 * Link targets that may become a link: site paths, fragments, http(s), mail and customer-centre pages; anything
 * else (javascript:, data:, vbscript:, …) stays plain text.
 */
export function safeHref(raw: string): string | undefined {
  const href = raw.trim();
  if (/^\/(?!\/)/.test(href) || href.startsWith('#')) return href;
  if (/^(https?:\/\/|mailto:)/i.test(href) && !/[\s<>"]/.test(href)) return href;
  // A page of the customer centre, resolved under its configured address when the article is rendered.
  if (CUSTOMER_CENTRE_LINK.test(href)) return href;
  return undefined;
}

/** A heading's anchor id: letters and digits of any script, joined by hyphens (`料金表` stays `料金表`). */
export function headingId(text: string): string {
  const id = text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  return id || 'section';
}

/** Plain text of inline content (for ids, the table of contents and search snippets). */
export function inlineText(nodes: Inline[]): string {
  return nodes.map((n) => (n.type === 'text' || n.type === 'code' ? n.text : inlineText(n.children))).join('');
}

/** Parses inline Markdown: `code`, **strong**, *em*, [text](href). Unmatched markers stay as text. */
export function parseInline(source: string): Inline[] {
  const out: Inline[] = [];
  let text = '';
  const flush = () => {
    if (text) out.push({ type: 'text', text });
    text = '';
  };
  let i = 0;
  while (i < source.length) {
    const rest = source.slice(i);
    const ch = source[i];
    if (ch === '\\' && i + 1 < source.length && /[\\`*_[\]()#|{}<>!-]/.test(source[i + 1] ?? '')) {
      text += source[i + 1];
      i += 2;
      continue;
    }
    if (ch === '`') {
      const end = source.indexOf('`', i + 1);
      if (end > i) {
        flush();
        out.push({ type: 'code', text: source.slice(i + 1, end) });
        i = end + 1;
        continue;
      }
    }
    if (rest.startsWith('**')) {
      const end = source.indexOf('**', i + 2);
      if (end > i + 2) {
        flush();
        out.push({ type: 'strong', children: parseInline(source.slice(i + 2, end)) });
        i = end + 2;
        continue;
      }
    }
    if (ch === '*' && source[i + 1] !== ' ') {
      const end = source.indexOf('*', i + 1);
      if (end > i + 1 && source[end - 1] !== ' ') {
        flush();
        out.push({ type: 'em', children: parseInline(source.slice(i + 1, end)) });
        i = end + 1;
        continue;
      }
    }
    if (ch === '[') {
      const link = /^\[([^\]]*)\]\(([^()\s]*(?:\([^()\s]*\)[^()\s]*)*)(?:\s+"[^"]*")?\)/.exec(rest);
      if (link) {
        flush();
        const children = parseInline(link[1] ?? '');
        const href = safeHref(link[2] ?? '');
        if (href) out.push({ type: 'link', href, children });
        else out.push(...children);
        i += link[0].length;
        continue;
      }
    }
    text += ch;
    i += 1;
  }
  flush();
  return out;
}

function splitRow(line: string): string[] {
  let row = line.trim();
  if (row.startsWith('|')) row = row.slice(1);
  if (row.endsWith('|') && !row.endsWith('\\|')) row = row.slice(0, -1);
  const cells: string[] = [];
  let cell = '';
  for (let i = 0; i < row.length; i += 1) {
    if (row[i] === '\\' && row[i + 1] === '|') {
      cell += '|';
      i += 1;
    } else if (row[i] === '|') {
      cells.push(cell.trim());
      cell = '';
    } else {
      cell += row[i];
    }
  }
  cells.push(cell.trim());
  return cells;
}

function alignOf(cell: string): Align {
  const c = cell.trim();
  if (c.startsWith(':') && c.endsWith(':')) return 'center';
  if (c.endsWith(':')) return 'right';
  if (c.startsWith(':')) return 'left';
  return undefined;
}

/** Parses a Markdown document into blocks. Heading ids are unique within the document. */
export function parseMarkdown(source: string): Block[] {
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  const blocks: Block[] = [];
  const usedIds = new Map<string, number>();
  const uniqueId = (base: string) => {
    const seen = usedIds.get(base) ?? 0;
    usedIds.set(base, seen + 1);
    return seen === 0 ? base : `${base}-${seen + 1}`;
  };
  const isBlockStart = (line: string, next: string | undefined) =>
    FENCE.test(line) ||
    HEADING.test(line) ||
    BULLET.test(line) ||
    NUMBERED.test(line) ||
    PLACEHOLDER.test(line) ||
    RULE.test(line) ||
    line.trimStart().startsWith('>') ||
    (line.includes('|') && next !== undefined && TABLE_SEPARATOR.test(next));

  let i = 0;
  while (i < lines.length) {
    const line = lines[i] ?? '';
    const next = lines[i + 1];
    if (line.trim() === '') {
      i += 1;
      continue;
    }
    const fence = FENCE.exec(line);
    if (fence) {
      const marker = fence[1] ?? '```';
      const body: string[] = [];
      i += 1;
      while (i < lines.length && !(lines[i] ?? '').trimStart().startsWith(marker)) {
        body.push(lines[i] ?? '');
        i += 1;
      }
      i += 1; // closing fence (or end of document)
      blocks.push({ type: 'code', lang: fence[2] ?? '', text: body.join('\n') });
      continue;
    }
    const placeholder = PLACEHOLDER.exec(line);
    if (placeholder) {
      blocks.push({ type: 'placeholder', name: placeholder[1] ?? '' });
      i += 1;
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      const raw = heading[2] ?? '';
      const children = parseInline(raw);
      const text = inlineText(children);
      // An article's h1 is its title on the page, so body headings start at h2.
      const level = Math.min(4, Math.max(2, (heading[1] ?? '##').length)) as 2 | 3 | 4;
      blocks.push({ type: 'heading', level, id: uniqueId(headingId(text)), text, children });
      i += 1;
      continue;
    }
    if (RULE.test(line)) {
      blocks.push({ type: 'rule' });
      i += 1;
      continue;
    }
    if (line.includes('|') && next !== undefined && TABLE_SEPARATOR.test(next)) {
      const head = splitRow(line);
      const align = splitRow(next).map(alignOf);
      const rows: Inline[][][] = [];
      i += 2;
      while (i < lines.length && (lines[i] ?? '').includes('|') && (lines[i] ?? '').trim() !== '') {
        const cells = splitRow(lines[i] ?? '');
        rows.push(head.map((_, c) => parseInline(cells[c] ?? '')));
        i += 1;
      }
      blocks.push({ type: 'table', align: head.map((_, c) => align[c]), head: head.map((h) => parseInline(h)), rows });
      continue;
    }
    const bullet = BULLET.exec(line);
    const numbered = NUMBERED.exec(line);
    if (bullet || numbered) {
      const ordered = !bullet;
      const pattern = ordered ? NUMBERED : BULLET;
      const items: string[] = [];
      while (i < lines.length) {
        const current = lines[i] ?? '';
        const item = pattern.exec(current);
        if (item) {
          items.push((ordered ? item[2] : item[1]) ?? '');
        } else if (current.trim() !== '' && /^\s+/.test(current) && items.length > 0) {
          items[items.length - 1] += ` ${current.trim()}`; // a wrapped item line
        } else {
          break;
        }
        i += 1;
      }
      blocks.push({
        type: 'list',
        ordered,
        start: ordered ? Number(numbered?.[1] ?? 1) : 1,
        items: items.map((item) => parseInline(item)),
      });
      continue;
    }
    if (line.trimStart().startsWith('>')) {
      const body: string[] = [];
      while (i < lines.length && (lines[i] ?? '').trimStart().startsWith('>')) {
        body.push((lines[i] ?? '').trimStart().replace(/^>\s?/, ''));
        i += 1;
      }
      blocks.push({ type: 'quote', children: parseInline(body.join(' ')) });
      continue;
    }
    const body: string[] = [line.trim()];
    i += 1;
    while (i < lines.length && (lines[i] ?? '').trim() !== '' && !isBlockStart(lines[i] ?? '', lines[i + 1])) {
      body.push((lines[i] ?? '').trim());
      i += 1;
    }
    blocks.push({ type: 'paragraph', children: parseInline(joinLines(body)) });
  }
  return blocks;
}

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3000-\u303f\uff00-\uffef]/u;

/** Joins wrapped lines: with a space between Latin words, without one between CJK characters. */
function joinLines(lines: string[]): string {
  return lines.reduce((acc, line) => {
    if (!acc) return line;
    return CJK.test(acc.at(-1) ?? '') && CJK.test(line[0] ?? '') ? acc + line : `${acc} ${line}`;
  }, '');
}

function blockText(block: Block): string {
  switch (block.type) {
    case 'heading':
      return block.text;
    case 'paragraph':
    case 'quote':
      return inlineText(block.children);
    case 'list':
      return block.items.map(inlineText).join(' ');
    case 'table':
      return [block.head, ...block.rows].map((row) => row.map(inlineText).join(' ')).join(' ');
    case 'code':
      return block.text;
    default:
      return '';
  }
}

/** Plain text of a Markdown document: what search matches and quotes from (placeholders dropped). */
export function markdownText(source: string): string {
  return parseMarkdown(source).map(blockText).filter(Boolean).join('\n');
}

/**
 * A Markdown document cut at its headings, as plain text: the passages the chat helper ranks and quotes from
 * (issue 8). Text before the first heading has an empty heading.
 */
export function markdownSections(source: string): { heading: string; text: string }[] {
  const sections: { heading: string; text: string[] }[] = [{ heading: '', text: [] }];
  for (const block of parseMarkdown(source)) {
    if (block.type === 'heading') {
      sections.push({ heading: block.text, text: [] });
      continue;
    }
    const text = blockText(block);
    if (text) sections.at(-1)?.text.push(text);
  }
  return sections
    .filter((s) => s.heading || s.text.length > 0)
    .map((s) => ({ heading: s.heading, text: s.text.join('\n') }));
}
