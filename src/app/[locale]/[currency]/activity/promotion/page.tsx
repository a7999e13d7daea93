import { PageIntro } from '@/components/page-intro';
import { type LocaleParams, metadataFor, pageTexts, resolveLocale } from '@/server/page';

export const generateMetadata = metadataFor('promotion', '/activity/promotion');

export default async function PromotionPage({ params }: { params: LocaleParams }) {
  const texts = await pageTexts(await resolveLocale(params), 'promotion');
  return <PageIntro heading={texts.heading ?? texts.title} intro={texts.intro} />;
}
