import { getTranslations } from 'next-intl/server';
import { PageLink } from '@/i18n/page-link';
import { customerCentreUrl } from '@/lib/customer-centre';
import type { Locale } from '@/lib/locales';
import { MenuDisclosure } from './menu-disclosure';
import { PRODUCT_THEMES } from './product-menu';
import { type SupportConfig, SupportLinks } from './support-links';

const TRIGGER =
  'group inline-flex items-center gap-1 rounded-md px-3 py-2 text-sm text-ink hover:bg-surface data-[state=open]:bg-surface';
const ITEM = 'block rounded-md p-2 hover:bg-surface';
const PANEL = 'absolute left-0 top-full z-[2100] mt-2 rounded-lg border border-line bg-white p-5 shadow-xl';

function Chevron() {
  return (
    <svg
      aria-hidden="true"
      width="12"
      height="12"
      viewBox="0 0 12 12"
      className="transition-transform group-data-[state=open]:rotate-180"
    >
      <path d="M2.5 4.5 6 8l3.5-3.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
    </svg>
  );
}

/**
 * Wide-screen header menu (docs/product/screens.md#header): rendered on the server, with each dropdown a small disclosure that
 * opens on hover after 150 ms (docs/product/constants.md#timing) and on click or Enter/Space/ArrowDown, so every item is reachable by
 * keyboard; Escape closes.
 */
export async function HeaderNav({
  locale,
  support,
  ticketUrl,
  customerCenterUrl,
}: {
  locale: Locale;
  support: SupportConfig;
  ticketUrl: string;
  customerCenterUrl: string;
}) {
  const nav = await getTranslations({ locale, namespace: 'nav' });
  const t = await getTranslations({ locale, namespace: 'shell' });
  return (
    <nav aria-label={nav('primary')} className="relative hidden desk:block">
      <ul className="flex items-center gap-1">
        <li>
          <MenuDisclosure
            buttonClassName={TRIGGER}
            panelClassName={`${PANEL} w-[860px]`}
            label={
              <>
                {nav('products')} <Chevron />
              </>
            }
          >
            <p className="mb-4 text-sm text-muted">{t('productsIntro')}</p>
            <div className="grid grid-cols-5 gap-5">
              {PRODUCT_THEMES.map((theme) => (
                <div key={theme.key}>
                  <p className="text-xs font-semibold uppercase tracking-wide text-brand-700">
                    {t(`themes.${theme.key}`)}
                  </p>
                  <ul className="mt-2 space-y-1">
                    {theme.items.map((item) => {
                      const label = (
                        <>
                          <span className="block text-sm font-semibold text-ink">{t(`items.${item.key}.name`)}</span>
                          <span className="block text-xs text-muted">{t(`items.${item.key}.desc`)}</span>
                        </>
                      );
                      return (
                        <li key={item.key}>
                          {'href' in item ? (
                            <PageLink href={item.href} className={ITEM}>
                              {label}
                            </PageLink>
                          ) : (
                            <a href={customerCentreUrl(customerCenterUrl, item.customerCentre)} className={ITEM}>
                              {label}
                            </a>
                          )}
                        </li>
                      );
                    })}
                  </ul>
                </div>
              ))}
            </div>
          </MenuDisclosure>
        </li>
        <li>
          <PageLink href="/doc/article/pricing" className={TRIGGER}>
            {nav('pricing')}
          </PageLink>
        </li>
        <li>
          <PageLink href="/doc" className={TRIGGER}>
            {nav('docs')}
          </PageLink>
        </li>
        <li>
          <MenuDisclosure
            buttonClassName={TRIGGER}
            panelClassName={`${PANEL} w-[300px] p-3`}
            label={
              <>
                {nav('support')} <Chevron />
              </>
            }
          >
            <SupportLinks support={support} ticketUrl={ticketUrl} />
          </MenuDisclosure>
        </li>
        <li>
          <PageLink href="/about" className={TRIGGER}>
            {nav('about')}
          </PageLink>
        </li>
      </ul>
    </nav>
  );
}
