'use client';

import { useEffect, useRef, useState } from 'react';
import { useAdminTranslations as useTranslations } from './i18n';
import { Alert, Button } from './ui';

/**
 * A new set of recovery codes, shown once (the server keeps only their hashes): to copy, to download as a text
 * file, or to write down. Focus moves to the list when it appears, so a screen reader reads what just happened.
 */
export function RecoveryCodes({ codes, email }: { codes: string[]; email: string }) {
  const t = useTranslations('admin.recovery');
  const [copied, setCopied] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const text = `${t('fileTitle', { email })}\n\n${codes.join('\n')}\n`;
  const href = `data:text/plain;charset=utf-8,${encodeURIComponent(text)}`;

  return (
    <section aria-labelledby="recovery-title" className="space-y-3" data-testid="recovery-codes">
      <h2 id="recovery-title" ref={heading} tabIndex={-1} className="text-lg font-semibold">
        {t('title')}
      </h2>
      <Alert tone="info">{t('explain', { count: codes.length })}</Alert>
      <ul className="grid grid-cols-2 gap-2 rounded-lg border border-line bg-surface p-4 font-mono text-base">
        {codes.map((code) => (
          <li key={code} data-testid="recovery-code">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap items-center gap-3">
        <Button
          type="button"
          variant="secondary"
          onClick={() =>
            void navigator.clipboard?.writeText(text).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
        >
          {t('copy')}
        </Button>
        <a
          href={href}
          download="back-office-recovery-codes.txt"
          className="text-sm font-semibold text-brand-700 underline"
        >
          {t('download')}
        </a>
        <span aria-live="polite" className="text-sm text-muted">
          {copied ? t('copied') : ''}
        </span>
      </div>
    </section>
  );
}
