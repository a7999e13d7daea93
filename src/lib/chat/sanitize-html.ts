/**
 * The chat answer's HTML allow-list (issue 8, SPEC §7: `message.answer` is HTML): paragraphs, line breaks,
 * lists, code, strong/em and links to our own site. Everything else is dropped; text is always re-escaped.
 *
 * It re-emits a fresh document from a token stream instead of editing the input, so nothing the input says
 * (attributes, entities, malformed tags, comments) reaches the output except through the escaper. Elements
 * whose content is never text (script, style, templates, frames...) are dropped with their content.
 */

const ALLOWED = new Set(['p', 'br', 'ul', 'ol', 'li', 'a', 'code', 'pre', 'strong', 'em', 'b', 'i']);
const VOID = new Set(['br']);
const RENAME: Record<string, string> = { b: 'strong', i: 'em' };
/** Dropped together with everything inside them. */
const DROP_CONTENT = new Set([
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
]);

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** Decodes the entities a browser would, so a link's real target is what gets checked. */
function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);?/gi, (whole, body: string) => {
    if (body[0] === '#') {
      const code =
        body[1] === 'x' || body[1] === 'X' ? Number.parseInt(body.slice(2), 16) : Number.parseInt(body.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    return NAMED_ENTITIES[body.toLowerCase()] ?? whole;
  });
}

/**
 * A link target that stays on our site: a path (`/doc/...`, not `//host`), or an absolute URL on `siteOrigin`.
 * Returns the path-relative form, or null.
 */
export function safeHref(raw: string, siteOrigin: string): string | null {
  // Browsers ignore ASCII whitespace and control characters inside a URL's scheme; so must the check.
  const value = Array.from(decodeEntities(raw))
    .filter((ch) => {
      const code = ch.codePointAt(0) ?? 0;
      return code > 0x20 && code !== 0x7f;
    })
    .join('');
  if (value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\')) return value;
  try {
    const url = new URL(value);
    const site = new URL(siteOrigin);
    if ((url.protocol === 'https:' || url.protocol === 'http:') && url.origin === site.origin) {
      return `${url.pathname}${url.search}${url.hash}`;
    }
  } catch {
    return null;
  }
  return null;
}

type Token = { kind: 'text'; text: string } | { kind: 'open' | 'close'; name: string; attrs: string };

function tokenize(html: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < html.length) {
    const lt = html.indexOf('<', i);
    if (lt === -1) {
      tokens.push({ kind: 'text', text: html.slice(i) });
      break;
    }
    if (lt > i) tokens.push({ kind: 'text', text: html.slice(i, lt) });
    if (html.startsWith('<!--', lt)) {
      const end = html.indexOf('-->', lt + 4);
      i = end === -1 ? html.length : end + 3;
      continue;
    }
    const match = /^<(\/?)([a-zA-Z][a-zA-Z0-9-]*)/.exec(html.slice(lt, lt + 64));
    if (!match) {
      // `<!doctype`, `<?x`, `< 3`: not an element; `<!`/`<?` are dropped up to `>`, a lone `<` is text.
      if (html[lt + 1] === '!' || html[lt + 1] === '?') {
        const end = html.indexOf('>', lt);
        i = end === -1 ? html.length : end + 1;
      } else {
        tokens.push({ kind: 'text', text: '<' });
        i = lt + 1;
      }
      continue;
    }
    // Find the tag's end, skipping `>` inside quoted attribute values.
    let j = lt + match[0].length;
    let quote: string | null = null;
    while (j < html.length) {
      const ch = html[j];
      if (quote) {
        if (ch === quote) quote = null;
      } else if (ch === '"' || ch === "'") quote = ch;
      else if (ch === '>') break;
      j += 1;
    }
    const name = (match[2] ?? '').toLowerCase();
    tokens.push({ kind: match[1] ? 'close' : 'open', name, attrs: html.slice(lt + match[0].length, j) });
    i = j + 1;
  }
  return tokens;
}

function hrefOf(attrs: string): string | null {
  const match = /(?:^|\s)href\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/i.exec(attrs);
  return match ? (match[1] ?? match[2] ?? match[3] ?? '') : null;
}

export function sanitizeAnswerHtml(html: string, siteOrigin: string): string {
  const out: string[] = [];
  const open: string[] = [];
  let dropping: string | null = null;
  for (const token of tokenize(html)) {
    if (dropping) {
      if (token.kind === 'close' && token.name === dropping) dropping = null;
      continue;
    }
    if (token.kind === 'text') {
      out.push(escapeHtml(decodeEntities(token.text)));
      continue;
    }
    if (DROP_CONTENT.has(token.name)) {
      if (token.kind === 'open' && !token.attrs.trimEnd().endsWith('/')) dropping = token.name;
      continue;
    }
    if (!ALLOWED.has(token.name)) continue;
    const name = RENAME[token.name] ?? token.name;
    if (token.kind === 'open') {
      if (VOID.has(name)) {
        out.push(`<${name}>`);
        continue;
      }
      if (name === 'a') {
        const href = hrefOf(token.attrs);
        const safe = href === null ? null : safeHref(href, siteOrigin);
        out.push(safe === null ? '<a>' : `<a href="${escapeHtml(safe)}">`);
      } else {
        out.push(`<${name}>`);
      }
      open.push(name);
      continue;
    }
    // A closer closes its element and anything left open inside it; a closer with no opener is dropped.
    const at = open.lastIndexOf(name);
    if (at === -1) continue;
    while (open.length > at) out.push(`</${open.pop()}>`);
  }
  while (open.length > 0) out.push(`</${open.pop()}>`);
  return out.join('');
}
