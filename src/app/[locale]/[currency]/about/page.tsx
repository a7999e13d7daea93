import { PageIntro } from '@/components/page-intro';
import { type LocaleParams, metadataFor, pageTexts, resolveLocale } from '@/server/page';

export const generateMetadata = metadataFor('about', '/about');

export default async function AboutPage({ params }: { params: LocaleParams }) {
  const texts = await pageTexts(await resolveLocale(params), 'about');
  return <PageIntro heading={texts.heading ?? texts.title} intro={texts.intro} />;
}
