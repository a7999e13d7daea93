import { describe, expect, it } from 'vitest';
import { SITE_PATH_CORPUS } from '../../tests/support/site-path-corpus';
import { catalogTableHtml, escapeHtml, markdownHtml } from '../server/docs/markdown-html';
import { headingId, markdownText, parseMarkdown, safeHref } from './markdown';

const render = (source: string, placeholder?: (name: string) => string) =>
  markdownHtml(parseMarkdown(source), placeholder && ((name) => escapeHtml(placeholder(name))));

describe('Markdown renderer', () => {
  it('renders headings with anchors, unique ids and CJK ids', () => {
    const html = render('## Billing\n\ntext\n\n## Billing\n\n### 料金 の概要');
    expect(html).toContain('<h2 id="billing"');
    expect(html).toContain('<a href="#billing"');
    expect(html).toContain('<h2 id="billing-2"');
    expect(html).toContain('<h3 id="料金-の概要"');
    expect(headingId('  ?? ')).toBe('section');
  });

  it('renders tables with alignment, an empty corner cell and inline markup in cells', () => {
    const html = render('| | Hourly | **Term** |\n|---|:---:|---:|\n| Payment | `every hour` | in advance |');
    expect(html).toContain('<table');
    expect(html).toMatch(/<td( role="cell")?><\/td>/); // the empty corner is not a header
    expect(html).toMatch(
      /<th( role="columnheader")? scope="col" class="px-4 py-2 font-semibold text-center">Hourly<\/th>/,
    );
    expect(html).toContain('<strong');
    expect(html).toMatch(/<th( role="rowheader")? scope="row" class="px-4 py-2 font-semibold[^"]*">Payment<\/th>/);
    expect(html).toContain('<code class="rounded bg-surface px-1 py-0.5 font-mono text-[0.9em]">every hour</code>');
    expect(html).toMatch(/class="px-4 py-2 align-top text-right[^"]*" data-label="Term">in advance<\/td>/);
  });

  it('stacks tables of three or more columns on a phone, each cell labelled with its column', () => {
    // docs/decisions/038-tables-on-phones.md: short cells two to a line, sentences one to a line.
    const short = render('| Direction | Protocol | Port |\n|---|---|---|\n| Inbound | TCP | 22 |');
    expect(short).toContain('<table role="table" class="w-full text-left text-sm stack-pairs">');
    expect(short).toContain('<thead role="rowgroup" class="bg-surface">');
    expect(short).toContain('<tr role="row">');
    // Explicit roles on every part: WebKit drops a table's semantics once its parts are blocks and grids.
    expect(short).toContain('<th role="columnheader" scope="col"');
    expect(short).toContain('<td role="cell" class="px-4 py-2 align-top ');
    expect(short).toContain('data-label="Direction">Inbound</td>');
    expect(short).toContain('data-label="Port">22</td>');
    const long = render(
      '| Severity | Examples | What we do |\n|---|---|---|\n| High | Spam, scanning, a compromised server | Notice first |',
    );
    expect(long).toContain('<table role="table" class="w-full text-left text-sm stack-list">');
    expect(long).toContain('data-label="Examples">Spam, scanning, a compromised server</td>');
    // Labels are attribute text: escaped, markup dropped.
    const marked = render('| a | **b** <i> | c |\n|---|---|---|\n| 1 | 2 | 3 |');
    expect(marked).toContain('data-label="b &lt;i&gt;">2</td>');
  });

  it('leaves a two-column table a table at every width', () => {
    const html = render('| Status | Meaning |\n|---|---|\n| 401 | No token |');
    expect(html).toContain('<table class="w-full text-left text-sm">');
    expect(html).not.toContain('stack-');
    expect(html).not.toContain('data-label');
    expect(html).not.toContain('role=');
  });

  it('renders fenced code verbatim and escaped', () => {
    const html = render('```bash\ncurl -H "a: b" https://x <y>\n  # indented\n```\n\nafter');
    expect(html).toContain('<pre');
    expect(html).toContain('data-lang="bash"');
    expect(html).toContain('curl -H &quot;a: b&quot; https://x &lt;y&gt;\n  # indented</code></pre>');
    expect(html).toContain('<p class="mt-4 leading-relaxed">after</p>');
  });

  it('renders bullet and numbered lists, bold, italics and links', () => {
    const html = render(
      'Intro line\n- one\n- **two**\n\n3. third\n4. fourth [refunds](/doc/article/refund) and *more*',
    );
    expect(html).toContain('<ul class="mt-4 list-disc');
    expect(html).toContain('<ol start="3"');
    expect(html).toContain('<a href="/doc/article/refund"');
    expect(html).toContain('<em>more</em>');
    expect(html).toContain('<p class="mt-4 leading-relaxed">Intro line</p>');
  });

  it('never executes raw HTML: <script> and event handlers are shown as text', () => {
    const html = render(
      '<script>alert(1)</script>\n\n<img src=x onerror=alert(1)>\n\n| <b>x</b> |\n|---|\n| <i>y</i> |',
    );
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<b>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('drops unsafe link targets and keeps their text', () => {
    const html = render(
      '[click](javascript:alert(1)) [data](data:text/html;base64,xx) [vb](VBScript:x) [proto](//evil.example) [ok](https://example.com/a) [mail](mailto:a@b.c)',
    );
    expect(html).not.toMatch(/href="(javascript|data|vbscript|\/\/)/i);
    expect(html).toContain('click');
    expect(html).toContain('href="https://example.com/a"');
    expect(html).toContain('rel="noopener noreferrer"');
    expect(html).toContain('href="mailto:a@b.c"');
    expect(safeHref(' JaVaScRiPt:alert(1)')).toBeUndefined();
    expect(safeHref('#section')).toBe('#section');
  });

  it('links only paths a browser keeps on the site (docs/decisions/053-site-paths.md)', () => {
    for (const entry of SITE_PATH_CORPUS.refused.filter((e) => e.value.trim().startsWith('/'))) {
      expect(safeHref(entry.value), entry.why).toBeUndefined();
    }
    const html = render('[a](/.//evil.example) [b](/%2F%2Fevil.example) [c](/%5Cevil.example) [ok](/doc/article/api)');
    expect(html).not.toMatch(/href="\/[./%]/);
    expect(html).toContain('href="/doc/article/api"');
  });

  it('links customer-centre pages under the configured customer centre, never another scheme in disguise', () => {
    const html = render('Check **[My products → Disks](customer-centre:/myProduct/cvm/disk)** often.');
    expect(html).toContain('<a href="https://console.cirrus.cloud/myProduct/cvm/disk"');
    expect(html).toContain('rel="noopener noreferrer"');
    expect(html).toContain('My products → Disks');
    expect(safeHref('customer-centre://evil.example/x')).toBeUndefined();
    expect(safeHref('customer-centre:javascript:alert(1)')).toBeUndefined();
    expect(safeHref('customer-centre:/.//evil.example/x')).toBeUndefined();
    expect(markdownText('[Disks](customer-centre:/myProduct/cvm/disk)')).toBe('Disks');
  });

  it('hands catalog placeholder lines to the placeholder renderer', () => {
    const html = render('Before\n\n{{catalog:vps-plans}}\n\nAfter', (name) => `[table ${name}]`);
    expect(html).toContain('[table vps-plans]');
    expect(parseMarkdown('{{catalog:domains}}')).toMatchObject([{ type: 'placeholder', name: 'domains' }]);
    // Only a line of its own is a placeholder: inside a sentence or indented as code it is text.
    expect(render('Use {{catalog:domains}} here')).toContain('Use {{catalog:domains}} here');
    expect(render('    {{catalog:domains}}', (name) => `[table ${name}]`)).toContain('<pre');
    // Without a renderer the placeholder renders nothing, and search text never contains it.
    expect(render('{{catalog:domains}}')).toBe('');
    expect(markdownText('A\n\n{{catalog:domains}}\n\n[link](/x)')).toBe('A\nlink');
  });

  it('joins wrapped CJK lines without a space and Latin lines with one', () => {
    expect(markdownText('快照\n策略')).toBe('快照策略');
    expect(markdownText('snap\nshot')).toBe('snap shot');
  });

  it('escapes catalog cells, captions and attributes', () => {
    const html = catalogTableHtml({
      name: 'vps-plans',
      caption: 'Plans <b>"now"</b>',
      columns: ['Plan', 'Price & tax'],
      rows: [['<script>x</script>', "US$1 'a'"]],
    });
    expect(html).toContain('aria-label="Plans &lt;b&gt;&quot;now&quot;&lt;/b&gt;"');
    expect(html).toContain('<caption class="sr-only">Plans &lt;b&gt;&quot;now&quot;&lt;/b&gt;</caption>');
    expect(html).toContain('>Price &amp; tax</th>');
    expect(html).toContain('>&lt;script&gt;x&lt;/script&gt;</th>');
    expect(html).toContain('data-label="Price &amp; tax">US$1 &#x27;a&#x27;</td>');
    expect(html).not.toContain('<script>');
    expect(html).toContain('data-catalog="vps-plans"');
  });

  it('leaves a refused link as its Markdown text, however the target is written', () => {
    for (const target of [
      'javascript:alert(1)',
      '<javascript:alert(1)>',
      'jav&#x61;script:alert(1)',
      'java\\nscript:alert(1)',
      '&#106;avascript:alert(1)',
      'data:text/html;base64,PHNjcmlwdD4=',
      '//evil.example/x',
      'file:///etc/passwd',
    ]) {
      const html = render(`[x](${target})`);
      expect(html, target).not.toContain('<a ');
      expect(html, target).toContain('[x](');
    }
    expect(render('<javascript:alert(1)>')).not.toContain('<a ');
    // markdown-it percent-encodes a backslash before the check; encoded, it is still a backslash to a server or
    // router that decodes the path, so not a path on this site (docs/decisions/053-site-paths.md).
    expect(render('[x](/\\evil.example)')).not.toContain('<a ');
    expect(render('<https://example.com/a>')).toContain('<a href="https://example.com/a"');
  });

  it('draws no images, setext headings or raw HTML blocks', () => {
    const html = render('![pixel](https://tracker.example/p.gif)\n\nTitle\n---\n\n<div onclick="x">hi</div>');
    expect(html).not.toContain('<img');
    expect(html).toContain('<a href="https://tracker.example/p.gif"');
    expect(html).toContain('<hr');
    expect(html).not.toContain('<h2');
    expect(html).toContain('&lt;div onclick=&quot;x&quot;&gt;hi&lt;/div&gt;');
  });

  it('keeps headings between h2 and h4, and quotes in one box', () => {
    const html = render('# Top\n\n###### Deep\n\n> quoted\n> on two lines');
    expect(html).toContain('<h2 id="top"');
    expect(html).toContain('<h4 id="deep"');
    expect(html).toContain('<blockquote class="mt-4 space-y-2 border-l-4');
    expect(html).toContain('<p>quoted on two lines</p>');
  });
});
