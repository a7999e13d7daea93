import { getTranslations } from 'next-intl/server';
import { PageLink } from '@/i18n/page-link';
import { customerCentreUrl } from '@/lib/customer-centre';
import type { Locale } from '@/lib/locales';
import { AccountArea } from './account-area';
import { HeaderNav } from './header-nav';
import { MobileMenu } from './mobile-menu';
import { SearchPopover } from './search-popover';
import type { SupportConfig } from './support-links';

export async function SiteHeader(props: {
  locale: Locale;
  brand: string;
  support: SupportConfig;
  customerCenterUrl: string;
}) {
  const t = await getTranslations({ locale: props.locale, namespace: 'nav' });
  const ticketUrl = customerCentreUrl(props.customerCenterUrl, 'ticket');
  // Opaque rather than translucent over a backdrop blur: the blur is recomposited for every frame while
  // anything under the sticky header changes, which multiplied the compositor's work during a page load
  // (docs/decisions/007-shell-rendering.md). At 95 % white it was hardly visible.
  return (
    <header className="sticky top-0 z-[2000] border-b border-line bg-white">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4 desk:gap-6 desk:px-5">
        <PageLink
          href="/"
          className="flex shrink-0 items-center gap-2 whitespace-nowrap text-lg font-semibold text-ink"
          aria-label={`${props.brand} - ${t('home')}`}
        >
          <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true">
            <path d="M9 24h15a6 6 0 0 0 .7-11.96A8 8 0 0 0 9.3 13.6 5.2 5.2 0 0 0 9 24Z" fill="#2f7cf6" />
          </svg>
          {/* The name needs ~110 px beside the search, account and menu buttons: from 440 px up it fits in every
              language (at 400–430 px the English and Japanese headers were up to 25 px wider than the screen, which
              a phone shows zoomed out; tests/e2e/routes.spec.ts checks the widths). */}
          <span className="hidden min-[440px]:inline">{props.brand}</span>
        </PageLink>
        <HeaderNav
          locale={props.locale}
          support={props.support}
          ticketUrl={ticketUrl}
          customerCenterUrl={props.customerCenterUrl}
        />
        <div className="ml-auto flex items-center gap-1 whitespace-nowrap desk:gap-2">
          <SearchPopover />
          <AccountArea customerCenterUrl={props.customerCenterUrl} />
          <MobileMenu support={props.support} ticketUrl={ticketUrl} customerCenterUrl={props.customerCenterUrl} />
        </div>
      </div>
    </header>
  );
}
