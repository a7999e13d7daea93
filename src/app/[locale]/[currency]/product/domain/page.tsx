import { PageIntro } from '@/components/page-intro';
import { type LocaleParams, metadataFor, pageTexts, resolveLocale } from '@/server/page';

export const generateMetadata = metadataFor('domain', '/product/domain');

export default async function DomainProductPage({ params }: { params: LocaleParams }) {
  const texts = await pageTexts(await resolveLocale(params), 'domain');
  return <PageIntro heading={texts.heading ?? texts.title} intro={texts.intro} />;
}
