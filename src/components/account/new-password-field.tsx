'use client';

import { useTranslations } from 'next-intl';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { FormField } from '@/components/forms/form-field';
import type { Assessment } from './password-meter-engine';

type Engine = typeof import('./password-meter-engine');
let engine: Promise<Engine> | undefined;

/** The meter's engine and its list of common passwords: fetched on first use, then shared by every field. */
function loadEngine(): Promise<Engine> {
  engine ??= import('./password-meter-engine').catch((error: unknown) => {
    engine = undefined;
    throw error;
  });
  return engine;
}

/** How long typing must pause before the meter reads the password again and tells a screen reader. */
const SETTLE_MS = 350;

/** Bar colour per score; the words beside it say the same, so colour is never the only sign. */
const BAR = ['bg-red-600', 'bg-orange-500', 'bg-amber-500', 'bg-lime-600', 'bg-emerald-600'] as const;

type Props = {
  id: string;
  label: string;
  hint: string;
  error?: string | undefined;
  /** The name of the form's e-mail field, so the meter can warn against using the address as the password. */
  emailField?: string;
};

/**
 * A new password with its strength meter (docs/decisions/056-account-passwords.md). The meter's engine loads when
 * the field is first focused, not with the page; once typing pauses, a polite live region says how strong the
 * password is and why, in words and not by colour alone, and whether the server will refuse it.
 */
export function NewPasswordField({ id, label, hint, error, emailField }: Props) {
  const t = useTranslations();
  const [password, setPassword] = useState('');
  const [email, setEmail] = useState<string | undefined>();
  const [assessment, setAssessment] = useState<Assessment | null>(null);
  const [failed, setFailed] = useState(false);
  const latest = useRef(0);

  useEffect(() => {
    if (password === '') {
      setAssessment(null);
      return;
    }
    const run = ++latest.current;
    const timer = setTimeout(() => {
      loadEngine().then(
        ({ assessPassword }) => {
          if (run === latest.current) setAssessment(assessPassword(password, email));
        },
        // Without the engine the form still works: the server checks the same rules on submit.
        () => setFailed(true),
      );
    }, SETTLE_MS);
    return () => clearTimeout(timer);
  }, [password, email]);

  const onInput = (event: FormEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    setPassword(input.value);
    const field = emailField ? input.form?.elements.namedItem(emailField) : null;
    setEmail(field instanceof HTMLInputElement ? field.value.trim() : undefined);
  };

  const meterId = `${id}-strength`;
  const showMeter = password !== '' && !failed;
  const current = assessment && showMeter ? assessment : null;
  // The field's own error already says why the server refused; the meter does not say it twice.
  const refusal = current?.refusal && current.refusal !== error ? current.refusal : null;

  return (
    <div>
      <FormField
        id={id}
        name="password"
        type="password"
        autoComplete="new-password"
        label={label}
        hint={hint}
        error={error}
        describedBy={meterId}
        onFocus={() => void loadEngine().catch(() => setFailed(true))}
        onInput={onInput}
        required
      />
      <div id={meterId} className="mt-2" data-testid="password-strength" data-score={current?.score}>
        {current ? (
          <div aria-hidden="true" className="mb-1 flex gap-1">
            {BAR.map((colour, index) => (
              <span
                key={colour}
                className={`h-1.5 flex-1 rounded-full ${index <= current.score ? BAR[current.score] : 'bg-line'}`}
              />
            ))}
          </div>
        ) : null}
        {/* Always in the page, so the first reading is announced too; updated only once typing pauses. */}
        <p role="status" className="text-xs text-ink">
          {!showMeter
            ? null
            : current
              ? [
                  t('account.strength.summary', { level: t(`account.strength.levels.${current.score}`) }),
                  refusal ? t(refusal) : null,
                  current.missing > 0 && refusal === 'validation.passwordLength'
                    ? t('account.strength.tooShort', { count: current.missing })
                    : null,
                  !refusal && current.warning && t.has(`account.strength.warnings.${current.warning}` as never)
                    ? t(`account.strength.warnings.${current.warning}` as never)
                    : null,
                ]
                  .filter(Boolean)
                  .join(' ')
              : t('account.strength.checking')}
        </p>
        {current && current.suggestions.length > 0 && current.score < 3 ? (
          <ul className="mt-1 list-disc ps-5 text-xs text-muted">
            {current.suggestions
              .filter((key) => t.has(`account.strength.suggestions.${key}` as never))
              .map((key) => (
                <li key={key}>{t(`account.strength.suggestions.${key}` as never)}</li>
              ))}
          </ul>
        ) : null}
      </div>
    </div>
  );
}
