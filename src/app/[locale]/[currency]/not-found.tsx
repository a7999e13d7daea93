import { NotFoundPage, notFoundMetadata } from '@/components/shell/not-found-page';

// Next takes the head of a notFound() from the deepest not-found file: one title, "not found", in the language.
export const generateMetadata = notFoundMetadata;

/**
 * 404 inside a language (docs/product/screens.md#not-found-and-error-pages): status, "Page Not Found: {path}", noindex. Next renders it only in the
 * browser when a page rendered on demand calls notFound(); the server then answers with the prerendered copy
 * in page-not-found/ instead (docs/decisions/017-server-rendered-404.md).
 */
export default NotFoundPage;
