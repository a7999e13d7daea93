import { describe, expect, it } from 'vitest';
import enMessages from '@/i18n/messages/en.json';
import jaMessages from '@/i18n/messages/ja.json';
import zhMessages from '@/i18n/messages/zh.json';
import {
  CIDR,
  EMAIL_MAX_LENGTH,
  isDomain,
  isEmail,
  isIpv6,
  isUrl,
  isVpsSystemPass,
  matchesRule,
  PORT,
  RULE_NAMES,
  type RuleName,
  rules,
  SINGLE_PORT,
  singlePortSchema,
  VPS_SYSTEM_PASS_FORBIDDEN,
  VPS_SYSTEM_PASS_SYMBOLS,
} from './rules';

/** A labelled sample keeps test titles short where the value is a long boundary string. */
type Sample = string | readonly [label: string, value: string];

function rows(samples: readonly Sample[]): Array<[string, string]> {
  return samples.map((s) => (typeof s === 'string' ? [JSON.stringify(s), s] : [s[0], s[1]]));
}

const x = (n: number, ch = 'a') => ch.repeat(n);

/** Dot-joined labels of the given lengths, each made of one letter; the last one is letters, so a valid TLD. */
const domainOf = (...lengths: number[]) => lengths.map((n, i) => x(n, 'abcdefghij'[i % 10])).join('.');

function messages(name: RuleName, value: unknown): string[] {
  const result = rules[name].safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

const CASES: Record<RuleName, { accept: readonly Sample[]; reject: readonly Sample[] }> = {
  pass: {
    accept: ['a1b2', 'abc1', '1abc', 'ABCD1', ['14 chars', `${x(13)}1`], 'Z9'.repeat(7)],
    reject: [
      'a1b',
      ['15 chars', `${x(14)}1`],
      'abcd',
      '1234',
      'ab 12',
      'ab_12',
      'ab12!',
      '密码ab12',
      'ａｂ12',
      'ab12\n',
    ],
  },
  vpsSystemPass: {
    accept: [
      'Abcdef12',
      'abcdefgh',
      ['30 chars', `A${x(28, 'b')}1`],
      `A${VPS_SYSTEM_PASS_SYMBOLS}`,
      'Admin12345',
      'Ro0tbeer1',
      'R-o-o-t-12',
      'Adminis-trator1',
    ],
    reject: [
      'Abcdef1',
      ['31 chars', `A${x(29, 'b')}1`],
      '1abcdefg',
      '!abcdefg',
      '-abcdefg',
      'Abc def12',
      'Abc\\def12',
      "Abc'def12",
      'Abc"def12',
      'Abc`def12',
      'Abcdef12密',
      '密码Abcdef12',
      'Root1234',
      'ROOT1234',
      'RoOt1234',
      'xrootx12',
      'Abc-root-1',
      'Toor1234',
      'aToOr123',
      'Administrator1',
      'myADMINISTRATOR',
      'Rotartsinimda1',
      'xROTARTSINIMDAx',
    ],
  },
  cvmSystemPass: {
    accept: ['Abcdefgh1-', '-aB1cdefgh', ['30 chars', `aB1-${x(26, 'x')}`], 'Ab-1-Ab-1-Ab'],
    reject: [
      'Abcdefg1-',
      ['31 chars', `aB1-${x(27, 'x')}`],
      'abcdefgh1-',
      'ABCDEFGH1-',
      'Abcdefghi-',
      'Abcdefgh12',
      'Abcdefg1-_',
      'Abcdefg1-!',
      'Abcdefg1- ',
      'Abcdefg1-中',
    ],
  },
  managePass: {
    accept: ['abcde', '!@#$%', '12345', ['30 chars', x(30)], 'P@ss~w0rd', 'a"b\'c\\d`'],
    reject: ['abcd', ['31 chars', x(31)], 'abc de', 'abcde\t', 'abcdé', '密码abcde', '！abcde'],
  },
  number: {
    accept: ['a', '1', 'A1b2', ['30 chars', x(30, '9')]],
    reject: [['31 chars', x(31, '9')], 'a-1', 'a 1', 'a_b', '中', '１'],
  },
  money: {
    accept: ['0', '1', '10', '12345678', '1.5', '1.25', '0.5', '0.05', '0.00', '99999999.99'],
    reject: ['123456789', '1.', '1.234', '-1', '.5', '01', '00', '1,5', '+1', ' 1', '1e3', '１'],
  },
  ftpName: {
    accept: ['abcdefg1', '1234567a', ['30 chars', `${x(29)}1`]],
    reject: ['abcdef1', ['31 chars', `${x(30)}1`], 'abcdefgh', '12345678', 'abcdefg_1', 'abcd efg1', '用户abcdef1'],
  },
  typeMark: {
    accept: ['a', '_', '.', '-', 'web_01.prod-a', ['30 chars', x(30)]],
    reject: [['31 chars', x(31)], 'a b', 'a/b', 'a@b', '中文', 'ａ'],
  },
  typeName: {
    accept: ['中', '中文名称', 'web_服务器-01.a', '䶮', ['30 Chinese characters', x(30, '中')], ['30 letters', x(30)]],
    reject: [
      ['31 Chinese characters', x(31, '中')],
      ['31 letters', x(31)],
      'a b',
      'にほんご',
      'カタカナ',
      '한글',
      '中文！',
      '中、文',
    ],
  },
  onlyNum: {
    accept: ['1', '+1', '10', '12345678901', '+12345678901'],
    reject: ['0', '+0', '01', '123456789012', '+123456789012', '-1', '1.0', '+', '++1', ' 1', '1 '],
  },
  ipv4: {
    accept: ['0.0.0.0', '255.255.255.255', '192.168.1.1', '10.0.0.1', '1.2.3.4', '199.249.250.251'],
    reject: [
      '256.0.0.1',
      '1.2.3.256',
      '300.1.1.1',
      '1.2.3',
      '1.2.3.4.5',
      '01.2.3.4',
      '1.2.3.04',
      '00.0.0.0',
      '1.2.3.-1',
      '1..3.4',
      '1.2.3.4 ',
      'a.b.c.d',
      '1.2.3.4/24',
      '１.2.3.4',
    ],
  },
  ipv6: {
    accept: [
      '::',
      '::1',
      '1::',
      '1::8',
      '2001:db8::1',
      'fe80::',
      '2001:0db8:0000:0000:0000:ff00:0042:8329',
      '2001:DB8:0:0:8:800:200C:417A',
      '0:0:0:0:0:0:0:0',
      '1:2:3:4:5:6:7::',
      '::2:3:4:5:6:7:8',
      '1:2:3:4:5:6::8',
      '::ffff:192.0.2.1',
      '::FFFF:192.0.2.1',
      '::ffff:0.0.0.0',
      '64:ff9b::192.0.2.1',
      '::192.0.2.1',
      '1::5:6:192.0.2.1',
      '1:2:3:4:5:6:192.0.2.1',
    ],
    reject: [
      ':',
      ':::',
      '::::',
      '1:2:3:4:5:6:7',
      '1:2:3:4:5:6:7:8:9',
      '1:2:3:4:5:6:7:8::',
      '::1:2:3:4:5:6:7:8',
      '1:2:3:4::5:6:7:8',
      '1::2::3',
      '12345::',
      'g::1',
      ':1::',
      '1::2:',
      ':1:2:3:4:5:6:7:8',
      '1:2:3:4:5:6:7:8:',
      '::ffff:256.0.0.1',
      '::ffff:1.2.3',
      '::ffff:01.2.3.4',
      '1:2:3:4:5:6:7:192.0.2.1',
      '192.0.2.1::',
      '::192.0.2.1:1',
      '1:192.0.2.1::',
      '1.2.3.4',
      'fe80::1%eth0',
      '2001:db8::/32',
      '[::1]',
      ' ::1',
      '::1 ',
      '：：1',
    ],
  },
  url: {
    accept: [
      'http://example.com',
      'https://example.com',
      'HTTPS://EXAMPLE.COM',
      'https://example.com/',
      'https://example.com/path?q=1&r=2#frag',
      'https://example.com?x',
      'https://example.com#x',
      'https://sub.example.co.uk:8443/a',
      'https://example.com:1',
      'https://example.com:65535',
      'http://192.0.2.1',
      'http://192.0.2.1:8080/x',
      'http://[2001:db8::1]/',
      'http://[::1]:3000',
      'https://xn--fiqs8s.xn--fiqs8s/',
      'https://example.com/文档',
    ],
    reject: [
      'ftp://example.com',
      'mailto:a@example.com',
      'javascript:alert(1)',
      'example.com',
      '//example.com',
      'http://',
      'https:///path',
      'http:example.com',
      'http:/example.com',
      'https://exa mple.com',
      'https://example.com/a b',
      ' https://example.com',
      'https://example.com\n',
      'https://user:pw@example.com',
      'https://bank.example@evil.example',
      'https://example.com:0',
      'https://example.com:65536',
      'https://example.com:',
      'https://example.com:080',
      'http://256.1.1.1',
      'http://[2001:db8::g]/',
      'http://2001:db8::1/',
      'http://localhost:3000',
      'https://例子.中国',
      'https://example.com.',
    ],
  },
  mac: {
    accept: ['aa:bb:cc:dd:ee:ff', 'AA-BB-CC-DD-EE-FF', '00:1A:2b:3C:4d:5E', '00-00-00-00-00-00'],
    reject: [
      'aa:bb-cc:dd:ee:ff',
      'aa-bb-cc-dd-ee:ff',
      'aa:bb:cc:dd:ee',
      'aa:bb:cc:dd:ee:ff:00',
      'aabbccddeeff',
      'aa.bb.cc.dd.ee.ff',
      'aabb.ccdd.eeff',
      'gg:bb:cc:dd:ee:ff',
      'a:bb:cc:dd:ee:ff',
      'aaa:bb:cc:dd:ee:ff',
      'aa:bb:cc:dd:ee:ff ',
      'aa:bb:cc:dd:ee:ff:',
    ],
  },
  domain: {
    accept: [
      'a.b',
      'example.com',
      'EXAMPLE.COM',
      'sub.example.co.uk',
      'a-b.com',
      'a--b.com',
      '123.com',
      '1.example.com',
      'xn--fiqs8s.xn--fiqs8s',
      'example.XN--P1AI',
      ['63-char label', `${x(63)}.com`],
      ['255 chars', domainOf(63, 63, 63, 63)],
    ],
    reject: [
      'ab',
      'a.',
      '.ab',
      'com',
      'localhost',
      'a..com',
      '-a.com',
      'a-.com',
      'a.-b.com',
      'example.c0m',
      'example.123',
      '192.0.2.1',
      'example.xn--',
      'example.xn---',
      'example.com.',
      'exa_mple.com',
      'exa mple.com',
      '例子.中国',
      'http://example.com',
      ['64-char label', `${x(64)}.com`],
      ['256 chars', domainOf(1, 62, 63, 63, 63)],
    ],
  },
  CIDR: {
    accept: [
      '0.0.0.0/0',
      '10.0.0.0/8',
      '1.2.3.4/9',
      '1.2.3.4/10',
      '192.168.0.0/24',
      '1.2.3.4/29',
      '192.168.1.1/32',
      '255.255.255.255/32',
      '192.168.1.1/24',
    ],
    reject: [
      '1.2.3.4/33',
      '1.2.3.4/40',
      '1.2.3.4/100',
      '1.2.3.4/',
      '1.2.3.4',
      '1.2.3.4/-1',
      '1.2.3.4/08',
      '1.2.3.4/00',
      '1.2.3.4/ 8',
      '256.0.0.0/8',
      '01.0.0.0/8',
      '1.2.3/8',
      '2001:db8::/32',
    ],
  },
  name: {
    accept: [
      '张三',
      '阿沛·阿旺晋美',
      '王䶮',
      'Jo',
      'a1',
      'Anna·Smith',
      ['40 Chinese characters', x(40, '李')],
      ['40 letters', x(40)],
    ],
    reject: [
      '张',
      'a',
      ['41 Chinese characters', x(41, '李')],
      ['41 letters', x(41)],
      'John Smith',
      '张 三',
      '张\u3000三',
      '山田・太郎',
      'やまだ',
      'José',
      "O'Brien",
      'Anne-Marie',
      '张三。',
    ],
  },
  email: {
    accept: [
      'name@example.com',
      'a@b.co',
      'a@b.c',
      'first.last+tag@sub.example.co.uk',
      'user_name%x-y@example.com',
      'UPPER@EXAMPLE.COM',
      '1@example.com',
      ['64-char local part', `${x(64)}@example.com`],
      ['254 chars', `${x(64)}@${domainOf(63, 63, 61)}`],
    ],
    reject: [
      'plainaddress',
      '@example.com',
      'name@',
      'name@example',
      'name@@example.com',
      'a@b@example.com',
      'na me@example.com',
      '.name@example.com',
      'name.@example.com',
      'na..me@example.com',
      'name@example..com',
      'name@-example.com',
      'name@example.c0m',
      'name@192.0.2.1',
      'name@[192.0.2.1]',
      '"quoted"@example.com',
      '张三@example.com',
      'name@例子.中国',
      'name@example.com ',
      ['65-char local part', `${x(65)}@example.com`],
      ['255 chars', `${x(64)}@${domainOf(63, 63, 62)}`],
    ],
  },
  CNphone: {
    accept: ['13800138000', '19912345678', '15012345678'],
    reject: [
      '12800138000',
      '10800138000',
      '23800138000',
      '1380013800',
      '138001380000',
      '+8613800138000',
      '138-0013-8000',
      '138 0013 8000',
      '１3800138000',
    ],
  },
  phone: {
    accept: ['123456', '1234567890123', '13800138000'],
    reject: ['12345', '12345678901234', '+123456', '123-456', '123 456', 'abcdef'],
  },
  fixPhone: {
    accept: [
      '13800138000',
      '010-12345678',
      '020-1234567',
      '0755-1234567',
      '0755-12345678',
      '010-12345678-1',
      '010-12345678-123456',
      '0755-1234567-801',
    ],
    reject: [
      '12800138000',
      '010-12345678-',
      '010-12345678-1234567',
      '01012345678',
      '010-123456',
      '010-123456789',
      '10-12345678',
      '01-12345678',
      '07555-1234567',
      '(010)12345678',
      '010 12345678',
      '+86-10-12345678',
    ],
  },
  uzip: {
    accept: ['100000', '518000', '000000'],
    reject: ['10000', '1000000', '10000a', ' 100000', '100 000'],
  },
  port: {
    accept: ['1/1', '80/443', '443/80', '22/22', '1/65535', '65535/65535', '8080/9090'],
    reject: [
      '0/80',
      '80/0',
      '80/65536',
      '65536/80',
      '80',
      '80/',
      '/80',
      '80/443/8080',
      '80-443',
      '80 / 443',
      '080/443',
      '80/0443',
      'a/b',
      '-1/80',
    ],
  },
  phonePrefix: {
    accept: ['+1', '+86', '+852', '+1684'],
    reject: ['+', '+12345', '86', '++86', '+8 6', '+86-', '＋86'],
  },
};

describe('pattern rules (docs/product/validation.md#pattern-rules)', () => {
  it('exposes one schema per rule name', () => {
    expect(Object.keys(rules).sort()).toEqual([...RULE_NAMES].sort());
  });

  describe.each(RULE_NAMES)('%s', (name) => {
    const { accept, reject } = CASES[name];

    it.each(rows(accept))('accepts %s', (_label, value) => {
      expect(messages(name, value)).toEqual([]);
      expect(matchesRule(name, value)).toBe(true);
    });

    it.each(rows(reject))('refuses %s', (_label, value) => {
      expect(messages(name, value)).toEqual([`validation.${name}`]);
      expect(matchesRule(name, value)).toBe(false);
    });

    it('asks for a value when it is empty or missing, and only that', () => {
      expect(messages(name, '')).toEqual(['validation.required']);
      expect(messages(name, undefined)).toEqual(['validation.required']);
    });
  });
});

describe('vpsSystemPass symbols', () => {
  it.each([...VPS_SYSTEM_PASS_SYMBOLS])('accepts the documented symbol %s after the first letter', (symbol) => {
    expect(isVpsSystemPass(`Abcdefg${symbol}`)).toBe(true);
  });

  it.each(['"', "'", '`', '\\', ' ', '¥', '€', '·'])('refuses %j, which is not in the set', (symbol) => {
    expect(isVpsSystemPass(`Abcdefg${symbol}`)).toBe(false);
  });

  it.each(
    VPS_SYSTEM_PASS_FORBIDDEN.flatMap((word) => [word, word.toUpperCase()]),
  )('refuses a password embedding %s', (word) => {
    expect(isVpsSystemPass(`Ab1${word}9z`)).toBe(false);
  });
});

describe('single port helper', () => {
  it.each([
    '1',
    '9',
    '10',
    '80',
    '999',
    '1000',
    '9999',
    '10000',
    '59999',
    '60000',
    '64999',
    '65499',
    '65529',
    '65535',
  ])('accepts %s', (value) => {
    expect(SINGLE_PORT.test(value)).toBe(true);
    expect(singlePortSchema.safeParse(value).success).toBe(true);
  });

  it.each([
    '0',
    '65536',
    '65540',
    '65600',
    '66000',
    '70000',
    '99999',
    '100000',
    '080',
    '-1',
    '1.5',
    '+80',
    ' 80',
  ])('refuses %s', (value) => {
    expect(SINGLE_PORT.test(value)).toBe(false);
    const result = singlePortSchema.safeParse(value);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(['validation.singlePort']);
  });

  it('agrees with the two-port rule on each side', () => {
    const wrong: number[] = [];
    for (let port = 0; port <= 65536; port += 1) {
      const inRange = port >= 1 && port <= 65535;
      if (SINGLE_PORT.test(String(port)) !== inRange || PORT.test(`80/${port}`) !== inRange) wrong.push(port);
    }
    expect(wrong).toEqual([]);
  });
});

describe('CIDR prefixes', () => {
  it('accepts every prefix 0-32 and nothing above', () => {
    for (let prefix = 0; prefix <= 40; prefix += 1) {
      expect(CIDR.test(`10.0.0.0/${prefix}`)).toBe(prefix <= 32);
    }
  });
});

describe('predicates used outside the schemas', () => {
  it('handles the empty string', () => {
    expect(isIpv6('')).toBe(false);
    expect(isDomain('')).toBe(false);
    expect(isEmail('')).toBe(false);
    expect(isUrl('')).toBe(false);
  });

  it('keeps the email limit at 254', () => {
    expect(EMAIL_MAX_LENGTH).toBe(254);
  });
});

describe('validation messages', () => {
  // Form-level messages beside the rules of docs/product/validation.md#form-inputs, and the account password's
  // (docs/product/validation.md#account-passwords).
  const expectedKeys = [
    'required',
    ...RULE_NAMES,
    'singlePort',
    'acceptTerms',
    'passwordMismatch',
    'passwordLength',
    'passwordControl',
    'passwordCommon',
    'passwordPattern',
    'passwordPersonal',
  ].sort();
  const en: Record<string, string> = enMessages.validation;
  const zh: Record<string, string> = zhMessages.validation;
  const ja: Record<string, string> = jaMessages.validation;

  it.each([
    ['en', en],
    ['zh', zh],
    ['ja', ja],
  ] as const)('%s has a message for every rule and for required, and nothing else', (_locale, catalogue) => {
    expect(Object.keys(catalogue).sort()).toEqual(expectedKeys);
    for (const message of Object.values(catalogue)) {
      expect(message.trim()).not.toBe('');
      // next-intl reads messages as ICU: a literal brace must be quoted as '{}' or the message fails to format.
      expect(message.replaceAll("'{}'", '')).not.toMatch(/[{}]/);
    }
  });
});
