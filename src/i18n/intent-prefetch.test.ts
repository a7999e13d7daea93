import { describe, expect, it } from 'vitest';
import {
  INTENT_PREFETCH_ATTRIBUTE,
  intentPrefetchHref,
  PAGE_LINK_ATTRIBUTE,
  pageLinkNavigation,
} from '@/i18n/navigation';
import { isSitePath } from '@/lib/site-path';
import { SITE_PATH_CORPUS } from '../../tests/support/site-path-corpus';

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

describe('prefetch on intent (decision 020)', () => {
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

/** A stand-in for an element inside a page link (`PageLink`'s anchor carries both marks). */
function insidePageLink(link: { href: string; target?: string; attributes?: string[] } | null) {
  const attributes = link?.attributes ?? [INTENT_PREFETCH_ATTRIBUTE, PAGE_LINK_ATTRIBUTE];
  const anchor = link && {
    href: link.href,
    target: link.target ?? '',
    hasAttribute: (name: string) => attributes.includes(name),
  };
  return {
    closest: (selector: string) =>
      anchor && selector === `a[${PAGE_LINK_ATTRIBUTE}]` && attributes.includes(PAGE_LINK_ATTRIBUTE) ? anchor : null,
  } as unknown as EventTarget;
}

const plainClick = {
  button: 0,
  metaKey: false,
  ctrlKey: false,
  shiftKey: false,
  altKey: false,
  defaultPrevented: false,
};

describe('page links followed within the page (decision 027)', () => {
  it('navigates within the page for a plain click on a page link of this site', () => {
    const click = (href: string) => pageLinkNavigation({ ...plainClick, target: insidePageLink({ href }) }, here);
    expect(click('https://cirrus.example/zh/product/vps')).toBe('/zh/product/vps');
    expect(click('https://cirrus.example/zh/jobs?id=3')).toBe('/zh/jobs?id=3');
    expect(click('https://cirrus.example/zh/doc#faq')).toBe('/zh/doc#faq');
    // The page already shown, without a fragment: Link also navigates (the page is asked for again).
    expect(click('https://cirrus.example/zh')).toBe('/zh');
  });

  it('leaves to the browser every click that opens elsewhere or is not a plain click', () => {
    const target = insidePageLink({ href: 'https://cirrus.example/zh/product/vps' });
    for (const key of ['metaKey', 'ctrlKey', 'shiftKey', 'altKey'] as const) {
      expect(pageLinkNavigation({ ...plainClick, target, [key]: true }, here)).toBeNull();
    }
    expect(pageLinkNavigation({ ...plainClick, target, button: 1 }, here)).toBeNull();
    // A Link's own handler already navigated.
    expect(pageLinkNavigation({ ...plainClick, target, defaultPrevented: true }, here)).toBeNull();
    const click = (link: Parameters<typeof insidePageLink>[0]) =>
      pageLinkNavigation({ ...plainClick, target: insidePageLink(link) }, here);
    expect(click({ href: 'https://console.example/login' })).toBeNull();
    expect(click({ href: 'https://cirrus.example/zh/jobs', target: '_blank' })).toBeNull();
    expect(
      click({ href: 'https://cirrus.example/zh/jobs.pdf', attributes: [PAGE_LINK_ATTRIBUTE, 'download'] }),
    ).toBeNull();
    // A fragment of this page: the browser scrolls to it.
    expect(click({ href: 'https://cirrus.example/zh#home-regions' })).toBeNull();
    // Not a page link (a Link, an external anchor), or not inside any link.
    expect(click({ href: 'https://cirrus.example/zh/jobs', attributes: [INTENT_PREFETCH_ATTRIBUTE] })).toBeNull();
    expect(click(null)).toBeNull();
  });

  it('never hands the router a path it would read as another host (docs/decisions/053-site-paths.md)', () => {
    // A link to `/.//evil.example` resolves on this origin to the path `//evil.example`, which the router, given
    // the path alone, follows to evil.example. Such a click is the browser's, which stays on this origin.
    for (const { value } of SITE_PATH_CORPUS.refused) {
      let href: string;
      try {
        href = new URL(value, here.origin).href;
      } catch {
        continue;
      }
      const followed = pageLinkNavigation({ ...plainClick, target: insidePageLink({ href }) }, here);
      expect(followed === null || isSitePath(followed), `${JSON.stringify(value)} -> ${followed}`).toBe(true);
      const fetched = intentPrefetchHref(inside({ href }), here);
      expect(fetched === null || isSitePath(fetched), `${JSON.stringify(value)} -> ${fetched}`).toBe(true);
    }
  });
});
