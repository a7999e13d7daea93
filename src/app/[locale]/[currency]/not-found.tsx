import type { Metadata } from 'next';
import { NotFoundPage } from '@/components/shell/not-found-page';

export const metadata: Metadata = { robots: { index: false, follow: false } };

/**
 * 404 inside a language (SPEC §2, §8): status, "Page Not Found: {path}", noindex. Next renders it only in the
 * browser when a page rendered on demand calls notFound(); the server then answers with the prerendered copy
 * in page-not-found/ instead (docs/decisions/017-server-rendered-404.md).
 */
export default NotFoundPage;
