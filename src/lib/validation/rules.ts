import './zod-config';
import { z } from 'zod';

// The pattern rules of docs/product/validation.md#pattern-rules, shared by the browser forms and the API handlers: each rule is a RegExp (or a
// predicate where a regex would be unreadable) plus a zod schema whose messages are i18n keys under
// `validation.*`, so the form and the handler refuse the same input with the same words.
// Chinese characters below are CJK Unified Ideographs U+4E00-U+9FFF plus Extension A U+3400-U+4DBF: docs/product/validation.md#pattern-rules says
// "Chinese characters", and rare name characters such as 䶮 live in Extension A, beyond the classic \u4e00-\u9fa5.
// No regex has the `g` or `y` flag, so `.test()` keeps no state between calls.

/**
 * pass: 4-14 ASCII letters and digits with at least one of each (docs/product/validation.md#pattern-rules), as the
 * original product named it. Customer accounts no longer use it: their passwords follow NIST
 * (docs/decisions/056-account-passwords.md, `account-password-rules.ts`).
 */
export const PASS = /^(?=.*[A-Za-z])(?=.*\d)[A-Za-z\d]{4,14}$/;

/**
 * Symbols allowed in a VPS system password besides letters and digits (docs/product/validation.md#pattern-rules "a set of symbols"):
 * ~ ! @ # $ % ^ & * ( ) _ + - = [ ] { } | ; : , . < > ? /
 * Quotes, backslash, backtick and spaces are left out: they break the shell and config files the password
 * is written into. The messages spell `{}` as `'{}'` because next-intl reads them as ICU, where a bare brace
 * opens an argument.
 */
export const VPS_SYSTEM_PASS_SYMBOLS = '~!@#$%^&*()_+-=[]{}|;:,.<>?/';

/** vpsSystemPass shape: a letter first, then 7-29 letters, digits or VPS_SYSTEM_PASS_SYMBOLS, 8-30 in all (docs/product/validation.md#pattern-rules). */
export const VPS_SYSTEM_PASS = /^[A-Za-z][A-Za-z\d~!@#$%^&*()_+\-=[\]{}|;:,.<>?/]{7,29}$/;

/** Words a VPS system password must not contain in any case, forwards or reversed (docs/product/validation.md#pattern-rules). */
export const VPS_SYSTEM_PASS_FORBIDDEN = ['administrator', 'root', 'rotartsinimda', 'toor'] as const;

/** vpsSystemPass: the shape above and none of the forbidden words, case-insensitively, anywhere (docs/product/validation.md#pattern-rules). */
export function isVpsSystemPass(value: string): boolean {
  if (!VPS_SYSTEM_PASS.test(value)) return false;
  const lower = value.toLowerCase();
  return VPS_SYSTEM_PASS_FORBIDDEN.every((word) => !lower.includes(word));
}

/** cvmSystemPass: 10-30 letters, digits, hyphens with a lowercase, an uppercase, a digit and a hyphen (docs/product/validation.md#pattern-rules). */
export const CVM_SYSTEM_PASS = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*-)[A-Za-z\d-]{10,30}$/;

/** managePass: 5-30 printable ASCII characters other than space, i.e. letters, digits and symbols (docs/product/validation.md#pattern-rules). */
export const MANAGE_PASS = /^[!-~]{5,30}$/;

/** number: 1-30 ASCII letters or digits (docs/product/validation.md#pattern-rules). */
export const NUMBER = /^[A-Za-z\d]{1,30}$/;

/**
 * money: up to 8 integer digits, optionally a dot and 1-2 decimals (docs/product/validation.md#pattern-rules). A leading zero is only allowed
 * as the single integer digit (`0.5` yes, `05` no) so that every amount has one spelling.
 */
export const MONEY = /^(?:0|[1-9]\d{0,7})(?:\.\d{1,2})?$/;

/** ftpName: 8-30 ASCII letters and digits, not only digits and not only letters (docs/product/validation.md#pattern-rules). */
export const FTP_NAME = /^(?=.*[A-Za-z])(?=.*\d)[A-Za-z\d]{8,30}$/;

/** typeMark: 1-30 ASCII letters, digits, underscore, dot or hyphen (docs/product/validation.md#pattern-rules). */
export const TYPE_MARK = /^[A-Za-z\d_.-]{1,30}$/;

/** typeName: typeMark's characters plus Chinese characters, 1-30 (docs/product/validation.md#pattern-rules). */
export const TYPE_NAME = /^[A-Za-z\d_.\u3400-\u4dbf\u4e00-\u9fff-]{1,30}$/;

/** onlyNum: a positive integer of at most 11 digits, no leading zero, optional leading plus (docs/product/validation.md#pattern-rules). */
export const ONLY_NUM = /^\+?[1-9]\d{0,10}$/;

/** One IPv4 octet 0-255 without leading zeros, so `010` (octal to some parsers) is refused. */
const OCTET = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';

/** ipv4: a dotted quad, each part 0-255, no leading zeros except `0` itself (docs/product/validation.md#pattern-rules). */
export const IPV4 = new RegExp(`^${OCTET}(?:\\.${OCTET}){3}$`);

const IPV6_GROUP = /^[\dA-Fa-f]{1,4}$/;

/**
 * ipv6 (docs/product/validation.md#pattern-rules), the RFC 4291 text forms: eight groups of 1-4 hex digits; one `::` standing for one or more
 * zero groups; and a dotted IPv4 as the last 32 bits (`::ffff:192.0.2.1`, `64:ff9b::192.0.2.1`).
 * Zone ids (`%eth0`) and prefixes (`/64`) are refused: a form asking for an address wants just the address.
 */
export function isIpv6(value: string): boolean {
  const halves = value.split('::');
  if (halves.length > 2) return false;
  const compressed = halves.length === 2;
  const head = halves[0] ?? '';
  const tail = halves[1] ?? '';
  if (!compressed && head === '') return false;
  const headGroups = head === '' ? [] : head.split(':');
  const tailGroups = tail === '' ? [] : tail.split(':');
  const groups = [...headGroups, ...tailGroups];
  // An embedded IPv4 may only end the address: not before `::`, not in the middle.
  const lastIndex = compressed && tailGroups.length === 0 ? -1 : groups.length - 1;
  let units = 0;
  for (const [index, group] of groups.entries()) {
    if (IPV6_GROUP.test(group)) units += 1;
    else if (index === lastIndex && IPV4.test(group)) units += 2;
    else return false;
  }
  return compressed ? units <= 7 : units === 8;
}

const DOMAIN_LABEL = /^[A-Za-z\d](?:[A-Za-z\d-]{0,61}[A-Za-z\d])?$/;
const DOMAIN_TLD = /^(?:[a-z]{1,63}|xn--[a-z\d-]{0,58}[a-z\d])$/i;

/**
 * domain: 3-255 characters, at least two dot-separated labels of 1-63 letters, digits or hyphens that neither
 * start nor end with a hyphen, the last label letters only or an `xn--` punycode label (docs/product/validation.md#pattern-rules). A one-letter
 * TLD is let through so that SPEC's 3-character minimum (`a.b`) is reachable; no trailing root dot.
 */
export function isDomain(value: string): boolean {
  if (value.length < 3 || value.length > 255) return false;
  const labels = value.split('.');
  const tld = labels.at(-1);
  if (labels.length < 2 || tld === undefined || !DOMAIN_TLD.test(tld)) return false;
  return labels.every((label) => DOMAIN_LABEL.test(label));
}

/** One port number 1-65535 without leading zeros, so `080` and `0` are refused. */
const PORT_NUMBER = '(?:6553[0-5]|655[0-2]\\d|65[0-4]\\d\\d|6[0-4]\\d{3}|[1-5]\\d{4}|[1-9]\\d{0,3})';

/** A single port 1-65535: not a docs/product/validation.md#pattern-rules rule, a helper for fields that ask for one port. */
export const SINGLE_PORT = new RegExp(`^${PORT_NUMBER}$`);

/** port: two ports 1-65535 separated by a slash, e.g. `80/443` (docs/product/validation.md#pattern-rules). */
export const PORT = new RegExp(`^${PORT_NUMBER}/${PORT_NUMBER}$`);

/** True when the text holds whitespace (ASCII or not, e.g. U+3000 from a CJK keyboard) or a control character. */
function hasSpaceOrControl(value: string): boolean {
  if (/\s/.test(value)) return true;
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

const URL_PARTS = /^https?:\/\/([^/?#]*)(?:[/?#].*)?$/i;
const HOST_PORT = /^(\[[^\]]*\]|[^:]*)(?::([^:]*))?$/;

/**
 * url: an http or https address with a host (docs/product/validation.md#pattern-rules). The host must be a domain, an IPv4 or a bracketed IPv6 as
 * the other rules define them, with an optional port 1-65535. Credentials (`user@host`) are refused: in a form
 * they are a typing slip or a disguise (`https://bank.com@evil.example`). Path, query and fragment are free
 * except for whitespace and control characters; WHATWG `URL` has the final word on them.
 */
export function isUrl(value: string): boolean {
  if (hasSpaceOrControl(value)) return false;
  const authority = URL_PARTS.exec(value)?.[1];
  if (authority === undefined || authority.includes('@')) return false;
  const hostPort = HOST_PORT.exec(authority);
  const host = hostPort?.[1];
  const port = hostPort?.[2];
  if (host === undefined || host === '') return false;
  if (port !== undefined && !SINGLE_PORT.test(port)) return false;
  const hostOk = host.startsWith('[') ? isIpv6(host.slice(1, -1)) : IPV4.test(host) || isDomain(host);
  if (!hostOk) return false;
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}

/** mac: six pairs of hex digits separated all by `:` or all by `-` (docs/product/validation.md#pattern-rules). */
export const MAC = /^[\dA-Fa-f]{2}([:-])[\dA-Fa-f]{2}(?:\1[\dA-Fa-f]{2}){4}$/;

/** CIDR: an IPv4 then `/` and a prefix 0-32 without leading zeros (docs/product/validation.md#pattern-rules). Host bits may be set. */
export const CIDR = new RegExp(`^${OCTET}(?:\\.${OCTET}){3}/(?:3[0-2]|[12]?\\d)$`);

/** name: 2-40 Chinese characters, ASCII letters, digits or the middle dot `·` U+00B7 (docs/product/validation.md#pattern-rules). */
export const NAME = /^[A-Za-z\d\u00b7\u3400-\u4dbf\u4e00-\u9fff]{2,40}$/;

/** The longest address SMTP can carry (RFC 5321 path limit less the angle brackets). */
export const EMAIL_MAX_LENGTH = 254;

/** Local part: letters, digits and `._%+-`, 1-64 characters, dots only between other characters (RFC 5321). */
const EMAIL_LOCAL = /^[A-Za-z\d_%+-]+(?:\.[A-Za-z\d_%+-]+)*$/;

/** email: local@domain, the domain as isDomain defines it, at most 254 characters (docs/product/validation.md#pattern-rules). */
export function isEmail(value: string): boolean {
  if (value.length > EMAIL_MAX_LENGTH) return false;
  const at = value.lastIndexOf('@');
  if (at < 1) return false;
  const local = value.slice(0, at);
  return local.length <= 64 && EMAIL_LOCAL.test(local) && isDomain(value.slice(at + 1));
}

/** CNphone: a Chinese mainland mobile number, 11 digits, `1` then 3-9 (docs/product/validation.md#pattern-rules). */
export const CN_PHONE = /^1[3-9]\d{9}$/;

/** phone: 6-13 digits, no separators (docs/product/validation.md#pattern-rules). */
export const PHONE = /^\d{6,13}$/;

/**
 * fixPhone: a CNphone or a mainland landline (docs/product/validation.md#pattern-rules): area code `0` + 2-3 digits, a hyphen, a 7-8 digit
 * local number, and an optional `-` extension of 1-6 digits, e.g. `010-12345678`, `0755-1234567-801`.
 */
export const FIX_PHONE = /^(?:1[3-9]\d{9}|0\d{2,3}-\d{7,8}(?:-\d{1,6})?)$/;

/** uzip: a Chinese postal code, exactly 6 digits (docs/product/validation.md#pattern-rules). */
export const UZIP = /^\d{6}$/;

/** phonePrefix: a plus and 1-4 digits, e.g. `+86`, `+1684` (docs/product/validation.md#pattern-rules). */
export const PHONE_PREFIX = /^\+\d{1,4}$/;

/** The rules of docs/product/validation.md#pattern-rules, spelled as the original product spelled them; each is also its i18n key `validation.<name>`. */
export const RULE_NAMES = [
  'pass',
  'vpsSystemPass',
  'cvmSystemPass',
  'managePass',
  'number',
  'money',
  'ftpName',
  'typeMark',
  'typeName',
  'onlyNum',
  'ipv4',
  'ipv6',
  'url',
  'mac',
  'domain',
  'CIDR',
  'name',
  'email',
  'CNphone',
  'phone',
  'fixPhone',
  'uzip',
  'port',
  'phonePrefix',
] as const;

export type RuleName = (typeof RULE_NAMES)[number];

/** i18n key shown when a required field is empty or missing. */
export const REQUIRED_MESSAGE = 'validation.required';

/**
 * A required string: missing or empty gives `validation.required` and stops there, so the user is not also told
 * the empty text has the wrong format. Whitespace is not trimmed: spaces in a password are the user's input.
 */
function requiredString() {
  return z.string({ error: REQUIRED_MESSAGE }).min(1, { error: REQUIRED_MESSAGE, abort: true });
}

function patternRule(pattern: RegExp, message: string) {
  return requiredString().regex(pattern, message);
}

function predicateRule(test: (value: string) => boolean, message: string) {
  return requiredString().refine(test, message);
}

/** Schema for one port 1-65535, message `validation.singlePort`; not a docs/product/validation.md#pattern-rules rule, a helper for single-port fields. */
export const singlePortSchema = patternRule(SINGLE_PORT, 'validation.singlePort');

/** One zod schema per docs/product/validation.md#pattern-rules rule; each refuses with the i18n key `validation.<name>`. */
export const rules = {
  pass: patternRule(PASS, 'validation.pass'),
  vpsSystemPass: predicateRule(isVpsSystemPass, 'validation.vpsSystemPass'),
  cvmSystemPass: patternRule(CVM_SYSTEM_PASS, 'validation.cvmSystemPass'),
  managePass: patternRule(MANAGE_PASS, 'validation.managePass'),
  number: patternRule(NUMBER, 'validation.number'),
  money: patternRule(MONEY, 'validation.money'),
  ftpName: patternRule(FTP_NAME, 'validation.ftpName'),
  typeMark: patternRule(TYPE_MARK, 'validation.typeMark'),
  typeName: patternRule(TYPE_NAME, 'validation.typeName'),
  onlyNum: patternRule(ONLY_NUM, 'validation.onlyNum'),
  ipv4: patternRule(IPV4, 'validation.ipv4'),
  ipv6: predicateRule(isIpv6, 'validation.ipv6'),
  url: predicateRule(isUrl, 'validation.url'),
  mac: patternRule(MAC, 'validation.mac'),
  domain: predicateRule(isDomain, 'validation.domain'),
  CIDR: patternRule(CIDR, 'validation.CIDR'),
  name: patternRule(NAME, 'validation.name'),
  email: predicateRule(isEmail, 'validation.email'),
  CNphone: patternRule(CN_PHONE, 'validation.CNphone'),
  phone: patternRule(PHONE, 'validation.phone'),
  fixPhone: patternRule(FIX_PHONE, 'validation.fixPhone'),
  uzip: patternRule(UZIP, 'validation.uzip'),
  port: patternRule(PORT, 'validation.port'),
  phonePrefix: patternRule(PHONE_PREFIX, 'validation.phonePrefix'),
} satisfies Record<RuleName, z.ZodType<string>>;

/** Whether a value passes a rule picked by name, for callers that store the rule name rather than the schema. */
export function matchesRule(name: RuleName, value: string): boolean {
  return rules[name].safeParse(value).success;
}
