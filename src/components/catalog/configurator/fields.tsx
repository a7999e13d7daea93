'use client';

import { type ReactNode, useId } from 'react';
import { useErrorText } from '@/components/forms/form-field';

const CONTROL = 'mt-1 block w-full rounded-md border border-line bg-white px-3 py-2 text-sm';

type FieldProps = {
  label: string;
  /** The configuration key the control sets (the form's field name). */
  name: string;
  /** An error key from the server's quote or order answer, shown under the control. */
  error?: string | undefined;
  className?: string;
};

/** A control with its label above it, and its error read out when it appears. */
function ConfigField({
  label,
  error,
  className,
  children,
}: Omit<FieldProps, 'name'> & { children: (id: string) => ReactNode }) {
  const errorText = useErrorText();
  const id = useId();
  return (
    <div className={`text-sm ${className ?? ''}`}>
      <label htmlFor={id} className="block">
        {label}
      </label>
      {children(id)}
      {error ? (
        <p className="mt-1 text-xs text-red-700" role="alert">
          {errorText(error)}
        </p>
      ) : null}
    </div>
  );
}

/** Every choice of the configurator is a native select: keyboard and screen readers work without script. */
export function ConfigSelect({
  value,
  onChange,
  children,
  ...field
}: FieldProps & { value: string; onChange: (value: string) => void; children: ReactNode }) {
  return (
    <ConfigField {...field}>
      {(id) => (
        <select id={id} className={CONTROL} value={value} onChange={(e) => onChange(e.target.value)} name={field.name}>
          {children}
        </select>
      )}
    </ConfigField>
  );
}

/** A whole number the customer types (disk size, quantity). */
export function ConfigNumber({
  value,
  onChange,
  min,
  max,
  step,
  ...field
}: FieldProps & {
  value: number | string;
  onChange: (value: string) => void;
  min: number;
  max: number;
  step?: number;
}) {
  return (
    <ConfigField {...field}>
      {(id) => (
        <input
          id={id}
          type="number"
          className={CONTROL}
          min={min}
          max={max}
          step={step}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          name={field.name}
        />
      )}
    </ConfigField>
  );
}
