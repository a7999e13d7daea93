import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStylesheetInliner } from '@/server/http/first-paint-styles';
import { createDocumentPreparer } from '@/server/http/kept-document';

let distDir: string;
const CSS = 'body{margin:0}.intro{font-size:1.5rem}.price::after{content:"$&"}';

beforeAll(() => {
  distDir = mkdtempSync(path.join(os.tmpdir(), 'cirrus-styles-'));
  mkdirSync(path.join(distDir, 'static', 'chunks'), { recursive: true });
  writeFileSync(path.join(distDir, 'static', 'chunks', 'site.css'), CSS);
  writeFileSync(path.join(distDir, 'static', 'chunks', 'closer.css'), 'a{}</style><script>alert(1)</script>');
  writeFileSync(path.join(distDir, 'secret.css'), 'outside{}');
});

afterAll(() => rmSync(distDir, { recursive: true, force: true }));

/** A head as React writes it for Next 16, with the loader of decision 018 after the stylesheet. */
const page = (href = '/_next/static/chunks/site.css') =>
  [
    '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>',
    `<link rel="stylesheet" href="${href}" data-precedence="next"/>`,
    '<script>(function(s){})(["/_next/static/chunks/a.js"])</script><title>Cirrus</title>',
    '</head><body><main class="intro">Fast cloud servers</main></body></html>',
  ].join('');

describe('the stylesheet inside the document', () => {
  it('writes the stylesheet in the link’s place and keeps the link, for print only, at the end of the head', () => {
    const html = createStylesheetInliner(distDir)(page());
    expect(html).toContain(`<meta charSet="utf-8"/><style>${CSS}</style><script>`);
    expect(html).toContain(
      '<title>Cirrus</title><link rel="stylesheet" href="/_next/static/chunks/site.css" data-precedence="next" media="print"/></head>',
    );
    // Exactly one link, so hydration finds it and adds none; the body is untouched.
    expect(html.match(/<link rel="stylesheet"/g)).toHaveLength(1);
    expect(html).toContain('<body><main class="intro">Fast cloud servers</main></body>');
  });

  it('leaves a stylesheet linked when it cannot be read, would close the element, or is outside the build', () => {
    const inline = createStylesheetInliner(distDir);
    for (const href of [
      '/_next/static/chunks/missing.css',
      '/_next/static/chunks/closer.css',
      '/_next/static/../secret.css',
    ]) {
      expect(inline(page(href))).toBe(page(href));
    }
  });

  it('leaves a link in the body and a document without a head alone', () => {
    const inline = createStylesheetInliner(distDir);
    const inBody =
      '<html><head></head><body><link rel="stylesheet" href="/_next/static/chunks/site.css" data-precedence="next"/></body></html>';
    expect(inline(inBody)).toBe(inBody);
    expect(inline('<p>no head</p>')).toBe('<p>no head</p>');
  });
});

describe('a kept document, prepared once for the cache and the 404 pages', () => {
  it('loads its scripts after the first paint and carries its stylesheet', () => {
    const next = [
      '<!DOCTYPE html><html lang="ja"><head><meta charSet="utf-8"/>',
      '<link rel="stylesheet" href="/_next/static/chunks/site.css" data-precedence="next"/>',
      '<script src="/_next/static/chunks/react.js" async=""></script><title>Cirrus</title>',
      '</head><body><main class="intro">高速なクラウドサーバー</main>',
      '<script src="/_next/static/chunks/boot.js" async=""></script></body></html>',
    ].join('');
    const html = createDocumentPreparer(distDir)(next);
    // The style first, then the loader with both chunks in order, then the print link at the end of the head.
    const style = html.indexOf(`<style>${CSS}</style>`);
    const loader = html.indexOf('first-contentful-paint');
    const printLink = html.indexOf('data-precedence="next" media="print"/></head>');
    expect(style).toBeGreaterThan(0);
    expect(loader).toBeGreaterThan(style);
    expect(printLink).toBeGreaterThan(loader);
    expect(html).toContain('(["/_next/static/chunks/react.js","/_next/static/chunks/boot.js"])');
    expect(html).not.toMatch(/<script src="[^"]+" async=""/);
    expect(html).toContain('<main class="intro">高速なクラウドサーバー</main>');
  });

  it('is prepared the same when Next cached it with the nonce of the request that first rendered it', () => {
    const nonce = ' nonce="aiZPg8fl0kz0sO6DONvd6A=="';
    const next = [
      '<!DOCTYPE html><html lang="en"><head>',
      `<link rel="stylesheet" href="/_next/static/chunks/site.css"${nonce} data-precedence="next"/>`,
      `<script src="/_next/static/chunks/react.js" async=""${nonce}></script>`,
      `</head><body><p>nonce="kept as text"</p><script${nonce}>self.__next_f.push([1,"x"])</script></body></html>`,
    ].join('');
    const html = createDocumentPreparer(distDir)(next);
    expect(html).toContain(`<style>${CSS}</style>`);
    expect(html).toContain('(["/_next/static/chunks/react.js"])');
    expect(html).not.toContain(' nonce="');
    expect(html).toContain('<p>nonce="kept as text"</p>');
  });
});
