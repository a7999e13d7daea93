import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { OrderDetail } from '@/components/account/order-detail';
import { PageMessages } from '@/components/i18n/client-messages';
import { PageIntro } from '@/components/page-intro';
import { type LocaleParams, pageTexts, resolveLocale } from '@/server/page';
import { pageMetadata } from '@/server/seo';

type Params = Promise<{ locale: string; number: string }>;

/** An order number as the site writes them; anything else is not an order page. */
const ORDER_NUMBER = /^CC\d{8}[0-9A-F]{8}$/;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const locale = await resolveLocale(params as LocaleParams);
  const { number } = await params;
  const texts = await pageTexts(locale, 'orderDetail', { number });
  return {
    ...(await pageMetadata({ locale, path: `/orders/${number}`, title: texts.title })),
    robots: { index: false, follow: false },
  };
}

/** /orders/{number}: one order, its confirmation while it waits for payment (survives a reload). */
export default async function OrderPage({ params }: { params: Params }) {
  const locale = await resolveLocale(params as LocaleParams);
  const { number } = await params;
  if (!ORDER_NUMBER.test(number)) notFound();
  const texts = await pageTexts(locale, 'orderDetail', { number });
  return (
    <>
      <PageIntro heading={texts.heading ?? texts.title} intro={texts.intro} />
      <div className="mx-auto w-full max-w-4xl px-5 py-10">
        <PageMessages namespaces={['orders', 'buy', 'api']}>
          <OrderDetail number={number} />
        </PageMessages>
      </div>
    </>
  );
}
