'use client';

import { useTranslations } from 'next-intl';
import { DropdownMenu } from 'radix-ui';
import { Link } from '@/i18n/navigation';
import { avatarSrc, maskAccount } from '@/lib/account-display';
import { type CustomerCentrePage, customerCentreUrl } from '@/lib/customer-centre';
import { logout } from './logout';

/** The customer-centre pages of the menu, in order, with their labels in `shell.account`. */
const ITEMS = [
  { page: 'console', label: 'centre' },
  // Where a customer looks for their block storage volumes: the customer centre's disk list.
  { page: 'disks', label: 'disks' },
  { page: 'userCenter', label: 'userCenter' },
] as const satisfies readonly { page: CustomerCentrePage; label: string }[];

/** Signed-in header menu (docs/decisions/008-accounts.md): masked account with avatar; console, disks, user centre, logout. */
export function AccountMenu({
  customerCenterUrl,
  userAccount,
  username,
}: {
  customerCenterUrl: string;
  userAccount: string | null;
  username: string | null;
}) {
  const t = useTranslations('shell.account');
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className="flex items-center gap-2 rounded-md px-2 py-1 text-sm text-ink hover:bg-surface">
        {/* biome-ignore lint/performance/noImgElement: a 28 px static avatar needs no image pipeline */}
        <img src={avatarSrc(username)} alt="" width={28} height={28} className="rounded-full" />
        <span data-testid="masked-account">{maskAccount(userAccount ?? username ?? '')}</span>
        {/* Named by what it shows and then what it is: a name that left out the shown account did not match it
            for speech input (axe label-content-name-mismatch). */}
        <span className="sr-only">{t('menu')}</span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-[2010] min-w-[150px] rounded-lg border border-line bg-white p-1 shadow-xl"
        >
          <DropdownMenu.Item asChild>
            <Link href="/orders" className="block rounded px-3 py-2 text-sm outline-none data-[highlighted]:bg-surface">
              {t('orders')}
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild>
            <Link
              href="/affiliate"
              className="block rounded px-3 py-2 text-sm outline-none data-[highlighted]:bg-surface"
            >
              {t('affiliate')}
            </Link>
          </DropdownMenu.Item>
          {ITEMS.map((item) => (
            <DropdownMenu.Item key={item.page} asChild>
              <a
                href={customerCentreUrl(customerCenterUrl, item.page)}
                className="block rounded px-3 py-2 text-sm outline-none data-[highlighted]:bg-surface"
              >
                {t(item.label)}
              </a>
            </DropdownMenu.Item>
          ))}
          <DropdownMenu.Separator className="my-1 h-px bg-line" />
          <DropdownMenu.Item
            onSelect={() => void logout()}
            className="cursor-pointer rounded px-3 py-2 text-sm outline-none data-[highlighted]:bg-surface"
          >
            {t('logout')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
