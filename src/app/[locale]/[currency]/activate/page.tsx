import { PageIntro } from '@/components/page-intro';
import { type LocaleParams, metadataFor, pageTexts, resolveLocale } from '@/server/page';

export const generateMetadata = metadataFor('activate', '/activate');

export default async function ActivatePage({ params }: { params: LocaleParams }) {
  const texts = await pageTexts(await resolveLocale(params), 'activate');
  return <PageIntro heading={texts.heading ?? texts.title} intro={texts.intro} />;
}
