'use client';

import { useTranslations } from 'next-intl';
import { Accordion, Dialog } from 'radix-ui';
import { Link } from '@/i18n/navigation';
import { customerCentreUrl } from '@/lib/customer-centre';
import { PRODUCT_THEMES } from './product-menu';
import { type SupportConfig, SupportLinks } from './support-links';

const ROW = 'flex w-full items-center justify-between px-5 py-3 text-left text-base text-ink hover:bg-surface';

/** The phone drawer: an accordion menu (docs/product/screens.md#header), loaded on the first tap of the menu button. */
export function MobileMenuDrawer(props: {
  support: SupportConfig;
  ticketUrl: string;
  customerCenterUrl: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo: () => void;
}) {
  const { support, ticketUrl, open, onOpenChange: setOpen } = props;
  const nav = useTranslations('nav');
  const t = useTranslations('shell');
  const close = () => setOpen(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[2000] bg-black/40" />
        <Dialog.Content
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            props.returnFocusTo();
          }}
          className="fixed inset-y-0 right-0 z-[2001] flex w-[min(360px,100vw)] flex-col overflow-y-auto bg-white shadow-2xl"
        >
          <div className="flex items-center justify-between border-b border-line px-5 py-3">
            <Dialog.Title className="text-base font-semibold">{t('menu')}</Dialog.Title>
            <Dialog.Close className="rounded-md p-2 hover:bg-surface" aria-label={t('closeMenu')}>
              <svg aria-hidden="true" width="18" height="18" viewBox="0 0 18 18">
                <path d="m4 4 10 10M14 4 4 14" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">{nav('primary')}</Dialog.Description>
          <nav aria-label={nav('primary')}>
            <Accordion.Root type="multiple">
              <Accordion.Item value="products" className="border-b border-line">
                <Accordion.Header>
                  <Accordion.Trigger className={`${ROW} group`}>
                    {nav('products')}
                    <span aria-hidden="true" className="transition-transform group-data-[state=open]:rotate-45">
                      +
                    </span>
                  </Accordion.Trigger>
                </Accordion.Header>
                <Accordion.Content className="bg-surface pb-2">
                  {PRODUCT_THEMES.map((theme) => (
                    <div key={theme.key} className="px-5 pt-3">
                      <p className="text-xs font-semibold uppercase tracking-wide text-brand-700">
                        {t(`themes.${theme.key}`)}
                      </p>
                      <ul>
                        {theme.items.map((item) => (
                          <li key={item.key}>
                            {'href' in item ? (
                              <Link href={item.href} onClick={close} className="block py-2 text-sm text-ink">
                                {t(`items.${item.key}.name`)}
                              </Link>
                            ) : (
                              <a
                                href={customerCentreUrl(props.customerCenterUrl, item.customerCentre)}
                                className="block py-2 text-sm text-ink"
                              >
                                {t(`items.${item.key}.name`)}
                              </a>
                            )}
                          </li>
                        ))}
                      </ul>
                    </div>
                  ))}
                </Accordion.Content>
              </Accordion.Item>
              <Accordion.Item value="support" className="border-b border-line">
                <Accordion.Header>
                  <Accordion.Trigger className={`${ROW} group`}>
                    {nav('support')}
                    <span aria-hidden="true" className="transition-transform group-data-[state=open]:rotate-45">
                      +
                    </span>
                  </Accordion.Trigger>
                </Accordion.Header>
                <Accordion.Content className="bg-surface px-2 py-2">
                  <SupportLinks support={support} ticketUrl={ticketUrl} />
                </Accordion.Content>
              </Accordion.Item>
            </Accordion.Root>
            <ul>
              {[
                { href: '/doc/article/pricing', label: nav('pricing') },
                { href: '/doc', label: nav('docs') },
                { href: '/about', label: nav('about') },
              ].map((item) => (
                <li key={item.href} className="border-b border-line">
                  <Link href={item.href} onClick={close} className={ROW}>
                    {item.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
