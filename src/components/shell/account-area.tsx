'use client';

import { useSearchParams } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { DropdownMenu } from 'radix-ui';
import { Suspense, useSyncExternalStore } from 'react';
import { Link } from '@/i18n/navigation';
import { usePathname } from '@/i18n/navigation-client';
import { avatarSrc, maskAccount } from '@/lib/account-display';
import { useSiteStore } from '@/stores/site-store';
import { logout } from './logout';

const subscribeNever = () => () => {};

/** Logged out: login and register buttons opening ?ope=login / ?ope=reg on the current page (SPEC §1). */
function AuthButtons() {
  const t = useTranslations('nav');
  const pathname = usePathname();
  const params = useSearchParams();
  const withOpe = (ope: string) => {
    const next = new URLSearchParams(params?.toString());
    next.set('ope', ope);
    return { pathname, query: Object.fromEntries(next) };
  };
  return (
    <>
      <Link href={withOpe('login')} className="rounded-md px-3 py-2 text-sm font-medium text-ink hover:bg-surface">
        {t('login')}
      </Link>
      <Link
        href={withOpe('reg')}
        className="rounded-md bg-brand-600 px-3 py-2 text-sm font-medium text-white hover:bg-brand-700"
      >
        {t('register')}
      </Link>
    </>
  );
}

function StaticAuthButtons() {
  const t = useTranslations('nav');
  return (
    <>
      <Link href="/?ope=login" className="rounded-md px-3 py-2 text-sm font-medium text-ink hover:bg-surface">
        {t('login')}
      </Link>
      <Link
        href="/?ope=reg"
        className="rounded-md bg-brand-600 px-3 py-2 text-sm font-medium text-white hover:bg-brand-700"
      >
        {t('register')}
      </Link>
    </>
  );
}

/** Header account area (SPEC §4): logged in means a token exists; then the masked account, avatar and menu. */
export function AccountArea({ customerCenterUrl }: { customerCenterUrl: string }) {
  const t = useTranslations('shell.account');
  const token = useSiteStore((s) => s.token);
  const userAccount = useSiteStore((s) => s.userAccount);
  const username = useSiteStore((s) => s.username);
  // The store lives in browser storage: render the logged-out state on the server and first paint.
  const hydrated = useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );

  if (!hydrated || !token) {
    return (
      <Suspense fallback={<StaticAuthButtons />}>
        <AuthButtons />
      </Suspense>
    );
  }
  const base = customerCenterUrl.replace(/\/$/, '');
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        className="flex items-center gap-2 rounded-md px-2 py-1 text-sm font-medium text-ink hover:bg-surface"
        aria-label={t('menu')}
      >
        {/* biome-ignore lint/performance/noImgElement: a 28 px static avatar needs no image pipeline */}
        <img src={avatarSrc(username)} alt="" width={28} height={28} className="rounded-full" />
        <span data-testid="masked-account">{maskAccount(userAccount ?? username ?? '')}</span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-[2010] min-w-[150px] rounded-lg border border-line bg-white p-1 shadow-xl"
        >
          <DropdownMenu.Item asChild>
            <a href={`${base}/`} className="block rounded px-3 py-2 text-sm outline-none data-[highlighted]:bg-surface">
              {t('centre')}
            </a>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild>
            <a
              href={`${base}/userCenter`}
              className="block rounded px-3 py-2 text-sm outline-none data-[highlighted]:bg-surface"
            >
              {t('userCenter')}
            </a>
          </DropdownMenu.Item>
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
