import 'server-only';
import { domainToASCII, domainToUnicode } from 'node:url';

/** RFC 1035: a label is 1-63 octets. */
export const MAX_LABEL_LENGTH = 63;

/** Letters, digits and hyphens, neither first nor last (RFC 1035 / 5891 LDH label), already lower case. */
const LDH_LABEL = /^[a-z\d](?:[a-z\d-]*[a-z\d])?$/;

/**
 * True when the name holds an ASCII character other than a letter, digit, hyphen or dot (`/`, `?`, `#`, `%`,
 * `@`, `:`, spaces, controls). Those are refused up front: `domainToASCII` parses a URL host and would silently cut the name at a delimiter
 * (`a/b` -> `a`) or decode it (`%41` -> `a`). Non-ASCII goes on to IDNA, which maps full-width forms and
 * refuses what it cannot map.
 */
function hasAsciiOtherThanLdhOrDot(value: string): boolean {
  for (const char of value) {
    if (char.charCodeAt(0) < 0x80 && !/[A-Za-z\d.-]/.test(char)) return true;
  }
  return false;
}

/** One ASCII label as registries accept it; `--` in positions 3-4 only as the IDNA `xn--` prefix (RFC 5891 §4.2.3.1). */
export function isRegistrableLabel(label: string): boolean {
  if (label.length < 1 || label.length > MAX_LABEL_LENGTH || !LDH_LABEL.test(label)) return false;
  return label.slice(2, 4) !== '--' || label.startsWith('xn--');
}

export type SearchName =
  | { ok: true; label: string; typedSuffix: string | undefined }
  | { ok: false; messageKey: string };

/**
 * Reads what a visitor typed into the domain search: a second-level label, in any script (`云服务器`, `クラウド`),
 * optionally with one of our suffixes (`example.com`, `例子．com`). The label comes back as lower-case
 * ASCII (punycode `xn--...` for non-ASCII), the suffix as one of `suffixes` (stored with the leading dot).
 * The longest suffix that fits wins, so `example.com.cn` is `example` under `.com.cn`, not `example.com` under `.cn`.
 */
export function parseSearchName(input: string, suffixes: readonly string[]): SearchName {
  const typed = input.trim();
  if (typed === '') return { ok: false, messageKey: 'validation.required' };
  if (hasAsciiOtherThanLdhOrDot(typed)) return { ok: false, messageKey: 'validation.domain' };
  const ascii = domainToASCII(typed).replace(/\.$/, '');
  if (ascii === '') return { ok: false, messageKey: 'validation.domain' };

  let label = ascii;
  let typedSuffix: string | undefined;
  if (ascii.includes('.')) {
    typedSuffix = [...suffixes]
      .sort((a, b) => b.length - a.length)
      .find((s) => ascii.endsWith(s) && ascii.length > s.length);
    if (typedSuffix === undefined) return { ok: false, messageKey: 'domain.error.unknownSuffix' };
    label = ascii.slice(0, -typedSuffix.length);
  }
  if (label.length > MAX_LABEL_LENGTH) return { ok: false, messageKey: 'api.field.tooLong' };
  if (!isRegistrableLabel(label)) return { ok: false, messageKey: 'validation.domain' };
  return { ok: true, label, typedSuffix };
}

/** A suffix as a client may send it (`com`, `.COM`, `.中国`) in its stored form: leading dot, lower-case ASCII. */
export function normalizeSuffix(input: string): string | undefined {
  const bare = input.trim().replace(/^\./, '');
  if (bare === '' || hasAsciiOtherThanLdhOrDot(bare)) return undefined;
  const ascii = domainToASCII(bare);
  return ascii === '' ? undefined : `.${ascii}`;
}

/** The name as a visitor reads it: `xn--eqrt2g.com` -> `域名.com`. */
export function displayName(fqdn: string): string {
  return domainToUnicode(fqdn) || fqdn;
}
