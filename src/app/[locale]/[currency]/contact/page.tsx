import { getTranslations } from 'next-intl/server';
import { ContactForm } from '@/components/content/contact-form';
import { PageMessages } from '@/components/i18n/client-messages';
import { PageIntro } from '@/components/page-intro';
import { publicConfig } from '@/env';
import { type LocaleParams, metadataFor, pageTexts, resolveLocale } from '@/server/page';

export const generateMetadata = metadataFor('contact', '/contact');

/**
 * The team addresses of /contact. Like the office addresses (messages `contact.offices`), they are company
 * facts that change with a release rather than daily (docs/decisions/014-content-pages.md).
 */
const CHANNELS = [
  { key: 'sales', email: 'sales@cirrus.cloud' },
  { key: 'billing', email: 'billing@cirrus.cloud' },
  { key: 'abuse', email: 'abuse@cirrus.cloud' },
  { key: 'press', email: 'press@cirrus.cloud' },
] as const;

const OFFICES = [
  { key: 'hongKong', phone: '+852 3008 1200' },
  { key: 'tokyo', phone: '+81 3-6890-1200' },
  { key: 'singapore', phone: '+65 6871 1200' },
] as const;

/** /contact (docs/product/screens.md#contact): the teams to write to, the offices, and a form that reaches the operators' mailbox. */
export default async function ContactPage({ params }: { params: LocaleParams }) {
  const locale = await resolveLocale(params);
  const [texts, t] = await Promise.all([
    pageTexts(locale, 'contact'),
    getTranslations({ locale, namespace: 'contact' }),
  ]);
  const ticketUrl = new URL('/workServer/submitWork', publicConfig().customerCenterUrl).href;

  return (
    <>
      <PageIntro heading={texts.heading ?? texts.title} intro={texts.intro} />
      <div className="mx-auto w-full max-w-6xl space-y-14 px-5 py-12">
        <section aria-labelledby="contact-channels">
          <h2 id="contact-channels" className="text-2xl font-semibold">
            {t('channelsTitle')}
          </h2>
          <ul className="mt-6 grid gap-4 desk:grid-cols-3">
            <li className="rounded-xl border border-brand-200 bg-brand-50 p-5">
              <h3 className="font-semibold">{t('channels.supportTitle')}</h3>
              <p className="mt-2 text-sm text-muted">{t('channels.supportBody')}</p>
              <a href={ticketUrl} className="mt-3 inline-block text-sm font-semibold text-brand-700 hover:underline">
                {t('channels.supportLink')} →
              </a>
            </li>
            {CHANNELS.map((c) => (
              <li key={c.key} className="rounded-xl border border-line p-5">
                <h3 className="font-semibold">{t(`channels.${c.key}Title`)}</h3>
                <p className="mt-2 text-sm text-muted">{t(`channels.${c.key}Body`)}</p>
                <a
                  href={`mailto:${c.email}`}
                  className="mt-3 inline-block text-sm font-semibold text-brand-700 hover:underline"
                >
                  {c.email}
                </a>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="contact-form-title" className="grid gap-8 desk:grid-cols-[2fr_3fr]">
          <div>
            <h2 id="contact-form-title" className="text-2xl font-semibold">
              {t('formTitle')}
            </h2>
            <p className="mt-3 leading-relaxed text-muted">{t('formIntro')}</p>
            <p className="mt-3 text-xs text-muted">{t('privacy')}</p>
          </div>
          <div className="rounded-xl border border-line bg-white p-6 shadow-sm">
            <PageMessages namespaces={['forms', 'api', 'validation']}>
              <ContactForm />
            </PageMessages>
          </div>
        </section>

        <section aria-labelledby="contact-offices">
          <h2 id="contact-offices" className="text-2xl font-semibold">
            {t('officesTitle')}
          </h2>
          <ul className="mt-6 grid gap-4 desk:grid-cols-3">
            {OFFICES.map((o) => (
              <li key={o.key} className="rounded-xl bg-surface p-5">
                <h3 className="font-semibold">{t(`offices.${o.key}City`)}</h3>
                <address className="mt-2 text-sm not-italic leading-relaxed text-muted">
                  {t(`offices.${o.key}Address`)}
                </address>
                <p className="mt-2 text-sm text-muted">{t(`offices.${o.key}Hours`)}</p>
                <p className="mt-2 text-sm">
                  <span className="text-muted">{t('phoneLabel')}</span>{' '}
                  <a href={`tel:${o.phone.replace(/[\s-]/g, '')}`} className="text-brand-700 hover:underline">
                    {/* A number never breaks over two lines: no-break spaces and hyphens. */}
                    {o.phone.replaceAll(' ', '\u00a0').replaceAll('-', '\u2011')}
                  </a>
                </p>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </>
  );
}
