/**
 * What scripts/check-references.ts looks for: references to documents outside the repository (the product
 * description, design, style and toolchain notes the code was first written from, and issue numbers), and
 * references to repository documents or headings that do not exist. Pure functions, so they can be tested
 * without a file system; the script feeds them the files.
 */

export type Violation = { file: string; line: number; column: number; rule: RuleName; text: string };

export type RuleName = 'outside-document' | 'issue-number' | 'shared-path' | 'missing-file' | 'missing-anchor';

/** The repository as the checker sees it: which paths exist and the heading anchors of each Markdown file. */
export type RepoView = {
  exists(repoPath: string): boolean;
  anchors(repoPath: string): ReadonlySet<string> | undefined;
};

/**
 * A heading's anchor as GitHub makes it (github-slugger): lower-cased, every character that is not a letter, a
 * mark, a number, a connector (`_`), a hyphen or a space removed, spaces turned into hyphens. Letters of any
 * script stay, so `## 订单状态` is `#订单状态` and `## Größe` is `#größe`. Inline Markdown is reduced to its text
 * first, as GitHub slugs the rendered heading.
 */
export function githubSlug(heading: string): string {
  return headingText(heading)
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '')
    .replace(/ /g, '-');
}

/** The text a heading renders to: images and links become their text, code spans lose their backticks, emphasis markers and HTML tags go. */
export function headingText(heading: string): string {
  return heading
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\[[^\]]*\]/g, '$1')
    .replace(/<[^>]+>/g, '')
    .replace(/`+([^`]*)`+/g, '$1')
    .replace(/(\*{1,3}|\b_{1,3}|_{1,3}\b)/g, '')
    .trim();
}

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const ATX = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/;
const SETEXT = /^ {0,3}(=+|-+)[ \t]*$/;
const HTML_ID = /<a\s[^>]*?(?:name|id)=["']([^"']+)["']/gi;

/**
 * Every anchor a Markdown document offers: its headings' slugs (a repeated slug gets `-1`, `-2`… as on GitHub)
 * and explicit `<a name>`/`<a id>` anchors. Headings inside fenced code blocks do not count.
 */
export function markdownAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  const add = (heading: string) => {
    const base = githubSlug(heading);
    const count = seen.get(base);
    seen.set(base, (count ?? -1) + 1);
    anchors.add(count === undefined ? base : `${base}-${count + 1}`);
  };
  let fence: string | null = null;
  let previous = '';
  for (const line of markdown.split(/\r?\n/)) {
    const fenceMatch = FENCE.exec(line);
    if (fence !== null) {
      if (fenceMatch?.[1] && fenceMatch[1][0] === fence[0] && fenceMatch[1].length >= fence.length) fence = null;
      previous = '';
      continue;
    }
    if (fenceMatch?.[1]) {
      fence = fenceMatch[1];
      previous = '';
      continue;
    }
    for (const match of line.matchAll(HTML_ID)) if (match[1]) anchors.add(match[1]);
    const atx = ATX.exec(line);
    if (atx) {
      add(atx[2] ?? '');
      previous = '';
      continue;
    }
    if (SETEXT.test(line) && isParagraphLine(previous)) add(previous.trim());
    previous = line;
  }
  return anchors;
}

/** A line that a setext underline turns into a heading: plain text, not a list item, a table row or a quote. */
function isParagraphLine(line: string): boolean {
  const trimmed = line.trim();
  return trimmed !== '' && !/^([-*+>|]|\d+[.)])\s?/.test(trimmed) && !SETEXT.test(line);
}

/**
 * `SPEC §4`, `DESIGN.md`, `STYLE`, `TOOLCHAIN` as document names; `KIND_STYLE`, the tag name `'STYLE'` or a
 * `SPEC_X` constant are not.
 */
const OUTSIDE_DOCUMENT =
  /(?<![\w$])(?:SPEC|DESIGN)(?:\.md)?\s*§\s*\d*|(?<![\w'"`$.-])(?:SPEC|DESIGN|STYLE|TOOLCHAIN)(?:\.md\b|(?![\w'"`(-]))/g;
/** `issue 9`, `Issue 9's`, `issue #9`, `issues 5 and 6`: a tracker the repository does not have. */
const ISSUE_NUMBER = /(?<![\w/-])[Ii]ssues?\s+#?\d+/g;
/** A path leaving the repository for the documents it was first written from. */
const SHARED_PATH = /(?:\.\.\/)+shared\b|\/work\/shared\b/g;
/** A repository document named by its path: `docs/product/states.md#orders`, `docs/decisions/037-order-lifecycle.md`. */
const DOCS_PATH =
  /(?<![\w./-])docs\/(?:[\w.-]+\/)*[\w.-]+\.md(?:#[^\s)`'"<>\]|,;]*)?|(?<![\w./-])docs\/decisions\/\d{3}-[\w-]*/g;
/** A Markdown link or image target: `[text](target)` or `[text](target "title")`. */
const MARKDOWN_LINK = /!?\[(?:[^\]\\]|\\.)*\]\(\s*<?([^)\s>]+)>?(?:\s+["'(][^)]*)?\)/g;

function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) starts.push(i + 1);
  return starts;
}

function position(starts: number[], index: number): { line: number; column: number } {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if ((starts[mid] ?? 0) <= index) low = mid;
    else high = mid - 1;
  }
  return { line: low + 1, column: index - (starts[low] ?? 0) + 1 };
}

/** Joins `base` (a directory of the repository, '' for its root) and a relative path; null when it leaves the repository. */
export function resolveRepoPath(base: string, relative: string): string | null {
  const parts = base === '' ? [] : base.split('/');
  for (const part of relative.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (parts.length === 0) return null;
      parts.pop();
    } else parts.push(part);
  }
  return parts.join('/');
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** Checks a `path#anchor` target that names a repository path; `fromDir` resolves relative paths. */
function checkTarget(
  target: string,
  fromDir: string,
  file: string,
  repo: RepoView,
  ownAnchors: () => ReadonlySet<string>,
): { rule: RuleName; text: string } | null {
  const hashAt = target.indexOf('#');
  const rawPath = hashAt === -1 ? target : target.slice(0, hashAt);
  const anchor = hashAt === -1 ? null : safeDecode(target.slice(hashAt + 1));
  const pathOnly = safeDecode(rawPath.split('?')[0] ?? '');
  const resolved = pathOnly === '' ? file : resolveRepoPath(fromDir, pathOnly);
  if (resolved === null) return { rule: 'missing-file', text: target };
  if (resolved !== file && !repo.exists(resolved)) return { rule: 'missing-file', text: target };
  if (anchor && resolved.endsWith('.md')) {
    const anchors = resolved === file ? ownAnchors() : repo.anchors(resolved);
    if (anchors && !anchors.has(anchor) && !anchors.has(anchor.toLowerCase())) {
      return { rule: 'missing-anchor', text: target };
    }
  }
  return null;
}

/** Every violation in one file's text; `file` is its path from the repository root. */
export function findViolations(file: string, text: string, repo: RepoView): Violation[] {
  const starts = lineStarts(text);
  const found: Violation[] = [];
  const seen = new Set<string>();
  let own: Set<string> | undefined;
  const ownAnchors = () => {
    own ??= markdownAnchors(text);
    return own;
  };
  const report = (index: number, rule: RuleName, matched: string) => {
    const { line, column } = position(starts, index);
    const key = `${line}:${rule}:${matched}`;
    if (seen.has(key)) return;
    seen.add(key);
    found.push({ file, line, column, rule, text: matched.trim() });
  };

  for (const match of text.matchAll(OUTSIDE_DOCUMENT)) report(match.index, 'outside-document', match[0]);
  for (const match of text.matchAll(ISSUE_NUMBER)) report(match.index, 'issue-number', match[0]);
  for (const match of text.matchAll(SHARED_PATH)) report(match.index, 'shared-path', match[0]);

  for (const match of text.matchAll(DOCS_PATH)) {
    const target = match[0].replace(/[.:]+$/, '');
    const problem = checkTarget(target, '', file, repo, ownAnchors);
    if (problem) report(match.index, problem.rule, problem.text);
  }

  if (file.endsWith('.md')) {
    const dir = file.includes('/') ? file.slice(0, file.lastIndexOf('/')) : '';
    for (const match of text.matchAll(MARKDOWN_LINK)) {
      const target = match[1] ?? '';
      if (target === '' || /^[a-z][a-z\d+.-]*:/i.test(target) || target.startsWith('//')) continue;
      // Root-relative links (`/api/...`, `/admin`) name site paths, not files.
      if (target.startsWith('/')) continue;
      const problem = checkTarget(target, dir, file, repo, ownAnchors);
      if (problem) report(match.index, problem.rule, problem.text);
    }
  }
  return found.sort((a, b) => a.line - b.line || a.column - b.column);
}
