import type { Metadata } from 'next';
import { OrdersList } from '@/components/account/orders-list';
import { PageMessages } from '@/components/i18n/client-messages';
import { PageIntro } from '@/components/page-intro';
import { type LocaleParams, metadataFor, pageTexts, resolveLocale } from '@/server/page';

export async function generateMetadata(props: { params: LocaleParams }): Promise<Metadata> {
  // A customer's own orders: never in search engines.
  return { ...(await metadataFor('orders', '/orders')(props)), robots: { index: false, follow: false } };
}

/** /orders: the signed-in customer's orders, read in the browser (the page itself is the same for everyone). */
export default async function OrdersPage({ params }: { params: LocaleParams }) {
  const texts = await pageTexts(await resolveLocale(params), 'orders');
  return (
    <>
      <PageIntro heading={texts.heading ?? texts.title} intro={texts.intro} />
      <div className="mx-auto w-full max-w-4xl px-5 py-10">
        <PageMessages namespaces={['orders', 'buy', 'api']}>
          <OrdersList />
        </PageMessages>
      </div>
    </>
  );
}
