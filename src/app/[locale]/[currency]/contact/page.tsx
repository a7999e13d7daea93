import { PageIntro } from '@/components/page-intro';
import { type LocaleParams, metadataFor, pageTexts, resolveLocale } from '@/server/page';

export const generateMetadata = metadataFor('contact', '/contact');

export default async function ContactPage({ params }: { params: LocaleParams }) {
  const texts = await pageTexts(await resolveLocale(params), 'contact');
  return <PageIntro heading={texts.heading ?? texts.title} intro={texts.intro} />;
}
