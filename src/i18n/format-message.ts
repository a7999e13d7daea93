import type icuFormatMessageType from 'use-intl/format-message';
// The package's own formatter, imported by file because `use-intl/format-message` itself is aliased to this
// module (next.config.ts). Same build for server and browser: it is the one next-intl would have used.
// @ts-expect-error -- a file of the package's build, without types of its own; typed just below
import icuBuild from '../../node_modules/use-intl/dist/esm/production/format-message/index.js';

const icuFormatMessage: typeof icuFormatMessageType = icuBuild;

/**
 * next-intl's message formatter with a fast path for the messages our catalogs are mostly made of: text with
 * `{name}` arguments, and `{count, plural, …}` whose `#` is a small integer.
 *
 * Why (issue 9): next-intl hands every message with values to intl-messageformat, whose constructor resolves
 * the locale with `Intl.NumberFormat.supportedLocalesOf`. The first NumberFormat-family call in a page loads
 * ICU's locale data: 150–230 ms of main thread at Lighthouse's 4x slowdown on these machines, measured in a
 * fresh renderer, and it fell inside the configurator's hydration (`buy.included`, `buy.diskSize`). PluralRules
 * does not pay it (1–6 ms). The fast path writes exactly what intl-messageformat writes for these shapes
 * (tests/api/format-message.test.ts compares every message of the three catalogs); anything else (quotes,
 * rich-text tags, select, number/date arguments, non-string values, missing values, large `#`) goes to the
 * package's formatter unchanged, with its errors and fallbacks.
 */
const formatMessage: typeof icuFormatMessageType = (key, message, values, options) => {
  if (typeof message === 'string' && values && PLAIN_DIGIT_LOCALES.has(options.locale)) {
    const parts = parsed(message);
    if (parts) {
      const written = write(parts, values, (count) => options.formatters.getPluralRules(options.locale).select(count));
      if (written !== null) return written;
    }
  }
  return icuFormatMessage(key, message, values, options);
};
formatMessage.raw = icuFormatMessage.raw;
export default formatMessage;

/** Locales whose default number format writes an integer below 1000 exactly as `String(n)` (Latin digits). */
const PLAIN_DIGIT_LOCALES = new Set(['en', 'zh', 'ja']);

type Part = string | { arg: string } | { pound: true } | { plural: string; cases: Map<string, Part[]> };

const POUND: Part = { pound: true };
const IDENTIFIER = /^\s*([A-Za-z_][\w]*)\s*$/;
const PLURAL_HEAD = /^\s*plural\s*,/;
const SELECTOR = /^\s*(=\d+|zero|one|two|few|many|other)\s*\{/;

/** Parsed messages, or null when a message is outside the fast path; bounded by the catalogs' size. */
const parsedMessages = new Map<string, Part[] | null>();

function parsed(message: string): Part[] | null {
  let parts = parsedMessages.get(message);
  if (parts === undefined) {
    parts = parse(message, 0, false)?.parts ?? null;
    parsedMessages.set(message, parts);
  }
  return parts;
}

/**
 * Reads text, `{name}` and `{name, plural, =0 {…} one {…} other {…}}` (bodies may nest the same). Returns null on
 * anything else, so ICU's own parser decides what it means.
 */
function parse(source: string, start: number, inPlural: boolean): { parts: Part[]; end: number } | null {
  const parts: Part[] = [];
  let text = '';
  const flush = () => {
    if (text) parts.push(text);
    text = '';
  };
  let i = start;
  while (i < source.length) {
    const ch = source[i];
    if (ch === "'" || ch === '<') return null;
    if (ch === '}') {
      if (!inPlural) return null;
      flush();
      return { parts, end: i };
    }
    if (ch === '#' && inPlural) {
      flush();
      parts.push(POUND);
      i++;
      continue;
    }
    if (ch !== '{') {
      text += ch;
      i++;
      continue;
    }
    flush();
    const close = source.indexOf('}', i);
    const comma = source.indexOf(',', i);
    if (close === -1) return null;
    if (comma === -1 || comma > close) {
      const name = IDENTIFIER.exec(source.slice(i + 1, close));
      if (!name?.[1]) return null;
      parts.push({ arg: name[1] });
      i = close + 1;
      continue;
    }
    const name = IDENTIFIER.exec(source.slice(i + 1, comma));
    const head = PLURAL_HEAD.exec(source.slice(comma + 1));
    if (!name?.[1] || !head) return null;
    i = comma + 1 + head[0].length;
    const cases = new Map<string, Part[]>();
    for (;;) {
      while (source[i] === ' ' || source[i] === '\n' || source[i] === '\t') i++;
      if (source[i] === '}') break;
      const selector = SELECTOR.exec(source.slice(i));
      if (!selector?.[1]) return null;
      const body = parse(source, i + selector[0].length, true);
      if (!body) return null;
      cases.set(selector[1], body.parts);
      i = body.end + 1;
    }
    if (!cases.has('other')) return null;
    parts.push({ plural: name[1], cases });
    i++;
  }
  if (inPlural) return null;
  flush();
  return { parts, end: i };
}

/** Writes the parts as intl-messageformat would, or null where its answer could differ. */
function write(
  parts: Part[],
  values: Record<string, unknown>,
  pluralCategory: (count: number) => string,
  count?: number,
): string | null {
  let out = '';
  for (const part of parts) {
    if (typeof part === 'string') {
      out += part;
    } else if ('arg' in part) {
      const value = values[part.arg];
      if (typeof value !== 'string' && typeof value !== 'number') return null;
      out += String(value);
    } else if ('pound' in part) {
      // intl-messageformat writes `#` with the locale's NumberFormat: the same as String(n) only for integers
      // below 1000 (no group separator) and not for -0.
      if (count === undefined || !Number.isInteger(count) || Math.abs(count) >= 1000 || Object.is(count, -0)) {
        return null;
      }
      out += String(count);
    } else {
      const value = values[part.plural];
      if (typeof value !== 'number') return null;
      const body = part.cases.get(`=${value}`) ?? part.cases.get(pluralCategory(value)) ?? part.cases.get('other');
      const written = body ? write(body, values, pluralCategory, value) : null;
      if (written === null) return null;
      out += written;
    }
  }
  return out;
}
