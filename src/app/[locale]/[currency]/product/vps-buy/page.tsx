import { PageIntro } from '@/components/page-intro';
import { type LocaleParams, metadataFor, pageTexts, resolveLocale } from '@/server/page';

export const generateMetadata = metadataFor('vpsBuy', '/product/vps-buy');

export default async function VpsBuyPage({ params }: { params: LocaleParams }) {
  const texts = await pageTexts(await resolveLocale(params), 'vpsBuy');
  return <PageIntro heading={texts.heading ?? texts.title} intro={texts.intro} />;
}
