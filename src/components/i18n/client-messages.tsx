import 'server-only';
import type { Messages } from 'next-intl';
import { NextIntlClientProvider } from 'next-intl';
import { getLocale, getMessages } from 'next-intl/server';
import type { ReactNode } from 'react';

type Namespace = keyof Messages;

/**
 * The namespaces the shell's client components use on every page: header menus, language and currency
 * switchers, toasts, cookie panel, chat launcher, the login and sign-up dialogs (account, validation) and the
 * API client's error toasts (api). Everything else travels only with the page that uses it (docs/product/targets.md#performance: messages
 * sent to the browser are limited to what client components use).
 */
export const SHELL_NAMESPACES = [
  'chat',
  'nav',
  'errors',
  'api',
  'shell',
  'account',
  'validation',
] as const satisfies readonly Namespace[];

export function pickNamespaces(messages: Messages, namespaces: readonly Namespace[]): Partial<Messages> {
  return Object.fromEntries(namespaces.map((ns) => [ns, messages[ns]]));
}

/**
 * Wraps one page's client components with the namespaces they need. A nested provider replaces the shell's
 * messages rather than adding to them, so `namespaces` lists everything the subtree reads, including `api`
 * and `validation` when it shows field or request errors.
 */
export async function PageMessages({
  namespaces,
  children,
}: {
  namespaces: readonly Namespace[];
  children: ReactNode;
}) {
  const [locale, messages] = await Promise.all([getLocale(), getMessages()]);
  return (
    <NextIntlClientProvider locale={locale} messages={pickNamespaces(messages as Messages, namespaces)}>
      {children}
    </NextIntlClientProvider>
  );
}
