import { PageIntro } from '@/components/page-intro';
import { type LocaleParams, metadataFor, pageTexts, resolveLocale } from '@/server/page';

export const generateMetadata = metadataFor('coupon', '/ac/coupon');

export default async function CouponCentrePage({ params }: { params: LocaleParams }) {
  const texts = await pageTexts(await resolveLocale(params), 'coupon');
  return <PageIntro heading={texts.heading ?? texts.title} intro={texts.intro} />;
}
