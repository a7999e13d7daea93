import { isValidElement, type ReactNode } from 'react';
import { IntlError, IntlErrorCode } from 'use-intl/core';
import type icuFormatMessageType from 'use-intl/format-message';

/**
 * next-intl's message formatter, for the part of ICU MessageFormat our catalogs use: text with ICU's apostrophe
 * quoting, `{name}` arguments, `{n, plural, …}` (with `=N`, categories and `#`), `{key, select, …}` and
 * rich-text tags (`<terms>…</terms>` for `t.rich`). next.config.ts aliases `use-intl/format-message` to this
 * module, the same switch next-intl's own precompile option uses (decision 026).
 *
 * Why: the package's formatter hands every message with values to intl-messageformat, whose constructor
 * resolves the locale with `Intl.NumberFormat.supportedLocalesOf`. The first NumberFormat-family call in a page
 * loads ICU's locale data, far more main thread than PluralRules alone, and it fell inside the configurator's
 * hydration; intl-messageformat and its parser are also the largest part of next-intl's chunk on every page.
 * next-intl's own precompiled messages would ship less code but still write a plural's `#` with
 * `Intl.NumberFormat`; decision 026 has the measurements of all three.
 *
 * It writes what intl-messageformat writes, part for part (src/i18n/format-message.test.ts compares every
 * message of the three catalogs and the syntax cases). Number, date and time arguments, `selectordinal` and
 * plural offsets are not supported: such a message is refused with next-intl's INVALID_MESSAGE error (logged,
 * English text shown), and the catalog test fails the build before one ships.
 */
const formatMessage: typeof icuFormatMessageType = (key, message, values, options) => {
  if (Array.isArray(message)) {
    throw new IntlError(IntlErrorCode.INVALID_MESSAGE, `Message at \`${key}\` resolved to an array.`);
  }
  if (typeof message === 'object') {
    throw new IntlError(IntlErrorCode.INSUFFICIENT_PATH, `Message at \`${key}\` resolved to an object.`);
  }
  if (!values && !/[{<']/.test(message)) return message;
  const formatted = joinParts(formatParts(parsed(message), values, { message, options }));
  return isValidElement(formatted) || Array.isArray(formatted) || typeof formatted === 'string'
    ? formatted
    : String(formatted);
};
// `t.raw` reads catalog text as written; it stays available (the 404 page and the countdowns use it).
formatMessage.raw = true;
export default formatMessage;

type Options = Parameters<typeof icuFormatMessageType>[3];
type Values = Parameters<typeof icuFormatMessageType>[2];

type Element =
  | { type: 'text'; value: string }
  | { type: 'argument'; name: string }
  | { type: 'pound' }
  | { type: 'plural' | 'select'; name: string; options: Map<string, Element[]> }
  | { type: 'tag'; name: string; children: Element[] };

/** The message being written and next-intl's options (locale, cached Intl formatters). */
type Context = { message: string; options: Options };

/** A formatted piece: text, or a value the caller passed (a React element from a rich-text tag). */
type Part = { text: true; value: string } | { text: false; value: unknown };

/** Locales whose default number format writes an integer below 1000 exactly as `String(n)` (Latin digits). */
const PLAIN_DIGIT_LOCALES = new Set(['en', 'zh', 'ja']);

/** `#` in a plural, as `Intl.NumberFormat(locale)` writes it; small integers without loading ICU's number data. */
function writeCount(count: number, options: Options): string {
  if (PLAIN_DIGIT_LOCALES.has(options.locale) && Number.isInteger(count) && Math.abs(count) < 1000) {
    if (!Object.is(count, -0)) return String(count);
  }
  return options.formatters.getNumberFormat(options.locale).format(count);
}

/** Parsed messages (or the error a message raised), bounded by the catalogs' size. */
const parsedMessages = new Map<string, Element[] | IntlError>();

function parsed(message: string): Element[] {
  let elements = parsedMessages.get(message);
  if (elements === undefined) {
    try {
      elements = new Parser(message).parseMessage(0, null, false);
    } catch (error) {
      elements = error instanceof IntlError ? error : new IntlError(IntlErrorCode.INVALID_MESSAGE, String(error));
    }
    parsedMessages.set(message, elements);
  }
  if (elements instanceof IntlError) throw elements;
  return elements;
}

/** ICU's pattern white space (what the reference parser skips inside `{…}`). */
const isSpace = (ch: string | undefined) => ch !== undefined && /[\t-\r \u0085\u200E\u200F\u2028\u2029]/.test(ch);
const isAlpha = (ch: string | undefined) => ch !== undefined && /[A-Za-z]/.test(ch);
const IDENTIFIER = /[\p{L}\p{N}_]+/uy;
const TAG_NAME = /[A-Za-z][\w.\-\u00B7\u00C0-\uFFFD]*/y;

/** A port of @formatjs/icu-messageformat-parser's recursive descent, for the syntax listed above. */
class Parser {
  private pos = 0;
  constructor(private readonly source: string) {}

  private fail(reason: string): never {
    throw new IntlError(IntlErrorCode.INVALID_MESSAGE, `${reason} at ${this.pos} (${this.source})`);
  }

  private char(offset = 0): string | undefined {
    return this.source[this.pos + offset];
  }

  private skipSpace(): void {
    while (isSpace(this.char())) this.pos++;
  }

  private take(text: string): boolean {
    if (!this.source.startsWith(text, this.pos)) return false;
    this.pos += text.length;
    return true;
  }

  private match(pattern: RegExp): string {
    pattern.lastIndex = this.pos;
    const found = pattern.exec(this.source)?.[0] ?? '';
    this.pos += found.length;
    return found;
  }

  parseMessage(depth: number, parent: 'plural' | 'select' | null, inTag: boolean): Element[] {
    const elements: Element[] = [];
    while (this.pos < this.source.length) {
      const ch = this.char();
      if (ch === '{') {
        elements.push(this.parseArgument(depth, inTag));
      } else if (ch === '}' && depth > 0) {
        break;
      } else if (ch === '#' && parent === 'plural') {
        this.pos++;
        elements.push({ type: 'pound' });
      } else if (ch === '<' && this.char(1) === '/') {
        if (inTag) break;
        this.fail('closing tag without an opening one');
      } else if (ch === '<' && isAlpha(this.char(1))) {
        elements.push(this.parseTag(depth, parent));
      } else {
        elements.push({ type: 'text', value: this.parseText(depth, parent) });
      }
    }
    return elements;
  }

  private parseTag(depth: number, parent: 'plural' | 'select' | null): Element {
    this.pos++;
    const name = this.match(TAG_NAME);
    this.skipSpace();
    if (this.take('/>')) return { type: 'text', value: `<${name}/>` };
    if (!this.take('>')) this.fail('malformed tag');
    const children = this.parseMessage(depth + 1, parent, true);
    if (!this.take('</') || this.match(TAG_NAME) !== name) this.fail(`unclosed tag <${name}>`);
    this.skipSpace();
    if (!this.take('>')) this.fail('malformed closing tag');
    return { type: 'tag', name, children };
  }

  /** Text up to the next syntax character; apostrophes quote as in ICU 4.8+ ("only where needed"). */
  private parseText(depth: number, parent: 'plural' | 'select' | null): string {
    let text = '';
    for (;;) {
      const ch = this.char();
      if (ch === undefined) break;
      if (ch === "'") {
        const next = this.char(1);
        if (next === "'") {
          text += "'";
          this.pos += 2;
          continue;
        }
        if (next === '{' || next === '<' || next === '>' || next === '}' || (next === '#' && parent === 'plural')) {
          text += next;
          this.pos += 2;
          for (;;) {
            const quoted = this.char();
            if (quoted === undefined) break;
            this.pos++;
            if (quoted !== "'") text += quoted;
            else if (this.char() === "'") {
              text += "'";
              this.pos++;
            } else break;
          }
          continue;
        }
      }
      if (ch === '{' || (ch === '#' && parent === 'plural') || (ch === '}' && depth > 0)) break;
      if (ch === '<' && (isAlpha(this.char(1)) || this.char(1) === '/')) break;
      text += ch;
      this.pos++;
    }
    return text;
  }

  private parseArgument(depth: number, inTag: boolean): Element {
    this.pos++;
    this.skipSpace();
    const name = this.match(IDENTIFIER);
    if (!name) this.fail('argument without a name');
    this.skipSpace();
    if (this.take('}')) return { type: 'argument', name };
    if (!this.take(',')) this.fail('malformed argument');
    this.skipSpace();
    const kind = this.match(IDENTIFIER);
    if (kind !== 'plural' && kind !== 'select') this.fail(`unsupported argument type "${kind}"`);
    this.skipSpace();
    if (!this.take(',')) this.fail('malformed argument');
    const options = new Map<string, Element[]>();
    for (;;) {
      this.skipSpace();
      const selector = kind === 'plural' && this.take('=') ? `=${this.match(/\d+/y)}` : this.match(IDENTIFIER);
      if (!selector) break;
      if (selector === 'offset' || options.has(selector)) this.fail(`unsupported or repeated selector "${selector}"`);
      this.skipSpace();
      if (!this.take('{')) this.fail('selector without a message');
      options.set(selector, this.parseMessage(depth + 1, kind, inTag));
      if (!this.take('}')) this.fail('unclosed selector message');
    }
    if (options.size === 0 || !this.take('}')) this.fail('malformed argument');
    return { type: kind, name, options };
  }
}

/** intl-messageformat's formatToParts for these elements: same parts, same errors. */
function formatParts(elements: Element[], values: Values, context: Context, count?: number): Part[] {
  const parts: Part[] = [];
  for (const element of elements) {
    if (element.type === 'text') {
      parts.push({ text: true, value: element.value });
      continue;
    }
    if (element.type === 'pound') {
      if (typeof count === 'number') parts.push({ text: true, value: writeCount(count, context.options) });
      continue;
    }
    if (!values || !(element.name in values)) {
      throw new Error(
        `The intl string context variable "${element.name}" was not provided to the string "${context.message}"`,
      );
    }
    const value: unknown = values[element.name];
    if (element.type === 'argument') {
      if (typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint') {
        parts.push({ text: true, value: String(value) });
      } else if (!value) {
        parts.push({ text: true, value: '' });
      } else {
        parts.push({ text: false, value });
      }
    } else if (element.type === 'tag') {
      if (typeof value !== 'function') throw new Error(`Value for "${element.name}" must be of type function`);
      const children = formatParts(element.children, values, context, count).map((part) => part.value);
      const chunks: unknown = value(children);
      for (const chunk of Array.isArray(chunks) ? chunks : [chunks]) {
        parts.push(typeof chunk === 'string' ? { text: true, value: chunk } : { text: false, value: chunk });
      }
    } else if (element.type === 'select') {
      const option = element.options.get(String(value)) ?? element.options.get('other');
      if (!option) throw new Error(`Invalid value "${String(value)}" for "${element.name}"`);
      parts.push(...formatParts(option, values, context));
    } else {
      const number = Number(value);
      const { formatters, locale } = context.options;
      const option =
        element.options.get(`=${String(value)}`) ??
        element.options.get(formatters.getPluralRules(locale).select(number)) ??
        element.options.get('other');
      if (!option) throw new Error(`Invalid value "${String(value)}" for "${element.name}"`);
      parts.push(...formatParts(option, values, context, number));
    }
  }
  return mergeText(parts);
}

function mergeText(parts: Part[]): Part[] {
  const merged: Part[] = [];
  for (const part of parts) {
    const last = merged[merged.length - 1];
    if (last?.text && part.text) last.value += part.value;
    else merged.push({ ...part });
  }
  return merged;
}

/** intl-messageformat's `format`: one value stays itself, text runs join, nothing is an empty string. */
function joinParts(parts: Part[]): ReactNode {
  if (parts.length === 1) return parts[0]?.value as ReactNode;
  const joined: unknown[] = [];
  for (const part of parts) {
    const last = joined.length - 1;
    if (part.text && typeof joined[last] === 'string') joined[last] += part.value;
    else joined.push(part.value);
  }
  return joined.length <= 1 ? (joined[0] as ReactNode) || '' : (joined as ReactNode);
}
