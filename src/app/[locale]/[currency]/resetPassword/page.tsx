import type { Metadata } from 'next';
import { Suspense } from 'react';
import { ResetPasswordClient } from '@/components/account/reset-password-client';
import { PageIntro } from '@/components/page-intro';
import { type LocaleParams, metadataFor, pageTexts, resolveLocale } from '@/server/page';

export async function generateMetadata(props: { params: LocaleParams }): Promise<Metadata> {
  // A reset link is personal: keep it out of search engines.
  return {
    ...(await metadataFor('resetPassword', '/resetPassword')(props)),
    robots: { index: false, follow: false },
  };
}

/** "Forgot your password?": ask for a reset link, or, opened from one (`?code=`), choose the new password. */
export default async function ResetPasswordPage({ params }: { params: LocaleParams }) {
  const texts = await pageTexts(await resolveLocale(params), 'resetPassword');
  return (
    <>
      <PageIntro heading={texts.heading ?? texts.title} intro={texts.intro} />
      <div className="mx-auto w-full max-w-2xl px-5 py-10">
        <Suspense fallback={null}>
          <ResetPasswordClient />
        </Suspense>
      </div>
    </>
  );
}
