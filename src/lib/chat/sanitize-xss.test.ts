import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Parser } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { isSitePath } from '../site-path';
import { safeHref, sanitizeAnswerHtml } from './sanitize-html';

const SITE = 'https://www.cirrus.cloud';
const PAYLOADS = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, '../../../tests/fixtures/xss-payloads.json'), 'utf8'),
) as { name: string; html: string }[];

/** What an answer may contain once sanitized: these elements, and `href` on links only. */
const OUTPUT_TAGS = new Set(['p', 'br', 'ul', 'ol', 'li', 'a', 'code', 'pre', 'strong', 'em']);

type Element = { name: string; attributes: Record<string, string> };

/** The elements a browser-like parser finds in `html` (htmlparser2 decodes attribute entities as a browser does). */
function elementsOf(html: string): Element[] {
  const found: Element[] = [];
  const parser = new Parser(
    { onopentag: (name, attributes) => found.push({ name, attributes }) },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true, recognizeCDATA: true },
  );
  parser.write(html);
  parser.end();
  return found;
}

/** Every problem an output has: a tag off the list, any attribute but a link's href, a link leaving the site. */
function violations(html: string): string[] {
  const problems: string[] = [];
  for (const { name, attributes } of elementsOf(html)) {
    if (!OUTPUT_TAGS.has(name)) problems.push(`element <${name}>`);
    for (const [attribute, value] of Object.entries(attributes)) {
      if (/^on/i.test(attribute)) problems.push(`event handler ${attribute}`);
      else if (name !== 'a' || attribute !== 'href') problems.push(`attribute ${attribute} on <${name}>`);
      // Today's rule: a path on this site (docs/decisions/053-site-paths.md), the only form the sanitizer emits.
      else if (!isSitePath(value) || safeHref(value, SITE) !== value) problems.push(`href ${value}`);
    }
  }
  // Text is escaped, so every raw `<` must open or close an allowed tag; anything else would be markup.
  for (const tag of html.match(/<[^>]*>?/g) ?? []) {
    if (!/^<\/?(p|br|ul|ol|li|a|code|pre|strong|em)( href="[^"<>]*")?( \/)?>$/.test(tag)) problems.push(`raw ${tag}`);
  }
  return problems;
}

describe('chat answer sanitizer against the XSS corpus (tests/fixtures/xss-payloads.json)', () => {
  it('holds at least 50 payloads', () => {
    expect(PAYLOADS.length).toBeGreaterThanOrEqual(50);
  });

  it.each(PAYLOADS)('$name: nothing executable survives', ({ html }) => {
    const clean = sanitizeAnswerHtml(html, SITE);
    expect(violations(clean)).toEqual([]);
    // Sanitizing again changes nothing: the output is already in its final form.
    expect(sanitizeAnswerHtml(clean, SITE)).toBe(clean);
  });

  it('keeps links on this site and drops the others', () => {
    const byName = new Map(PAYLOADS.map((p) => [p.name, sanitizeAnswerHtml(p.html, SITE)]));
    expect(byName.get('same-site absolute link')).toBe('<a href="/doc/article/refund">refunds</a>');
    expect(byName.get('same-site path link')).toBe('<a href="/doc/article/pricing#hourly">pricing</a>');
    for (const name of ['protocol-relative link', 'off-site https link', 'look-alike host', 'userinfo host confusion'])
      expect(byName.get(name), name).toBe('<a>x</a>');
    expect(byName.get('entity-encoded markup stays text')).toBe('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('passes the answers the chat writes unchanged', () => {
    for (const answer of [
      '<p>From <a href="/doc/article/pricing">Pricing</a>:</p><p>Every plan is billed by the hour, capped at the monthly price.</p>',
      '<p>Plans:</p><ul><li>Starter: 1 vCPU, 1 GB</li><li>Standard: 2 vCPU, 4 GB</li></ul>',
      '<ol><li><strong>Create</strong> a server</li><li>Open <em>Networking</em></li></ol>',
      '<p>Run <code>apt update &amp;&amp; apt upgrade</code> first.</p><pre>sudo reboot</pre>',
      '<p>料金は<a href="/zh/doc/article/refund">返金ポリシー</a>をご覧ください。</p><p>1 &lt; 2<br />3 &gt; 2</p>',
    ]) {
      expect(sanitizeAnswerHtml(answer, SITE)).toBe(answer);
      expect(violations(answer)).toEqual([]);
    }
  });
});
