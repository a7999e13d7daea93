'use client';

import { type ComponentType, useState } from 'react';
import { FormField } from '@/components/forms/form-field';
import type { PasswordMeterProps } from './password-meter';

type Props = {
  id: string;
  label: string;
  hint: string;
  error?: string | undefined;
  /** The name of the form's e-mail field, so the meter can warn against using the address as the password. */
  emailField?: string;
};

let meter: Promise<ComponentType<PasswordMeterProps>> | undefined;

/**
 * A new password and its strength meter (docs/decisions/056-account-passwords.md). Only the field is part of the
 * page: the meter, its engine and its list of common passwords load when the field is first focused or typed in.
 * If they cannot load, the form works without them; the server checks the same rules on submit.
 */
export function NewPasswordField({ id, label, hint, error, emailField }: Props) {
  const [input, setInput] = useState<HTMLInputElement | null>(null);
  const [Meter, setMeter] = useState<ComponentType<PasswordMeterProps> | null>(null);
  const start = (field: HTMLInputElement) => {
    if (input) return;
    setInput(field);
    meter ??= import('./password-meter').then((m) => m.PasswordMeter);
    meter.then(
      (component) => setMeter(() => component),
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
        {Meter && input ? <Meter input={input} error={error} emailField={emailField} /> : null}
      </div>
    </div>
  );
}
