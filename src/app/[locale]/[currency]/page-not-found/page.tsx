import { NotFoundPage, notFoundMetadata } from '@/components/shell/not-found-page';
import { type LocaleParams, resolveLocale } from '@/server/page';

/**
 * The 404 page prerendered once per language and currency. The production server answers a 404 with it
 * (status 404, the visitor's path written in) because Next leaves the body of an on-demand 404 empty
 * (docs/decisions/017-server-rendered-404.md); asked for directly, it is a 404 too. Refreshed like the shell.
 */
export const revalidate = 300;
export const generateMetadata = notFoundMetadata;

export default async function PrerenderedNotFound({ params }: { params: LocaleParams }) {
  await resolveLocale(params);
  return <NotFoundPage />;
}
