'use client';

import { usePathname as useNextPathname } from 'next/navigation';
import { browserPath, pathWithinLocale } from '@/lib/browser-path';
import { navigation } from './navigation';

/** The current path without the language prefix, e.g. `/about` (never the internal currency segment). */
export function usePathname(): string {
  return pathWithinLocale(navigation.usePathname());
}

/** The current path as the address bar shows it, e.g. `/zh/about`. */
export function useBrowserPath(): string {
  return browserPath(useNextPathname() ?? '/');
}
