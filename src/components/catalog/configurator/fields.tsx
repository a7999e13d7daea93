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
  /** Said under the control and read with it (why a choice was changed, say). */
  note?: ReactNode;
  className?: string;
};

/** A control with its label above it, and its error read out when it appears. */
function ConfigField({
  label,
  error,
  note,
  className,
  children,
}: Omit<FieldProps, 'name'> & { children: (id: string, describedBy: string | undefined) => ReactNode }) {
  const errorText = useErrorText();
  const id = useId();
  // A note is outside the label: it describes the control (aria-describedby) and is not part of its name.
  if (note) {
    return (
      <div className={`text-sm ${className ?? ''}`}>
        <ConfigField label={label} error={error}>
          {(inner) => children(inner, `${id}-note`)}
        </ConfigField>
        <p id={`${id}-note`} className="mt-1 text-xs text-amber-800">
          {note}
        </p>
      </div>
    );
  }
  return (
    <div className={`text-sm ${className ?? ''}`}>
      <label htmlFor={id} className="block">
        {label}
      </label>
      {children(id, undefined)}
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
      {(id, describedBy) => (
        <select
          id={id}
          className={CONTROL}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          name={field.name}
          aria-describedby={describedBy}
        >
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

/** A line of text the customer types (a company name, a tax id); `onBlur` for a value that is priced when left. */
export function ConfigText({
  value,
  onChange,
  onBlur,
  autoComplete,
  ...field
}: FieldProps & { value: string; onChange: (value: string) => void; onBlur?: () => void; autoComplete?: string }) {
  return (
    <ConfigField {...field}>
      {(id) => (
        <input
          id={id}
          type="text"
          className={CONTROL}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          onBlur={onBlur}
          name={field.name}
          autoComplete={autoComplete}
        />
      )}
    </ConfigField>
  );
}
