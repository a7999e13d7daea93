'use client';

import { useSearchParams } from 'next/navigation';
import { lazy, Suspense } from 'react';
import { useRouter } from '@/i18n/navigation';
import { usePathname } from '@/i18n/navigation-client';

const AuthDialog = lazy(() => import('./auth-dialog').then((m) => ({ default: m.AuthDialog })));

function AuthDialogsInner() {
  const params = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const ope = params?.get('ope');
  if (ope !== 'login' && ope !== 'reg') return null;
  // Closing removes ?ope and keeps every other parameter, so the page is as the visitor left it.
  const close = () => {
    const rest = new URLSearchParams(params?.toString());
    rest.delete('ope');
    router.replace({ pathname, query: Object.fromEntries(rest) }, { scroll: false });
  };
  const switchTo = (next: 'login' | 'reg') => {
    const rest = new URLSearchParams(params?.toString());
    rest.set('ope', next);
    router.replace({ pathname, query: Object.fromEntries(rest) }, { scroll: false });
  };
  return <AuthDialog mode={ope} onClose={close} onSwitch={switchTo} />;
}

/** `?ope=login` / `?ope=reg` open the login or register dialog on any page (docs/product/screens.md#account-area). */
export function AuthDialogs() {
  return (
    <Suspense fallback={null}>
      <AuthDialogsInner />
    </Suspense>
  );
}
