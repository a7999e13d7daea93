'use client';

import { useLayoutEffect, useRef } from 'react';
import { ownSitePath } from '@/lib/site-path';

const ALLOWED = new Set(['P', 'BR', 'UL', 'OL', 'LI', 'A', 'CODE', 'PRE', 'STRONG', 'EM']);
const DROP_CONTENT = new Set(['SCRIPT', 'STYLE', 'TEMPLATE', 'IFRAME', 'OBJECT', 'EMBED', 'NOSCRIPT', 'SVG', 'MATH']);

/**
 * A link stays only when it points into this site, by the server's rule (docs/decisions/053-site-paths.md): the
 * answer may never send the visitor elsewhere, nor to a path such as `//host` that is another site once followed.
 */
function ownPath(href: string | null): string | null {
  return href ? ownSitePath(href, window.location.origin) : null;
}

/** Rebuilds allowed nodes from scratch: no attribute of the input is copied, text goes in as text nodes. */
function rebuild(source: Node, target: Node) {
  for (const child of Array.from(source.childNodes)) {
    if (child.nodeType === Node.TEXT_NODE) {
      target.appendChild(document.createTextNode(child.textContent ?? ''));
      continue;
    }
    if (child.nodeType !== Node.ELEMENT_NODE) continue;
    const element = child as Element;
    const tag = element.tagName.toUpperCase();
    if (DROP_CONTENT.has(tag)) continue;
    if (!ALLOWED.has(tag)) {
      rebuild(element, target);
      continue;
    }
    const copy = document.createElement(tag.toLowerCase());
    if (tag === 'A') {
      const path = ownPath(element.getAttribute('href'));
      if (path) copy.setAttribute('href', path);
    }
    rebuild(element, copy);
    target.appendChild(copy);
  }
}

/**
 * The chat answer's HTML (docs/product/api.md#documentation-and-chat), already sanitized on the server, sanitized again here (docs/decisions/015-chat-helper.md): parsed
 * by DOMParser into an inert document (its scripts never run, its images never load) and copied node by node
 * through the allow-list. React never sees the string, so nothing in it can become markup by another path.
 */
export function SafeHtml({ html, className }: { html: string; className?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const container = ref.current;
    if (!container) return;
    const parsed = new DOMParser().parseFromString(html, 'text/html');
    const fragment = document.createDocumentFragment();
    rebuild(parsed.body, fragment);
    container.replaceChildren(fragment);
  }, [html]);
  return <div ref={ref} className={className} />;
}
