import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES, type Locale } from '@/lib/locales';
import { markdownSections, markdownText, parseMarkdown } from '@/lib/markdown';
import { announcements, docArticles } from '../db/seed/data/content';
import type { CatalogTable } from './catalog-tables';
import { fillInlineFacts, USD } from './inline-facts';
import { catalogTableHtml, markdownHtml } from './markdown-html';

/**
 * Every article and announcement of the seed, in every language, rendered now and compared with what the
 * hand-written parser that markdown-it replaced drew (tests/fixtures/markdown-before*.json, recorded before the
 * swap and never regenerated from the new renderer: docs/decisions/049-markdown.md).
 */
const FIXTURES = path.resolve(import.meta.dirname, '../../../tests/fixtures');
const before = JSON.parse(readFileSync(path.join(FIXTURES, 'markdown-before.json'), 'utf8')) as Record<string, string>;
const beforeText = JSON.parse(readFileSync(path.join(FIXTURES, 'markdown-before-text.json'), 'utf8')) as Record<
  string,
  { text: string; sections: { heading: string; text: string }[] }
>;

/**
 * Differences from the old rendering that are intended, by fixture key, each with why it is better. Empty: the
 * seed's 75 bodies render byte for byte as before (see the decision record for what changed on other input).
 */
const ACCEPTED: Record<string, { why: string; html: string }> = {};

/** A stand-in catalog table per placeholder, so the fixtures do not depend on the catalog's data. */
function fakeTable(name: string): CatalogTable {
  return {
    name: name as CatalogTable['name'],
    caption: `Table ${name}`,
    columns: ['Plan', 'vCPU', 'Price per month'],
    rows: [
      ['Starter', '1', '$5.00'],
      ['Standard', '2', '$10.00'],
    ],
  };
}

/** Every article and announcement body of the seed, in every language, keyed `<kind>/<id>/<locale>`. */
function seedBodies(): [string, string, Locale][] {
  const out: [string, string, Locale][] = [];
  for (const article of docArticles) {
    for (const locale of LOCALES)
      out.push([`article/${article.slug}/${locale}`, article.translations[locale].body, locale]);
  }
  announcements(new Date('2026-01-01T00:00:00Z')).forEach((a, i) => {
    for (const locale of LOCALES) out.push([`announcement/${i}/${locale}`, a.translations[locale].body, locale]);
  });
  return out;
}

/**
 * What the comparison ignores, because a browser draws both the same: whitespace between tags, the order of a
 * tag's attributes, and how a quote character is escaped in text (`&#x27;`, `&#39;` or `'`).
 */
function normalizeHtml(html: string): string {
  return html
    .replace(/>\s+</g, '><')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/<([a-z][a-z0-9]*)((?:\s+[a-z-]+(?:="[^"]*")?)+)\s*(\/?)>/g, (_, tag: string, attrs: string, slash) => {
      const sorted = (attrs.match(/[a-z-]+(?:="[^"]*")?/g) ?? []).sort().join(' ');
      return `<${tag} ${sorted}${slash}>`;
    });
}

describe('Markdown rendering of every seed article and announcement', () => {
  const bodies = seedBodies();

  it('covers every body the fixtures hold', () => {
    expect(bodies.map(([key]) => key).sort()).toEqual(Object.keys(before).sort());
    expect(bodies).toHaveLength(75);
  });

  it('draws the same HTML as before, after normalization, apart from the accepted differences', () => {
    for (const [key, body, locale] of bodies) {
      const html = markdownHtml(parseMarkdown(fillInlineFacts(body, USD, locale, null)), (name) =>
        catalogTableHtml(fakeTable(name)),
      );
      const expected = ACCEPTED[key]?.html ?? before[key] ?? '';
      expect(normalizeHtml(html), key).toBe(normalizeHtml(expected));
    }
  });

  it('gives search and the chat the same plain text and sections', () => {
    for (const [key, body, locale] of bodies) {
      const filled = fillInlineFacts(body, USD, locale, null);
      expect({ text: markdownText(filled), sections: markdownSections(filled) }, key).toEqual(beforeText[key]);
    }
  });

  it('normalizes only what a browser ignores', () => {
    expect(normalizeHtml('<p class="a" id="b">x</p>\n<hr class="c"/>')).toBe(
      normalizeHtml('<p id="b" class="a">x</p><hr class="c"/>'),
    );
    expect(normalizeHtml('<p>it&#x27;s</p>')).toBe("<p>it's</p>");
    expect(normalizeHtml('<p>a b</p>')).not.toBe(normalizeHtml('<p>ab</p>'));
  });
});
