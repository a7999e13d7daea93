'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import type en from '@/i18n/password-strength/en.json';
import type { Locale } from '@/lib/locales';
import { type Assessment, assessPassword, type Refusal } from './password-meter-engine';

/** The English file's shape; a language with fewer plural forms than English leaves the others out. */
export type StrengthMessages = Omit<typeof en, 'tooShort'> & {
  tooShort: Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };
};

/**
 * The meter's words, one small file per language loaded with it: kept out of the messages every page carries
 * (src/components/i18n/client-messages.tsx), since only a visitor choosing a password reads them.
 */
const STRENGTH_MESSAGES: Record<Locale, () => Promise<{ default: StrengthMessages }>> = {
  en: () => import('@/i18n/password-strength/en.json'),
  zh: () => import('@/i18n/password-strength/zh.json'),
  ja: () => import('@/i18n/password-strength/ja.json'),
};

let loaded: { locale: Locale; messages: Promise<StrengthMessages> } | undefined;

/** The words of a language, fetched once per page. */
function strengthMessages(locale: Locale): Promise<StrengthMessages> {
  if (loaded?.locale !== locale) loaded = { locale, messages: STRENGTH_MESSAGES[locale]().then((m) => m.default) };
  return loaded.messages;
}

/**
 * "3 more characters needed." The meter's words are plain text with one placeholder, `{level}` or `#`, and a
 * plural form per category where the language has them: a message formatter would have to travel with the meter,
 * and the bundler would share it with every page.
 */
function missingText(messages: StrengthMessages, locale: Locale, count: number): string {
  const forms = messages.tooShort;
  const form = forms[new Intl.PluralRules(locale).select(count)] ?? forms.other;
  return form.replace('#', String(count));
}

type Warning = keyof StrengthMessages['warnings'];
type Suggestion = keyof StrengthMessages['suggestions'];

const NOTHING = { words: '', suggestions: [] as string[] };

/**
 * What the meter says: the level in words, then why the server will refuse the password (unless the field's own
 * error already says so) or zxcvbn's warning; suggestions while the password is weak. zxcvbn names its warnings
 * and suggestions by key; a key these words lack is left out.
 */
function reading(
  messages: StrengthMessages,
  assessment: Assessment,
  locale: Locale,
  error: string | undefined,
  t: (key: Refusal) => string,
): { words: string; suggestions: string[] } {
  const refusal = assessment.refusal && assessment.refusal !== error ? assessment.refusal : null;
  const warning = assessment.warning && !assessment.refusal ? messages.warnings[assessment.warning as Warning] : null;
  const words = [
    messages.summary.replace('{level}', messages.levels[assessment.score]),
    refusal ? t(refusal) : null,
    refusal === 'validation.passwordLength' && assessment.missing > 0
      ? missingText(messages, locale, assessment.missing)
      : null,
    warning ?? null,
  ]
    .filter(Boolean)
    .join(' ');
  const suggestions =
    !assessment.refusal && assessment.score < 3
      ? assessment.suggestions.flatMap((key) => messages.suggestions[key as Suggestion] ?? [])
      : [];
  return { words, suggestions };
}

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
  const locale = useLocale() as Locale;
  const [messages, setMessages] = useState<StrengthMessages | null>(null);
  const [assessment, setAssessment] = useState<Assessment | null>(null);

  useEffect(() => {
    let current = true;
    // Without its words the meter stays silent; the form and the server's checks work as before.
    strengthMessages(locale).then(
      (words) => current && setMessages(words),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [locale]);

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

  const shown = messages && assessment ? { messages, assessment } : null;
  const { words, suggestions } = shown ? reading(shown.messages, shown.assessment, locale, error, t) : NOTHING;
  const score = shown?.assessment.score;

  return (
    <div className="mt-2" data-score={score}>
      {score !== undefined ? (
        <div aria-hidden="true" className="mb-1 flex gap-1">
          {BAR.map((colour, index) => (
            <span key={colour} className={`h-1.5 flex-1 rounded-full ${index <= score ? BAR[score] : 'bg-line'}`} />
          ))}
        </div>
      ) : null}
      {/* In the page from the start, empty, so the first reading is announced too. */}
      <p role="status" className="text-xs text-ink">
        {words}
      </p>
      {suggestions.length > 0 ? (
        <ul className="mt-1 list-disc ps-5 text-xs text-muted">
          {suggestions.map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
