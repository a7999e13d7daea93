import { RegisterForm } from '@/components/account/register-form';
import { PageIntro } from '@/components/page-intro';
import { type LocaleParams, metadataFor, pageTexts, resolveLocale } from '@/server/page';

export const generateMetadata = metadataFor('signUp', '/signUp');

export default async function SignUpPage({ params }: { params: LocaleParams }) {
  const texts = await pageTexts(await resolveLocale(params), 'signUp');
  return (
    <>
      <PageIntro heading={texts.heading ?? texts.title} intro={texts.intro} />
      <div className="mx-auto w-full max-w-md px-5 py-10">
        <RegisterForm />
      </div>
    </>
  );
}
