'use client';

import { useSearchParams } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { lazy, Suspense, useSyncExternalStore } from 'react';
import { Link } from '@/i18n/navigation';
import { usePathname } from '@/i18n/navigation-client';
import { useSiteStore } from '@/stores/site-store';

// The account menu's code loads only for signed-in visitors (docs/product/targets.md#performance).
const AccountMenu = lazy(() => import('./account-menu').then((m) => ({ default: m.AccountMenu })));

const subscribeNever = () => () => {};

/** Logged out: login and register buttons opening ?ope=login / ?ope=reg on the current page (docs/product/screens.md#account-area). */
function AuthButtons() {
  const t = useTranslations('nav');
  const pathname = usePathname();
  const params = useSearchParams();
  const withOpe = (ope: string) => {
    const next = new URLSearchParams(params?.toString());
    next.set('ope', ope);
    return { pathname, query: Object.fromEntries(next) };
  };
  // No prefetch: these open a dialog on the page already shown. Prefetching the page again cost two requests a
  // view, and for an unknown article Next's prefetch answer redirects to itself until the browser gives up.
  return (
    <>
      <Link href={withOpe('login')} prefetch={false} className="rounded-md px-3 py-2 text-sm text-ink hover:bg-surface">
        {t('login')}
      </Link>
      <Link
        href={withOpe('reg')}
        prefetch={false}
        className="rounded-md bg-brand-600 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-700"
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
      <Link href="/?ope=login" className="rounded-md px-3 py-2 text-sm text-ink hover:bg-surface">
        {t('login')}
      </Link>
      <Link
        href="/?ope=reg"
        className="rounded-md bg-brand-600 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-700"
      >
        {t('register')}
      </Link>
    </>
  );
}

/** Header account area (docs/product/states.md#signed-in-or-not): logged in means a token exists; then the masked account, avatar and menu. */
export function AccountArea({ customerCenterUrl }: { customerCenterUrl: string }) {
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
  return (
    <Suspense fallback={null}>
      <AccountMenu customerCenterUrl={customerCenterUrl} userAccount={userAccount} username={username} />
    </Suspense>
  );
}
