import { describe, expect, it } from 'vitest';
import { findViolations, githubSlug, markdownAnchors, type RepoView, resolveRepoPath } from './references';

describe('githubSlug', () => {
  it('lower-cases, drops punctuation and turns spaces into hyphens', () => {
    expect(githubSlug('Signed in or not')).toBe('signed-in-or-not');
    expect(githubSlug('States and transitions: orders, coupons')).toBe('states-and-transitions-orders-coupons');
    expect(githubSlug('The `{code, message}` envelope')).toBe('the-code-message-envelope');
    expect(githubSlug('Promotional pop-up and banner')).toBe('promotional-pop-up-and-banner');
    expect(githubSlug('001 Embedded PostgreSQL: one server')).toBe('001-embedded-postgresql-one-server');
  });

  it('keeps letters of every script, as GitHub does', () => {
    expect(githubSlug('订单状态')).toBe('订单状态');
    expect(githubSlug('注文の状態 (Orders)')).toBe('注文の状態-orders');
    expect(githubSlug('Größe')).toBe('größe');
    expect(githubSlug('プラン・料金')).toBe('プラン料金');
  });

  it('slugs the rendered text of links, emphasis and code', () => {
    expect(githubSlug('[Back office](back-office-api.md) roles')).toBe('back-office-roles');
    expect(githubSlug('**Bold** and _em_ text')).toBe('bold-and-em-text');
    expect(githubSlug('`user_coupons` table')).toBe('user_coupons-table');
    expect(githubSlug('Keeps snake_case words')).toBe('keeps-snake_case-words');
  });

  it('keeps repeated and edge spaces as GitHub does', () => {
    expect(githubSlug('a  b')).toBe('a--b');
    expect(githubSlug('What — why')).toBe('what--why');
  });
});

describe('markdownAnchors', () => {
  it('numbers repeated headings and ignores fenced code', () => {
    const anchors = markdownAnchors(
      ['# Title', '## Orders', 'text', '## Orders', '```', '## Not a heading', '```', 'Setext', '------'].join('\n'),
    );
    expect([...anchors]).toEqual(['title', 'orders', 'orders-1', 'setext']);
  });

  it('takes explicit anchors and closing hashes', () => {
    const anchors = markdownAnchors('<a id="legacy"></a>\n### Limits ###\n');
    expect(anchors.has('legacy')).toBe(true);
    expect(anchors.has('limits')).toBe(true);
  });

  it('does not take table separators or list items for setext headings', () => {
    const anchors = markdownAnchors('| a | b |\n| --- | --- |\n- item\n---\n');
    expect(anchors.size).toBe(0);
  });
});

describe('resolveRepoPath', () => {
  it('resolves relative paths and refuses leaving the repository', () => {
    expect(resolveRepoPath('docs/product', '../decisions/013-group-buy.md')).toBe('docs/decisions/013-group-buy.md');
    expect(resolveRepoPath('docs/product', './states.md')).toBe('docs/product/states.md');
    expect(resolveRepoPath('', '../shared/x.md')).toBeNull();
  });
});

const repo: RepoView = {
  exists: (p) => ['docs/product/states.md', 'docs/decisions/013-group-buy.md', 'BENCHMARKS.md'].includes(p),
  anchors: (p) => (p === 'docs/product/states.md' ? new Set(['orders', '订单']) : new Set()),
};

function rules(file: string, text: string): string[] {
  return findViolations(file, text, repo).map((v) => `${v.line} ${v.rule} ${v.text}`);
}

describe('findViolations', () => {
  it('finds references to documents outside the repository', () => {
    expect(rules('src/a.ts', '// the store of SPEC §3\n// DESIGN §4 codes\n// (STYLE: one schema)')).toEqual([
      '1 outside-document SPEC §3',
      '2 outside-document DESIGN §4',
      '3 outside-document STYLE',
    ]);
    expect(rules('src/a.ts', '// see TOOLCHAIN.md and STYLE.md, or ../shared/SPEC.md')).toEqual([
      '1 outside-document TOOLCHAIN.md',
      '1 outside-document STYLE.md',
      '1 shared-path ../shared',
      '1 outside-document SPEC.md',
    ]);
    expect(rules('src/a.ts', '// as SPEC spells them')).toEqual(['1 outside-document SPEC']);
    expect(rules('src/a.test.ts', "describe('SPEC §5 pattern rules', () => {")).toEqual(['1 outside-document SPEC §5']);
  });

  it('leaves identifiers and strings that only look like document names', () => {
    expect(rules('src/a.tsx', "const KIND_STYLE = 1;\nconst DROP = new Set(['SCRIPT', 'STYLE']);\nSPEC_X;")).toEqual(
      [],
    );
  });

  it('finds issue numbers in any spelling', () => {
    expect(rules('src/a.ts', '// issue 9\n// Issue 5 asks\n// issue #12\n// (issues 5, 6)')).toEqual([
      '1 issue-number issue 9',
      '2 issue-number Issue 5',
      '3 issue-number issue #12',
      '4 issue-number issues 5',
    ]);
    expect(rules('src/a.ts', '// https://github.com/vercel/next.js/issues/123, tissue 4')).toEqual([]);
  });

  it('checks docs paths and their anchors', () => {
    expect(rules('src/a.ts', '// docs/product/states.md#orders and docs/decisions/013-group-buy.md.')).toEqual([]);
    expect(rules('src/a.ts', '// docs/product/states.md#%E8%AE%A2%E5%8D%95')).toEqual([]);
    expect(rules('src/a.ts', '// docs/product/states.md#refunds')).toEqual([
      '1 missing-anchor docs/product/states.md#refunds',
    ]);
    expect(rules('src/a.ts', '// docs/decisions/099-none.md, docs/decisions/098-gone')).toEqual([
      '1 missing-file docs/decisions/099-none.md',
      '1 missing-file docs/decisions/098-gone',
    ]);
  });

  it('checks relative Markdown links from the file that holds them', () => {
    const text = [
      '[states](states.md#orders) [gone](nothing.md) [home](https://example.com/x.md)',
      '[bench](../../BENCHMARKS.md) [self](#top) [other](#bottom) [site](/api/health)',
      '# Top',
    ].join('\n');
    expect(rules('docs/product/api.md', text)).toEqual(['1 missing-file nothing.md', '2 missing-anchor #bottom']);
  });
});
