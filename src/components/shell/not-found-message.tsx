'use client';

import { useBrowserPath } from '@/i18n/navigation-client';

/** "Page Not Found: {path}" (docs/product/errors.md#pages) with the path the visitor asked for; the template comes translated. */
export function NotFoundMessage({ template }: { template: string }) {
  const pathname = useBrowserPath();
  let path = pathname;
  try {
    path = decodeURI(pathname);
  } catch {
    // keep the raw path when it is not valid percent-encoding
  }
  return <>{template.replace('{path}', path)}</>;
}
