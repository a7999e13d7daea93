'use client';

import { useTranslations } from 'next-intl';
import { Popover } from 'radix-ui';
import { type FormEvent, useState } from 'react';
import { useRouter } from '@/i18n/navigation';

/** Documentation search (SPEC §5): a blank query does nothing; otherwise go to /doc/search/{encoded query}. */
export function SearchPopover() {
  const t = useTranslations('shell.search');
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = query.trim();
    if (text === '') return;
    setOpen(false);
    router.push(`/doc/search/${encodeURIComponent(text)}`);
  };

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger className="rounded-md p-2 text-ink hover:bg-surface" aria-label={t('open')}>
        <svg aria-hidden="true" width="20" height="20" viewBox="0 0 20 20">
          <circle cx="9" cy="9" r="6" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="m14 14 4 4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          collisionPadding={8}
          className="z-[2010] w-[min(485px,calc(100vw-16px))] rounded-lg border border-line bg-white p-4 shadow-xl"
        >
          <search>
            <form onSubmit={submit} className="flex gap-2">
              <label htmlFor="doc-search-input" className="sr-only">
                {t('label')}
              </label>
              <input
                id="doc-search-input"
                type="search"
                value={query}
                onChange={(e) => setQuery(e.target.value)}
                placeholder={t('placeholder')}
                maxLength={200}
                className="min-w-0 flex-1 rounded-md border border-line px-3 py-2 text-sm focus:border-brand-500"
              />
              <button
                type="submit"
                className="rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700"
              >
                {t('submit')}
              </button>
            </form>
          </search>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
