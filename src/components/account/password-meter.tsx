'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { type Assessment, assessPassword } from './password-meter-engine';

/** How long typing must pause before the meter reads the password again and tells a screen reader. */
const SETTLE_MS = 350;

/** Bar colour per score; the words beside it say the same, so colour is never the only sign. */
const BAR = ['bg-red-600', 'bg-orange-500', 'bg-amber-500', 'bg-lime-600', 'bg-emerald-600'] as const;

export type PasswordMeterProps = {
  /** The password field it reads; it follows the field's own input events, so the form stays uncontrolled. */
  input: HTMLInputElement;
  /** The field's error: the meter does not repeat a refusal the field already shows. */
  error?: string | undefined;
  emailField?: string | undefined;
};

/**
 * The strength meter of a new password (docs/decisions/056-account-passwords.md), loaded with its engine when the
 * field is first used. Once typing pauses, a polite live region says how strong the password is and why, in words
 * and not by colour alone, and whether the server will refuse it; suggestions follow while it is weak.
 */
export function PasswordMeter({ input, error, emailField }: PasswordMeterProps) {
  const t = useTranslations();
  const [assessment, setAssessment] = useState<Assessment | null>(null);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        if (input.value === '') return setAssessment(null);
        const field = emailField ? input.form?.elements.namedItem(emailField) : null;
        setAssessment(assessPassword(input.value, field instanceof HTMLInputElement ? field.value.trim() : undefined));
      }, SETTLE_MS);
    };
    // What was typed while the meter loaded counts too.
    read();
    input.addEventListener('input', read);
    return () => {
      clearTimeout(timer);
      input.removeEventListener('input', read);
    };
  }, [input, emailField]);

  const refusal = assessment?.refusal && assessment.refusal !== error ? assessment.refusal : null;
  const warningKey = assessment?.warning ? `account.strength.warnings.${assessment.warning}` : null;
  const words = assessment
    ? [
        t('account.strength.summary', { level: t(`account.strength.levels.${assessment.score}`) }),
        refusal ? t(refusal) : null,
        refusal === 'validation.passwordLength' && assessment.missing > 0
          ? t('account.strength.tooShort', { count: assessment.missing })
          : null,
        !assessment.refusal && warningKey && t.has(warningKey as never) ? t(warningKey as never) : null,
      ]
        .filter(Boolean)
        .join(' ')
    : '';
  const suggestions =
    assessment && !assessment.refusal && assessment.score < 3
      ? assessment.suggestions.filter((key) => t.has(`account.strength.suggestions.${key}` as never))
      : [];

  return (
    <div className="mt-2" data-score={assessment?.score}>
      {assessment ? (
        <div aria-hidden="true" className="mb-1 flex gap-1">
          {BAR.map((colour, index) => (
            <span
              key={colour}
              className={`h-1.5 flex-1 rounded-full ${index <= assessment.score ? BAR[assessment.score] : 'bg-line'}`}
            />
          ))}
        </div>
      ) : null}
      {/* In the page from the start, empty, so the first reading is announced too. */}
      <p role="status" className="text-xs text-ink">
        {words}
      </p>
      {suggestions.length > 0 ? (
        <ul className="mt-1 list-disc ps-5 text-xs text-muted">
          {suggestions.map((key) => (
            <li key={key}>{t(`account.strength.suggestions.${key}` as never)}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
