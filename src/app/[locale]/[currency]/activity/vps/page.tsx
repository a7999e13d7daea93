import { PageIntro } from '@/components/page-intro';
import { type LocaleParams, metadataFor, pageTexts, resolveLocale } from '@/server/page';

export const generateMetadata = metadataFor('activityVps', '/activity/vps');

export default async function VpsSalePage({ params }: { params: LocaleParams }) {
  const texts = await pageTexts(await resolveLocale(params), 'activityVps');
  return <PageIntro heading={texts.heading ?? texts.title} intro={texts.intro} />;
}
