import { PageIntro } from '@/components/page-intro';
import { type LocaleParams, metadataFor, pageTexts, resolveLocale } from '@/server/page';

export const generateMetadata = metadataFor('vps', '/product/vps');

export default async function VpsProductPage({ params }: { params: LocaleParams }) {
  const texts = await pageTexts(await resolveLocale(params), 'vps');
  return <PageIntro heading={texts.heading ?? texts.title} intro={texts.intro} />;
}
