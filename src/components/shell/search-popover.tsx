'use client';

import dynamic from 'next/dynamic';
import { useTranslations } from 'next-intl';
import { useRef, useState } from 'react';

// The popover's code loads on first use (issue 9).
const SearchPanel = dynamic(() => import('./search-panel').then((m) => m.SearchPanel), { ssr: false });

/** The header's documentation search button with its 485 px popover (SPEC §2, §9). */
export function SearchPopover() {
  const t = useTranslations('shell.search');
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={button}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setWanted(true);
          setOpen((o) => !o);
        }}
        onPointerEnter={() => setWanted(true)}
        className="rounded-md p-2 text-ink hover:bg-surface"
        aria-label={t('open')}
      >
        <svg aria-hidden="true" width="20" height="20" viewBox="0 0 20 20">
          <circle cx="9" cy="9" r="6" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="m14 14 4 4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
      {wanted ? <SearchPanel anchor={button} open={open} onOpenChange={setOpen} /> : null}
    </>
  );
}
