import { describe, expect, it } from 'vitest';
import { INTENT_PREFETCH_ATTRIBUTE, intentPrefetchHref } from '@/i18n/navigation';

/** A stand-in for an element inside a link: `closest` finds the link when the selector asks for its marker. */
function inside(link: { href: string; target?: string; attributes?: string[] } | null) {
  const anchor = link && {
    href: link.href,
    target: link.target ?? '',
    hasAttribute: (name: string) => (link.attributes ?? [INTENT_PREFETCH_ATTRIBUTE]).includes(name),
  };
  return {
    closest: (selector: string) =>
      anchor && selector === `a[${INTENT_PREFETCH_ATTRIBUTE}]` && anchor.hasAttribute(INTENT_PREFETCH_ATTRIBUTE)
        ? anchor
        : null,
  } as unknown as EventTarget;
}

const here = { origin: 'https://cirrus.example', pathname: '/zh', search: '' };

describe('prefetch on intent (issue 9, decision 020)', () => {
  it('names the page of a marked link on this site', () => {
    expect(intentPrefetchHref(inside({ href: 'https://cirrus.example/zh/product/vps' }), here)).toBe('/zh/product/vps');
    expect(intentPrefetchHref(inside({ href: 'https://cirrus.example/zh/doc/search/vps?page=2' }), here)).toBe(
      '/zh/doc/search/vps?page=2',
    );
  });

  it('leaves alone links that are not ours to prefetch', () => {
    // Not marked: an explicit prefetch={false} (language switcher, sign-in dialogs) or a plain anchor.
    expect(intentPrefetchHref(inside({ href: 'https://cirrus.example/ja', attributes: [] }), here)).toBeNull();
    // Another origin, another tab or frame, the page already shown.
    expect(intentPrefetchHref(inside({ href: 'https://console.example/login' }), here)).toBeNull();
    expect(intentPrefetchHref(inside({ href: 'https://cirrus.example/zh/jobs', target: '_blank' }), here)).toBeNull();
    expect(intentPrefetchHref(inside({ href: 'https://cirrus.example/zh/jobs', target: '_self' }), here)).toBe(
      '/zh/jobs',
    );
    const download = {
      href: 'https://cirrus.example/zh/jobs.pdf',
      attributes: [INTENT_PREFETCH_ATTRIBUTE, 'download'],
    };
    expect(intentPrefetchHref(inside(download), here)).toBeNull();
    expect(intentPrefetchHref(inside({ href: 'https://cirrus.example/zh#home-regions' }), here)).toBeNull();
    // Not inside any link, or not an element at all (a text node, the document).
    expect(intentPrefetchHref(inside(null), here)).toBeNull();
    expect(intentPrefetchHref({} as EventTarget, here)).toBeNull();
    expect(intentPrefetchHref(null, here)).toBeNull();
  });
});
