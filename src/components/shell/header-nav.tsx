'use client';

import { useTranslations } from 'next-intl';
import { NavigationMenu } from 'radix-ui';
import { Link } from '@/i18n/navigation';
import { PRODUCT_THEMES } from './product-menu';
import { type SupportConfig, SupportLinks } from './support-links';

const TRIGGER =
  'group inline-flex items-center gap-1 rounded-md px-3 py-2 text-sm font-medium text-ink hover:bg-surface data-[state=open]:bg-surface';
const PANEL = 'absolute left-0 top-full mt-2 rounded-lg border border-line bg-white p-5 shadow-xl';

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
 * Wide-screen header menu (SPEC §2): opens on hover with a 150 ms delay (SPEC §9), and on click or
 * Enter/Space/ArrowDown, so every item is reachable by keyboard; Escape closes.
 */
export function HeaderNav({ support, ticketUrl }: { support: SupportConfig; ticketUrl: string }) {
  const nav = useTranslations('nav');
  const t = useTranslations('shell');
  return (
    <NavigationMenu.Root
      delayDuration={150}
      skipDelayDuration={150}
      aria-label={nav('primary')}
      className="relative hidden desk:block"
    >
      <NavigationMenu.List className="flex items-center gap-1">
        <NavigationMenu.Item className="relative">
          <NavigationMenu.Trigger className={TRIGGER}>
            {nav('products')} <Chevron />
          </NavigationMenu.Trigger>
          <NavigationMenu.Content className={`${PANEL} w-[860px]`}>
            <p className="mb-4 text-sm text-muted">{t('productsIntro')}</p>
            <div className="grid grid-cols-5 gap-5">
              {PRODUCT_THEMES.map((theme) => (
                <div key={theme.key}>
                  <p className="text-xs font-semibold uppercase tracking-wide text-brand-700">
                    {t(`themes.${theme.key}`)}
                  </p>
                  <ul className="mt-2 space-y-1">
                    {theme.items.map((item) => (
                      <li key={item.key}>
                        <NavigationMenu.Link asChild>
                          <Link href={item.href} className="block rounded-md p-2 hover:bg-surface">
                            <span className="block text-sm font-medium text-ink">{t(`items.${item.key}.name`)}</span>
                            <span className="block text-xs text-muted">{t(`items.${item.key}.desc`)}</span>
                          </Link>
                        </NavigationMenu.Link>
                      </li>
                    ))}
                  </ul>
                </div>
              ))}
            </div>
          </NavigationMenu.Content>
        </NavigationMenu.Item>
        <NavigationMenu.Item>
          <NavigationMenu.Link asChild>
            <Link href="/doc/article/pricing" className={TRIGGER}>
              {nav('pricing')}
            </Link>
          </NavigationMenu.Link>
        </NavigationMenu.Item>
        <NavigationMenu.Item>
          <NavigationMenu.Link asChild>
            <Link href="/doc" className={TRIGGER}>
              {nav('docs')}
            </Link>
          </NavigationMenu.Link>
        </NavigationMenu.Item>
        <NavigationMenu.Item className="relative">
          <NavigationMenu.Trigger className={TRIGGER}>
            {nav('support')} <Chevron />
          </NavigationMenu.Trigger>
          <NavigationMenu.Content className={`${PANEL} w-[300px] p-3`}>
            <SupportLinks support={support} ticketUrl={ticketUrl} />
          </NavigationMenu.Content>
        </NavigationMenu.Item>
        <NavigationMenu.Item>
          <NavigationMenu.Link asChild>
            <Link href="/about" className={TRIGGER}>
              {nav('about')}
            </Link>
          </NavigationMenu.Link>
        </NavigationMenu.Item>
      </NavigationMenu.List>
    </NavigationMenu.Root>
  );
}
