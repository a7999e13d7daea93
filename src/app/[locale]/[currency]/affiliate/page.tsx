import type { Metadata } from 'next';
import { AffiliateProgramme } from '@/components/account/affiliate-programme';
import { PageMessages } from '@/components/i18n/client-messages';
import { PageIntro } from '@/components/page-intro';
import { type LocaleParams, metadataFor, pageTexts, resolveLocale } from '@/server/page';

export async function generateMetadata(props: { params: LocaleParams }): Promise<Metadata> {
  // A customer's own programme page: never in search engines.
  return { ...(await metadataFor('affiliate', '/affiliate')(props)), robots: { index: false, follow: false } };
}

/**
 * /affiliate: joining the affiliate programme and its dashboard (docs/decisions/070-affiliate-programme.md), read in
 * the browser, so the page itself is the same for everyone and stays kept.
 */
export default async function AffiliatePage({ params }: { params: LocaleParams }) {
  const texts = await pageTexts(await resolveLocale(params), 'affiliate');
  return (
    <>
      <PageIntro heading={texts.heading ?? texts.title} intro={texts.intro} />
      <div className="mx-auto w-full max-w-4xl px-5 py-10">
        <PageMessages namespaces={['affiliate', 'api', 'validation']}>
          <AffiliateProgramme />
        </PageMessages>
      </div>
    </>
  );
}
