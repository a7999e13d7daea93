import { PageIntro } from '@/components/page-intro';
import { type LocaleParams, metadataFor, pageTexts, resolveLocale } from '@/server/page';

export const generateMetadata = metadataFor('welcomeSignup', '/welcome-signup');

export default async function WelcomeSignupPage({ params }: { params: LocaleParams }) {
  const texts = await pageTexts(await resolveLocale(params), 'welcomeSignup');
  return <PageIntro heading={texts.heading ?? texts.title} intro={texts.intro} />;
}
