import sanitizeHtml from 'sanitize-html';
import { ownSitePath } from '../site-path';

/**
 * The chat answer's HTML allow-list: paragraphs, line breaks, lists, code, strong/em and links to our own site.
 * Everything else is dropped; text is always re-escaped. The parsing and re-serialising is sanitize-html's
 * (htmlparser2, no DOM), run on the server where the answer is built (docs/decisions/048-answer-sanitizer.md);
 * this module only states the policy.
 */

const ALLOWED_TAGS = ['p', 'br', 'ul', 'ol', 'li', 'a', 'code', 'pre', 'strong', 'em', 'b', 'i'];

/** Dropped together with everything inside them: their content is never text a reader should see. */
const DROP_CONTENT = [
  'script',
  'style',
  'template',
  'iframe',
  'object',
  'embed',
  'noscript',
  'textarea',
  'title',
  'svg',
  'math',
  'xmp',
  'noembed',
  'noframes',
  'plaintext',
  'option',
  'select',
];

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/**
 * A link target that stays on our site: a path on it (`/doc/...`, as a browser resolves it: not `//host`,
 * `/\host` or `/.//host`, docs/decisions/053-site-paths.md), or an absolute http(s) URL on `siteOrigin` whose path
 * is one. Takes the attribute's value with its entities already decoded (the parser does that). Returns the
 * path-relative form, or null.
 */
export function safeHref(raw: string, siteOrigin: string): string | null {
  // Browsers ignore ASCII whitespace and control characters inside a URL's scheme; so must the check.
  const value = Array.from(raw)
    .filter((ch) => {
      const code = ch.codePointAt(0) ?? 0;
      return code > 0x20 && code !== 0x7f;
    })
    .join('');
  return ownSitePath(value, siteOrigin);
}

export function sanitizeAnswerHtml(html: string, siteOrigin: string): string {
  return sanitizeHtml(html, {
    allowedTags: ALLOWED_TAGS,
    allowedAttributes: { a: ['href'] },
    // Our own check below decides every link; these only back it up (a path-relative href has no scheme).
    allowedSchemes: ['http', 'https'],
    allowedSchemesAppliedToAttributes: ['href'],
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    nonTextTags: DROP_CONTENT,
    transformTags: {
      b: 'strong',
      i: 'em',
      a: (_tagName, attribs) => {
        const href = attribs.href === undefined ? null : safeHref(attribs.href, siteOrigin);
        const kept: sanitizeHtml.Attributes = href === null ? {} : { href };
        return { tagName: 'a', attribs: kept };
      },
    },
  });
}
