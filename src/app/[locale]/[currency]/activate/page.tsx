import type { Metadata } from 'next';
import { Suspense } from 'react';
import { ActivateClient } from '@/components/account/activate-client';
import { PageIntro } from '@/components/page-intro';
import { type LocaleParams, metadataFor, pageTexts, resolveLocale } from '@/server/page';

export async function generateMetadata(props: { params: LocaleParams }): Promise<Metadata> {
  // An activation link is personal: keep it out of search engines.
  return { ...(await metadataFor('activate', '/activate')(props)), robots: { index: false, follow: false } };
}

export default async function ActivatePage({ params }: { params: LocaleParams }) {
  const texts = await pageTexts(await resolveLocale(params), 'activate');
  return (
    <>
      <PageIntro heading={texts.heading ?? texts.title} intro={texts.intro} />
      <div className="mx-auto w-full max-w-2xl px-5 py-10">
        <Suspense fallback={null}>
          <ActivateClient />
        </Suspense>
      </div>
    </>
  );
}
