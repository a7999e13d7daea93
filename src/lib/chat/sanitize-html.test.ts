import { describe, expect, it } from 'vitest';
import { safeHref, sanitizeAnswerHtml } from './sanitize-html';

const SITE = 'https://www.cirrus.cloud';
const clean = (html: string) => sanitizeAnswerHtml(html, SITE);

describe('chat answer sanitizer', () => {
  it('keeps the allow-list: paragraphs, lists, code, strong/em and our own links', () => {
    expect(clean('<p>Hi <strong>there</strong> <em>you</em></p><ul><li>a</li><li><code>x</code></li></ul>')).toBe(
      '<p>Hi <strong>there</strong> <em>you</em></p><ul><li>a</li><li><code>x</code></li></ul>',
    );
    expect(clean('<a href="/doc/article/pricing">Pricing</a>')).toBe('<a href="/doc/article/pricing">Pricing</a>');
    expect(clean(`<a href="${SITE}/zh/product/vps?x=1#y">VPS</a>`)).toBe('<a href="/zh/product/vps?x=1#y">VPS</a>');
    expect(clean('<b>bold</b><i>it</i><br/><pre>p</pre>')).toBe('<strong>bold</strong><em>it</em><br /><pre>p</pre>');
  });

  it('drops scripts, event handlers, styles and foreign elements with their dangerous content', () => {
    expect(clean('<script>alert(1)</script>ok')).toBe('ok');
    expect(clean('<img src=x onerror=alert(1)>ok')).toBe('ok');
    expect(clean('<p onclick="alert(1)" style="x">t</p>')).toBe('<p>t</p>');
    expect(clean('<svg><script>alert(1)</script></svg>z')).toBe('z');
    expect(clean('<iframe src="javascript:alert(1)"></iframe>')).toBe('');
    expect(clean('<style>*{}</style><!-- <script>alert(1)</script> -->t')).toBe('t');
    expect(clean('<scr<script>ipt>alert(1)</script>')).toBe('ipt&gt;alert(1)');
  });

  it('refuses links off our site or with script schemes, however they are written', () => {
    for (const href of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'java&#x09;script:alert(1)',
      '&#106;avascript:alert(1)',
      ' javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      '/.//evil.example',
      '/%2F%2Fevil.example',
      `${SITE}//evil.example`,
      `${SITE}/.//evil.example`,
      'vbscript:x',
    ]) {
      expect(clean(`<a href="${href}">x</a>`)).toBe('<a>x</a>');
    }
    expect(safeHref('http://www.cirrus.cloud.evil.example/', SITE)).toBeNull();
  });

  it('escapes text and balances tags', () => {
    // A quote in text needs no escaping (only attribute values are quoted).
    expect(clean('1 < 2 & "q"')).toBe('1 &lt; 2 &amp; "q"');
    expect(clean('&lt;script&gt;alert(1)&lt;/script&gt;')).toBe('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(clean('<p><strong>open')).toBe('<p><strong>open</strong></p>');
    // A stray `</p>` opens and closes an empty paragraph, as a browser's parser does (HTML's rule).
    expect(clean('</li>stray</p>')).toBe('stray<p></p>');
    expect(clean('<a href="/x" title=">">t</a>')).toBe('<a href="/x">t</a>');
  });
});
