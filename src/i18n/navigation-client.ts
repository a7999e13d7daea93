'use client';

import { usePathname as useNextPathname } from 'next/navigation';
import { browserPath, pathWithinLocale } from '@/lib/browser-path';
import { isSitePath } from '@/lib/site-path';
import { navigation } from './navigation';

/**
 * The current path without the language prefix, e.g. `/about` (never the internal currency segment). Dialogs
 * (`?ope=login`) and filters write it back into the address with the router, so it is always a path on this
 * site (docs/decisions/053-site-paths.md): a path that is not, reached by a crafted address, reads as the home page.
 */
export function usePathname(): string {
  const path = pathWithinLocale(navigation.usePathname());
  return isSitePath(path) ? path : '/';
}

/** The current path as the address bar shows it, e.g. `/zh/about`. */
export function useBrowserPath(): string {
  return browserPath(useNextPathname() ?? '/');
}
