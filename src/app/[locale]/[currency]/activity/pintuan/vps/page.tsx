import { PageIntro } from '@/components/page-intro';
import { type LocaleParams, metadataFor, pageTexts, resolveLocale } from '@/server/page';

export const generateMetadata = metadataFor('pintuanVps', '/activity/pintuan/vps');

export default async function GroupBuyListPage({ params }: { params: LocaleParams }) {
  const texts = await pageTexts(await resolveLocale(params), 'pintuanVps');
  return <PageIntro heading={texts.heading ?? texts.title} intro={texts.intro} />;
}
