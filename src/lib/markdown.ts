/**
 * The documentation's Markdown (articles and announcements), parsed by markdown-it (docs/decisions/049-markdown.md).
 * This module holds the syntax: what a body may say and what it means. The HTML is drawn on the server by
 * src/server/docs/markdown-html.ts from the tokens parsed here; search and the chat read plain text through
 * `markdownText` and `markdownSections`.
 *
 * The syntax is CommonMark with GitHub tables, minus what an article must not do:
 * - raw HTML is text (`html: false`), so a body can never inject markup (decision 029);
 * - no images (an article links to pages, it does not load other hosts' files) and no setext headings (a `---`
 *   under a paragraph is a rule, as authors mean it);
 * - a link target is a site path, a fragment, http(s), mailto or a customer-centre page; anything else
 *   (javascript:, data:, vbscript:, `//host`) leaves the whole `[text](target)` as plain text;
 * - headings start at h2 (the page's h1 is the title) and stop at h4, each with a unique id for its anchor;
 * - a line holding only `{{catalog:<table>}}` is a placeholder block for a live catalog table.
 */
import markdownIt, { type MarkdownIt, type StateBlock, type StateCore, type Token } from 'markdown-it';
import { customerCentrePath } from './customer-centre';
import { isSitePath } from './site-path';

/**
 * Link targets that may become a link: site paths (as a browser resolves them: docs/decisions/053-site-paths.md),
 * fragments, http(s), mail and customer-centre pages; anything else stays plain text. Checked on the target as
 * markdown-it normalised it (percent-encoded, entities decoded).
 */
export function safeHref(raw: string): string | undefined {
  const href = raw.trim();
  if (href.startsWith('/')) return isSitePath(href) ? href : undefined;
  if (href.startsWith('#')) return href;
  if (/^(https?:\/\/|mailto:)/i.test(href) && !/[\s<>"]/.test(href)) return href;
  // A page of the customer centre, resolved under its configured address when the article is rendered.
  if (customerCentrePath(href) !== undefined) return href;
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

const PLACEHOLDER = /^\{\{catalog:([a-z0-9-]+)\}\}$/;

/** Block rule: a line holding only `{{catalog:<table>}}` becomes a `catalog_placeholder` token (meta: name). */
function catalogPlaceholder(state: StateBlock, startLine: number, _endLine: number, silent: boolean): boolean {
  // Indented four spaces or more is code, as for any block.
  if ((state.sCount[startLine] ?? 0) - state.blkIndent >= 4) return false;
  const start = (state.bMarks[startLine] ?? 0) + (state.tShift[startLine] ?? 0);
  const line = state.src.slice(start, state.eMarks[startLine]).trim();
  const match = PLACEHOLDER.exec(line);
  if (!match) return false;
  if (silent) return true;
  const token = state.push('catalog_placeholder', '', 0);
  token.meta = { name: match[1] };
  token.map = [startLine, startLine + 1];
  token.block = true;
  state.line = startLine + 1;
  return true;
}

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3000-\u303f\uff00-\uffef]/u;

/**
 * What the line break `tokens[idx]` inside a paragraph reads as: nothing between two CJK characters (Chinese and
 * Japanese put no spaces between words), a space otherwise. A mark next to the break (`**label**` ending a line)
 * keeps the space, which sets a bold label apart from the sentence after it.
 */
export function softBreak(tokens: Token[], idx: number): string {
  const before = tokens[idx - 1];
  const after = tokens[idx + 1];
  if (before?.type !== 'text' || after?.type !== 'text') return ' ';
  return CJK.test(before.content.at(-1) ?? '') && CJK.test(after.content[0] ?? '') ? '' : ' ';
}

/** Plain text of an inline token's children (for ids, the table of contents, search and the chat). */
export function inlineText(inline: Token | undefined): string {
  const children = inline?.children ?? [];
  let out = '';
  children.forEach((child, i) => {
    if (child.type === 'text' || child.type === 'code_inline') out += child.content;
    else if (child.type === 'softbreak' || child.type === 'hardbreak') out += softBreak(children, i);
  });
  return out;
}

/** Core rule: headings clamped to h2–h4, each with a unique id from its text. */
function headingIds(state: StateCore): void {
  const used = new Map<string, number>();
  const { tokens } = state;
  tokens.forEach((token, i) => {
    if (token.type !== 'heading_open' && token.type !== 'heading_close') return;
    const level = Math.min(4, Math.max(2, Number(token.tag.slice(1))));
    token.tag = `h${level}`;
    if (token.type === 'heading_close') return;
    const base = headingId(inlineText(tokens[i + 1]));
    const seen = used.get(base) ?? 0;
    used.set(base, seen + 1);
    token.attrSet('id', seen === 0 ? base : `${base}-${seen + 1}`);
  });
}

function articleSyntax(md: MarkdownIt): void {
  md.disable(['image', 'lheading']);
  md.validateLink = (url: string) => safeHref(url) !== undefined;
  md.block.ruler.before('paragraph', 'catalog_placeholder', catalogPlaceholder, {
    alt: ['paragraph', 'reference', 'blockquote', 'list'],
  });
  md.core.ruler.push('heading_ids', headingIds);
}

/** The parser of the documentation's Markdown; src/server/docs/markdown-html.ts renders with the same options. */
export const MARKDOWN_OPTIONS = { html: false, linkify: false, typographer: false } as const;
const parser = markdownIt('default', MARKDOWN_OPTIONS).use(articleSyntax);

/** One top-level block of a document: its tokens, and what the page needs to know about it without rendering it. */
export type Block =
  | { type: 'heading'; level: 2 | 3 | 4; id: string; text: string; tokens: Token[] }
  | { type: 'placeholder'; name: string; tokens: Token[] }
  | { type: 'paragraph' | 'other'; tokens: Token[] };

/** Parses a Markdown document into its top-level blocks. Heading ids are unique within the document. */
export function parseMarkdown(source: string): Block[] {
  const blocks: Block[] = [];
  let current: Token[] = [];
  for (const token of parser.parse(source, {})) {
    current.push(token);
    if (token.level === 0 && token.nesting <= 0) {
      blocks.push(describe(current));
      current = [];
    }
  }
  return blocks;
}

function describe(tokens: Token[]): Block {
  const first = tokens[0];
  if (first?.type === 'heading_open') {
    const text = inlineText(tokens[1]);
    return {
      type: 'heading',
      level: Number(first.tag.slice(1)) as 2 | 3 | 4,
      id: String(first.attrGet('id') ?? ''),
      text,
      tokens,
    };
  }
  if (first?.type === 'catalog_placeholder') return { type: 'placeholder', name: String(first.meta?.name), tokens };
  return { type: first?.type === 'paragraph_open' ? 'paragraph' : 'other', tokens };
}

/** Plain text of a block: its paragraphs, list items, table rows (cells joined) and code joined by spaces. */
function blockText(block: Block): string {
  if (block.type === 'heading') return block.text;
  const lines: string[] = [];
  let row: string[] | null = null;
  for (const token of block.tokens) {
    if (token.type === 'tr_open') row = [];
    else if (token.type === 'tr_close' && row) {
      lines.push(row.join(' '));
      row = null;
    } else if (token.type === 'inline') {
      const text = inlineText(token);
      if (row) row.push(text);
      else if (text) lines.push(text);
    } else if (token.type === 'fence' || token.type === 'code_block') lines.push(token.content.replace(/\n$/, ''));
  }
  return lines.join(' ');
}

/** Plain text of a Markdown document: what search matches and quotes from (placeholders dropped). */
export function markdownText(source: string): string {
  return parseMarkdown(source).map(blockText).filter(Boolean).join('\n');
}

/**
 * A Markdown document cut at its headings, as plain text: the passages the chat helper ranks and quotes from.
 * Text before the first heading has an empty heading.
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

/** A table row as one line a reader can quote: its first cell, then each other cell after its column's header. */
function rowLine(headers: string[], cells: string[]): string {
  const [first = '', ...rest] = cells;
  // A two-column table is a list of names and values ("Cookie | 30 days"): its second header says nothing more.
  if (cells.length === 2) return rest[0] ? `${first}: ${rest[0]}` : first;
  const parts = rest
    .map((cell, i) => {
      const header = headers[i + 1] ?? '';
      return header && cell ? `${header}: ${cell}` : cell;
    })
    .filter(Boolean);
  return parts.length ? `${first}: ${parts.join('; ')}` : first;
}

/** The quotable lines of a block: a paragraph, each list item, each table row with its headers; no code. */
function blockLines(block: Block): string[] {
  if (block.type === 'heading') return [];
  const lines: string[] = [];
  let headers: string[] = [];
  let row: string[] | null = null;
  let inHead = false;
  for (const token of block.tokens) {
    if (token.type === 'thead_open') inHead = true;
    else if (token.type === 'thead_close') inHead = false;
    else if (token.type === 'tr_open') row = [];
    else if (token.type === 'tr_close' && row) {
      if (inHead) headers = row;
      else lines.push(rowLine(headers, row));
      row = null;
    } else if (token.type === 'inline') {
      const text = inlineText(token);
      if (row) row.push(text);
      else if (text) lines.push(text);
    }
  }
  return lines;
}

/**
 * A Markdown document cut at its headings, each section as quotable lines (a paragraph, a list item, a table row
 * read with its column headers: "Below 99.9%: Credit…: 25%"), one a line: what the chat helper ranks, and quotes
 * from in whole sentences (docs/decisions/058-chat-general.md). Code is left out.
 */
export function markdownPassages(source: string): { heading: string; text: string }[] {
  const sections: { heading: string; text: string[] }[] = [{ heading: '', text: [] }];
  for (const block of parseMarkdown(source)) {
    if (block.type === 'heading') {
      sections.push({ heading: block.text, text: [] });
      continue;
    }
    sections.at(-1)?.text.push(...blockLines(block));
  }
  return sections.filter((s) => s.text.length > 0).map((s) => ({ heading: s.heading, text: s.text.join('\n') }));
}
