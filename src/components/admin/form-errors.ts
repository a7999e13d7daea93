'use client';

import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { AdminApiError } from './api';

/**
 * Puts an API refusal on the form: each field problem (`fields: {name: key}`) next to its field, anything else
 * as the form's own error (`root.server`). What was typed stays as it is.
 */
export function showApiError<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>): void {
  const key = error instanceof AdminApiError ? error.messageKey : 'api.requestFailed';
  const fields = error instanceof AdminApiError ? error.fields : undefined;
  if (fields && Object.keys(fields).length > 0) {
    let focused = false;
    for (const [name, message] of Object.entries(fields)) {
      setError(name as Path<T>, { type: 'server', message }, { shouldFocus: !focused });
      focused = true;
    }
  }
  if (!fields || key !== 'api.invalidInput') setError('root.server', { type: 'server', message: key });
}
