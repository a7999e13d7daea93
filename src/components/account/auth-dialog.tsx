'use client';

import { useTranslations } from 'next-intl';
import { Dialog } from 'radix-ui';
import { useState } from 'react';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';

export function AuthDialog({
  mode,
  onClose,
  onSwitch,
}: {
  mode: 'login' | 'reg';
  onClose: () => void;
  onSwitch: (mode: 'login' | 'reg') => void;
}) {
  const t = useTranslations('account');
  // The dialog is opened by an address (?ope=login), not by a Dialog.Trigger, so Radix has no trigger to give focus
  // back to and left it on the body. What had focus when the dialog came up (the header's "Log in" link, or any
  // link to ?ope=…) gets it back, when it is still on the page.
  const [opener] = useState(() => (typeof document === 'undefined' ? null : document.activeElement));
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[2400] bg-black/50" />
        <Dialog.Content
          onCloseAutoFocus={(event) => {
            if (!(opener instanceof HTMLElement) || opener === document.body || !opener.isConnected) return;
            event.preventDefault();
            opener.focus();
          }}
          className="fixed left-1/2 top-1/2 z-[2401] max-h-[calc(100vh-32px)] w-[min(420px,calc(100vw-24px))] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-2xl"
        >
          <div className="mb-4 flex items-start justify-between">
            <Dialog.Title className="text-xl font-semibold">
              {mode === 'login' ? t('loginTitle') : t('registerTitle')}
            </Dialog.Title>
            <Dialog.Close className="rounded-md p-1 text-muted hover:bg-surface" aria-label={t('close')}>
              <svg aria-hidden="true" width="18" height="18" viewBox="0 0 18 18">
                <path d="m4 4 10 10M14 4 4 14" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </Dialog.Close>
          </div>
          <Dialog.Description className="mb-4 text-sm text-muted">
            {mode === 'login' ? t('loginIntro') : t('registerIntro')}
          </Dialog.Description>
          {mode === 'login' ? <LoginForm onDone={onClose} /> : <RegisterForm onDone={onClose} />}
          <p className="mt-4 text-center text-sm text-muted">
            {mode === 'login' ? t('noAccount') : t('haveAccount')}{' '}
            <button
              type="button"
              onClick={() => onSwitch(mode === 'login' ? 'reg' : 'login')}
              className="text-brand-700 underline"
            >
              {mode === 'login' ? t('registerTitle') : t('loginTitle')}
            </button>
          </p>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
