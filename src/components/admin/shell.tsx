'use client';

import Link from 'next/link';
import { usePathname, useRouter } from 'next/navigation';
import { useLocale } from 'next-intl';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ADMIN_LOCALES, type AdminLocale } from '@/lib/admin/schemas';
import type { Session } from '@/lib/admin/session-schemas';
import { LOCALE_LABEL } from '@/lib/locales';
import { adminApi, onUnauthorized, setCsrfToken } from './api';
import { useAdminTranslations as useTranslations } from './i18n';
import { isAdminLocale, localeFromLanguages, rememberAdminLocale, rememberedAdminLocale } from './locale';
import { AdminNavigation } from './navigation';
import { SessionContext, type SessionState } from './session';
import { SignInForm } from './sign-in';
import { Modal } from './ui';

/**
 * The back office's frame: who is signed in (`GET /api/admin/auth/me`), the navigation their role may use, the
 * language selector, and the sign-in form in place of any page while nobody is. A session that ends while a page
 * is open (30 minutes idle) asks to sign in again over the page, so nothing typed there is lost.
 */
export function AdminShell({ children }: { children: ReactNode }) {
  const t = useTranslations('admin');
  const pathname = usePathname();
  const router = useRouter();
  const [session, setSession] = useState<Session | null>(null);
  const [checked, setChecked] = useState(false);
  const [expired, setExpired] = useState(false);
  const sessionRef = useRef<Session | null>(null);
  const setup = pathname.startsWith('/admin/setup');
  // Phones: the navigation folds under a menu button, and folds again when a page of it is opened.
  const [menuOpen, setMenuOpen] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: closes on each new page
  useEffect(() => setMenuOpen(false), [pathname]);

  const signedIn = useCallback((next: Session) => {
    sessionRef.current = next;
    setCsrfToken(next.csrfToken);
    setSession(next);
    setExpired(false);
    setChecked(true);
  }, []);

  useEffect(() => {
    adminApi<Session>('/auth/me')
      .then(signedIn)
      .catch(() => setChecked(true));
  }, [signedIn]);

  useEffect(
    () =>
      onUnauthorized(() => {
        if (sessionRef.current) setExpired(true);
      }),
    [],
  );

  const signOut = useCallback(async () => {
    await adminApi('/auth/logout', { method: 'POST', body: {} }).catch(() => undefined);
    sessionRef.current = null;
    setCsrfToken(null);
    setSession(null);
    router.push('/admin');
  }, [router]);

  const state = useMemo<SessionState>(() => ({ session, signedIn, signOut }), [session, signedIn, signOut]);

  const showNav = session !== null && !setup;
  let main: ReactNode;
  if (setup) main = children;
  else if (!checked) main = <p aria-busy="true" className="h-64" />;
  else if (!session) main = <SignInPanel onSignedIn={signedIn} />;
  else main = children;

  return (
    <SessionContext.Provider value={state}>
      <a href="#main" className="skip-link">
        {t('skipToContent')}
      </a>
      <header className="border-b border-line bg-ink text-white">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3">
          <Link href="/admin" className="text-lg font-semibold text-white">
            {t('title')}
          </Link>
          {showNav ? (
            <button
              type="button"
              className="shrink-0 whitespace-nowrap rounded-md border border-white/40 px-3 py-1.5 text-sm text-white hover:bg-white/10 desk:hidden"
              aria-expanded={menuOpen}
              aria-controls="admin-nav"
              onClick={() => setMenuOpen((open) => !open)}
              data-testid="admin-menu"
            >
              {t('nav.menu')}
            </button>
          ) : null}
          {/* The words stay whole (ログアウト on one line at 375 px): a long name gives way, cut short, instead. */}
          <div className="ml-auto flex min-w-0 items-center gap-3">
            <LanguageSelect />
            {session ? (
              <>
                <Link
                  href="/admin/account"
                  className="min-w-0 truncate text-sm text-white/90 underline-offset-2 hover:underline"
                  data-testid="admin-who"
                >
                  {session.staff.name}
                  <span className="hidden desk:inline"> · {t(`roles.${session.staff.role}`)}</span>
                </Link>
                <button
                  type="button"
                  onClick={() => void signOut()}
                  className="shrink-0 whitespace-nowrap rounded-md border border-white/40 px-3 py-1.5 text-sm text-white hover:bg-white/10"
                >
                  {t('signOut')}
                </button>
              </>
            ) : null}
          </div>
        </div>
      </header>
      <div className="mx-auto flex w-full max-w-[90rem] flex-1 flex-col desk:flex-row desk:gap-6 desk:px-4">
        {showNav && session ? <AdminNavigation role={session.staff.role} open={menuOpen} /> : null}
        <main id="main" className="min-w-0 flex-1 px-4 py-6 desk:px-0 desk:py-8">
          {main}
        </main>
      </div>
      <Modal open={expired} onOpenChange={() => {}} title={t('signIn.expiredTitle')} description={t('signIn.expired')}>
        <SignInForm onSignedIn={signedIn} email={session?.staff.email} />
      </Modal>
    </SessionContext.Provider>
  );
}

function SignInPanel({ onSignedIn }: { onSignedIn: (session: Session) => void }) {
  const t = useTranslations('admin.signIn');
  return (
    <section
      aria-labelledby="sign-in-title"
      className="mx-auto max-w-md rounded-xl border border-line bg-white p-6 shadow-sm"
    >
      <h1 id="sign-in-title" className="text-2xl font-semibold">
        {t('title')}
      </h1>
      <p className="mt-1 mb-5 text-sm text-muted">{t('intro')}</p>
      <SignInForm onSignedIn={onSignedIn} />
    </section>
  );
}

/**
 * The back office's language: remembered in a cookie of /admin (src/components/admin/locale.ts). The server
 * renders the page again in the new language; what is typed in a form stays, since the page is not reloaded.
 */
function LanguageSelect() {
  const t = useTranslations('admin');
  const locale = useLocale() as AdminLocale;
  const router = useRouter();

  // No choice yet: the browser's languages decide. The server guessed from Accept-Language, which says the same
  // in most browsers; where it does not, follow the browser.
  useEffect(() => {
    if (rememberedAdminLocale()) return;
    const wanted = localeFromLanguages(navigator.languages?.length ? navigator.languages : [navigator.language]);
    if (wanted !== locale) {
      rememberAdminLocale(wanted);
      router.refresh();
    }
  }, [locale, router]);

  return (
    <label className="flex items-center gap-2 text-sm text-white/80">
      <span className="sr-only desk:not-sr-only">{t('language')}</span>
      <select
        value={locale}
        onChange={(event) => {
          const next = event.target.value;
          if (!isAdminLocale(next)) return;
          rememberAdminLocale(next);
          router.refresh();
        }}
        className="rounded-md border border-white/40 bg-ink px-2 py-1.5 text-sm text-white"
        data-testid="admin-language"
      >
        {ADMIN_LOCALES.map((l) => (
          <option key={l} value={l} lang={l}>
            {LOCALE_LABEL[l]}
          </option>
        ))}
      </select>
    </label>
  );
}
