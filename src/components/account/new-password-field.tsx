'use client';

import { useLocale } from 'next-intl';
import { type ComponentType, useState } from 'react';
import { FormField } from '@/components/forms/form-field';
import type { Locale } from '@/lib/locales';
import type { PasswordMeterProps, StrengthMessages } from './password-meter';

type Props = {
  id: string;
  label: string;
  hint: string;
  error?: string | undefined;
  /** The name of the form's e-mail field, so the meter can warn against using the address as the password. */
  emailField?: string;
};

type Loaded = { Meter: ComponentType<PasswordMeterProps>; messages: StrengthMessages };
let meter: Promise<Loaded> | undefined;

/**
 * A new password and its strength meter (docs/decisions/056-account-passwords.md). Only the field is part of the
 * page: the meter, its engine and its list of common passwords load when the field is first focused or typed in.
 * If they cannot load, the form works without them; the server checks the same rules on submit.
 */
export function NewPasswordField({ id, label, hint, error, emailField }: Props) {
  const locale = useLocale() as Locale;
  const [input, setInput] = useState<HTMLInputElement | null>(null);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const start = (field: HTMLInputElement) => {
    if (input) return;
    setInput(field);
    meter ??= import('./password-meter').then(async (m) => ({
      Meter: m.PasswordMeter,
      messages: await m.strengthMessages(locale),
    }));
    meter.then(
      (done) => setLoaded(done),
      () => {
        meter = undefined;
      },
    );
  };
  const meterId = `${id}-strength`;
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
        onFocus={(event) => start(event.currentTarget)}
        onInput={(event) => start(event.currentTarget)}
        required
      />
      <div id={meterId} data-testid="password-strength">
        {loaded && input ? (
          <loaded.Meter
            input={input}
            error={error}
            emailField={emailField}
            locale={locale}
            messages={loaded.messages}
          />
        ) : null}
      </div>
    </div>
  );
}
