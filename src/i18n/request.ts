import { hasLocale } from 'next-intl';
import { getRequestConfig } from 'next-intl/server';
import en from './messages/en.json';
import { routing } from './routing';

function lookup(messages: unknown, path: string): string | undefined {
  let node: unknown = messages;
  for (const part of path.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

export default getRequestConfig(async ({ requestLocale }) => {
  const requested = await requestLocale;
  const locale = hasLocale(routing.locales, requested) ? requested : routing.defaultLocale;
  return {
    locale,
    messages: (await import(`./messages/${locale}.json`)).default,
    // A missing translation shows the English text and is logged, never a raw key.
    onError(error) {
      console.error(JSON.stringify({ level: 'error', msg: 'i18n', locale, error: error.message }));
    },
    getMessageFallback({ namespace, key }) {
      const path = [namespace, key].filter(Boolean).join('.');
      return lookup(en, path) ?? path;
    },
  };
});
