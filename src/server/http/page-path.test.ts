import { describe, expect, it } from 'vitest';
import { routablePath } from './page-path';

describe('page paths Next cannot route are read literally (docs/decisions/034-hostile-input.md)', () => {
  it('leaves routable paths and their queries as they are', () => {
    for (const url of ['/', '/zh/doc', '/ja/%E6%97%A5%E6%9C%AC', '/doc/search/100%25', '/doc/search/a%20b?x=%00']) {
      expect(routablePath(url)).toBe(url);
    }
  });

  it('escapes every % of a path with a malformed escape, a cut UTF-8 sequence or a control character', () => {
    expect(routablePath('/%ZZ')).toBe('/%25ZZ');
    expect(routablePath('/zh/%E0%A4%A')).toBe('/zh/%25E0%25A4%25A');
    expect(routablePath('/a%')).toBe('/a%25');
    expect(routablePath('/doc/article/%00?q=1')).toBe('/doc/article/%2500?q=1');
    expect(routablePath('/x/%7f')).toBe('/x/%257f');
    for (const url of ['/%ZZ', '/zh/%E0%A4%A', '/doc/article/%00']) {
      expect(() => decodeURIComponent(routablePath(url))).not.toThrow();
      expect(decodeURIComponent(routablePath(url))).toBe(url);
    }
  });
});
