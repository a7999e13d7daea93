'use client';

import { useTranslations } from 'next-intl';
import { Popover } from 'radix-ui';
import { type FormEvent, type RefObject, useState } from 'react';
import { useRouter } from '@/i18n/navigation';

/** Documentation search (docs/product/validation.md#form-inputs): a blank query does nothing; otherwise go to /doc/search/{encoded query}. */
export function SearchPanel(props: {
  anchor: RefObject<HTMLButtonElement | null>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const t = useTranslations('shell.search');
  const router = useRouter();
  const [query, setQuery] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = query.trim();
    if (text === '') return;
    props.onOpenChange(false);
    router.push(`/doc/search/${encodeURIComponent(text)}`);
  };

  return (
    <Popover.Root open={props.open} onOpenChange={props.onOpenChange}>
      <Popover.Anchor virtualRef={props.anchor as RefObject<HTMLButtonElement>} />
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          collisionPadding={8}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            props.anchor.current?.focus();
          }}
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
                className="rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
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
