import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { markdownSections, markdownText, parseMarkdown } from '@/lib/markdown';
import { LOCALES } from '@/lib/locales';
import { announcements, docArticles } from '../db/seed/data/content';
import type { CatalogTable } from './catalog-tables';
import { fillInlineFacts, USD } from './inline-facts';
import { catalogTableHtml, markdownHtml } from './markdown-html';

const FIXTURES = path.resolve(import.meta.dirname, '../../../tests/fixtures/markdown-before.json');
const TEXT_FIXTURES = path.resolve(import.meta.dirname, '../../../tests/fixtures/markdown-before-text.json');

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
function seedBodies(): [string, string, (typeof LOCALES)[number]][] {
  const out: [string, string, (typeof LOCALES)[number]][] = [];
  for (const article of docArticles) {
    for (const locale of LOCALES) out.push([`article/${article.slug}/${locale}`, article.translations[locale].body, locale]);
  }
  announcements(new Date('2026-01-01T00:00:00Z')).forEach((a, i) => {
    for (const locale of LOCALES) out.push([`announcement/${i}/${locale}`, a.translations[locale].body, locale]);
  });
  return out;
}

function render(body: string, locale: (typeof LOCALES)[number]): string {
  return markdownHtml(parseMarkdown(fillInlineFacts(body, USD, locale)), (name) => catalogTableHtml(fakeTable(name)));
}

describe('Markdown rendering of every seed article and announcement', () => {
  it('matches the fixtures', () => {
    const rendered = Object.fromEntries(seedBodies().map(([key, body, locale]) => [key, render(body, locale)]));
    if (process.env.UPDATE_MARKDOWN_FIXTURES) writeFileSync(FIXTURES, `${JSON.stringify(rendered, null, 1)}\n`);
    const before = JSON.parse(readFileSync(FIXTURES, 'utf8')) as Record<string, string>;
    expect(Object.keys(rendered).sort()).toEqual(Object.keys(before).sort());
    for (const [key, html] of Object.entries(rendered)) expect(html, key).toBe(before[key]);
  });

  it('gives search and chat the same plain text and sections', () => {
    const texts = Object.fromEntries(
      seedBodies().map(([key, body, locale]) => {
        const filled = fillInlineFacts(body, USD, locale);
        return [key, { text: markdownText(filled), sections: markdownSections(filled) }];
      }),
    );
    if (process.env.UPDATE_MARKDOWN_FIXTURES) writeFileSync(TEXT_FIXTURES, `${JSON.stringify(texts, null, 1)}\n`);
    const before = JSON.parse(readFileSync(TEXT_FIXTURES, 'utf8')) as typeof texts;
    for (const [key, value] of Object.entries(texts)) expect(value, key).toEqual(before[key]);
  });
});
