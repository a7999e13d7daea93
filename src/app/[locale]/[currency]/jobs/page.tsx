import { PageIntro } from '@/components/page-intro';
import { type LocaleParams, metadataFor, pageTexts, resolveLocale } from '@/server/page';

export const generateMetadata = metadataFor('jobs', '/jobs');

export default async function JobsPage({ params }: { params: LocaleParams }) {
  const texts = await pageTexts(await resolveLocale(params), 'jobs');
  return <PageIntro heading={texts.heading ?? texts.title} intro={texts.intro} />;
}
