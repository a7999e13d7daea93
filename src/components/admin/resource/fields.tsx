'use client';

import { useLocale } from 'next-intl';
import type { ComponentType } from 'react';
import { type FieldErrors, type UseFormReturn, useFormContext } from 'react-hook-form';
import type { Field } from '@/lib/admin/resource';
import { ADMIN_LOCALES, type AdminLocale } from '@/lib/admin/schemas';
import { COUNTRY_CODES, countryName } from '@/lib/countries';
import { HTML_LANG, LOCALE_LABEL } from '@/lib/locales';
import type { ConflictRow } from '../conflict-view';
import { SelectField, TextAreaField, TextField, useErrorText } from '../ui';
import { type ResourceText, useResourceText } from './text';
import type { Choice } from './use-choices';
import { type FormValues, messageIn, unitsOf } from './values';

/** A part of a form only one resource has (a security group's rules), drawn inside the resource form. */
export type CustomField = ComponentType<{ field: Field; text: ResourceText; idPrefix: string }>;
/** How the 409 view compares a custom field: its parts, the saved row's beside what was typed. */
export type CustomConflict = (theirs: unknown, mine: unknown, text: ResourceText) => ConflictRow[];
const CUSTOM_FIELDS = new Map<string, { component: CustomField; conflict?: CustomConflict }>();

/** Registers the component a declaration's `custom` field names (and how a conflict over it is shown). */
export function registerCustomField(name: string, component: CustomField, conflict?: CustomConflict): void {
  CUSTOM_FIELDS.set(name, { component, conflict });
}

/** The 409 view's rows for a custom field, or none when it has no way of its own to compare. */
export function customConflict(field: Field): CustomConflict | undefined {
  return field.kind === 'custom' ? CUSTOM_FIELDS.get(field.component)?.conflict : undefined;
}

/** The name of a choice in the reader's language. */
export const choiceName = (choice: Choice, locale: AdminLocale) =>
  typeof choice.name === 'string' ? choice.name : choice.name[locale] || choice.name.en || choice.id;

/**
 * One field of a resource form, drawn for its kind, with its label, hint and translated error. Reads the form
 * from react-hook-form's context, so a custom part can read and write the same form.
 */
export function FormField({
  field,
  resource,
  choices,
  editing,
  idPrefix,
  labels,
}: {
  field: Field;
  resource: { name: string };
  choices: Record<string, Choice[] | undefined>;
  /** A saved row is being changed, or the screen set this field's value: a fixed field is shown, not changed. */
  editing: boolean;
  idPrefix: string;
  /** Where the labels are, when not the resource's `fields` (an action's own fields). */
  labels?: { label: (name: string) => string; hint: (name: string) => string | undefined };
}) {
  const form = useFormContext<FormValues>() as UseFormReturn<FormValues>;
  const text = useResourceText(resource);
  const errorText = useErrorText();
  const locale = useLocale() as AdminLocale;
  const errors = form.formState.errors as FieldErrors;
  const error = messageIn(errors[field.name]);
  const id = `${idPrefix}-${field.name}`;
  const label = (labels?.label ?? text.field)(field.name);
  const hint = field.hint ? (labels?.hint ?? text.hint)(field.name) : undefined;
  const common = { id, label, error, hint };
  // Under a field drawn here rather than by a labelled input of ui.tsx: its hint, then its translated error.
  const below = (
    <>
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700" data-testid={`${id}-error`}>
          {/* A list's own problem names it; a generic one of its items asks to choose from the list. */}
          {field.kind === 'reference' && /^api\.field\./.test(error) ? text.shared('invalidChoice') : errorText(error)}
        </p>
      ) : null}
    </>
  );
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].join(' ').trim() || undefined;

  switch (field.kind) {
    case 'localized':
    case 'localizedLines':
      return <LocalizedField field={field} text={text} idPrefix={idPrefix} />;
    case 'checkbox':
      return (
        <div>
          <label className="flex items-center gap-2 text-sm font-semibold">
            <input
              type="checkbox"
              id={id}
              className="h-4 w-4 accent-brand-600"
              aria-describedby={describedBy}
              aria-invalid={error ? true : undefined}
              disabled={field.fixed && editing}
              {...form.register(field.name)}
            />
            {label}
          </label>
          {below}
        </div>
      );
    case 'select':
      return (
        <SelectField {...common} disabled={field.fixed && editing} {...form.register(field.name)}>
          {field.options.map((o) => (
            <option key={o} value={o}>
              {text.option(field.name, o)}
            </option>
          ))}
        </SelectField>
      );
    case 'country':
      return (
        <SelectField {...common} {...form.register(field.name)}>
          <option value="">{text.shared('choose')}</option>
          {COUNTRY_CODES.map((code) => ({ code, name: countryName(code, HTML_LANG[locale]) }))
            .sort((a, b) => a.name.localeCompare(b.name, HTML_LANG[locale]))
            .map(({ code, name }) => (
              <option key={code} value={code}>
                {name} ({code})
              </option>
            ))}
        </SelectField>
      );
    case 'reference': {
      // The form re-renders on every change (it watches its values), so the other field's value is current here.
      const by = field.narrowedBy;
      const offered = narrowed(choices, field, by ? form.getValues(by.field) : undefined, form.getValues(field.name));
      if (field.multiple) {
        return (
          <fieldset className="rounded-lg border border-line p-3" aria-describedby={describedBy}>
            <legend className="px-1 text-sm font-semibold">{label}</legend>
            <div className="flex flex-wrap gap-x-4 gap-y-2">
              {(offered ?? []).map((choice) => (
                <label key={choice.id} className="flex items-center gap-2 text-sm">
                  <input type="checkbox" value={choice.id} className="h-4 w-4" {...form.register(field.name)} />
                  {choiceName(choice, locale)}
                  {choice.active === false ? (
                    <span className="text-xs text-muted">({text.shared('withdrawn')})</span>
                  ) : null}
                </label>
              ))}
            </div>
            {below}
          </fieldset>
        );
      }
      return (
        <SelectField
          {...common}
          aria-busy={offered === undefined}
          disabled={field.fixed && editing}
          {...form.register(field.name)}
        >
          <option value="">{text.shared(field.optional ? 'none' : 'choose')}</option>
          {(offered ?? []).map((choice) => (
            <option key={choice.id} value={choice.id}>
              {choiceName(choice, locale)}
              {choice.active === false ? ` (${text.shared('withdrawn')})` : ''}
            </option>
          ))}
        </SelectField>
      );
    }
    case 'readonly': {
      const value = form.getValues(field.name);
      // A new row has none yet: the screen that sets it gives it one.
      const shown =
        value === undefined || value === null
          ? '—'
          : field.format === 'cents'
            ? unitsOf(value)
            : field.format === 'microUsd'
              ? (Number(value ?? 0) / 1_000_000).toFixed(6)
              : field.format === 'percent'
                ? `${value ?? 0} %`
                : field.format === 'boolean'
                  ? text.shared(value ? 'yes' : 'no')
                  : field.format === 'option'
                    ? text.option(field.name, String(value ?? ''))
                    : String(value ?? '');
      return (
        <div>
          <p className="text-sm font-semibold">{label}</p>
          <p className="mt-1 whitespace-pre-wrap break-words text-sm text-muted" data-testid={id}>
            {shown}
          </p>
          {below}
        </div>
      );
    }
    case 'custom': {
      const Custom = CUSTOM_FIELDS.get(field.component)?.component;
      if (!Custom) throw new Error(`no custom field ${field.component}`);
      return <Custom field={field} text={text} idPrefix={idPrefix} />;
    }
    case 'textarea':
      return <TextAreaField {...common} rows={4} {...form.register(field.name)} />;
    default:
      return (
        <TextField
          {...common}
          readOnly={field.fixed && editing}
          type={
            field.kind === 'datetime'
              ? 'datetime-local'
              : field.kind === 'date'
                ? 'date'
                : field.kind === 'email'
                  ? 'email'
                  : 'text'
          }
          inputMode={
            field.kind === 'integer'
              ? 'numeric'
              : field.kind === 'money' || field.kind === 'decimal'
                ? 'decimal'
                : undefined
          }
          {...form.register(field.name)}
        />
      );
  }
}

/**
 * What a reference field offers: its source's rows, or, narrowed by another field, those the row chosen there lists
 * (a plan's regions), the value it holds kept so a saved row still shows it.
 */
function narrowed(
  choices: Record<string, Choice[] | undefined>,
  field: Extract<Field, { kind: 'reference' }>,
  chosenThere: unknown,
  held: unknown,
): Choice[] | undefined {
  const offered = choices[field.source];
  const by = field.narrowedBy;
  const listed = by
    ? choices[by.source]?.find((c) => c.id === String(chosenThere ?? ''))?.lists?.[field.source]
    : undefined;
  return listed && offered ? offered.filter((c) => listed.includes(c.id) || c.id === String(held ?? '')) : offered;
}

/** Text in three languages: one input each, English required, a language's own error under it. */
function LocalizedField({ field, text, idPrefix }: { field: Field; text: ResourceText; idPrefix: string }) {
  const form = useFormContext<FormValues>();
  const errors = form.formState.errors as FieldErrors;
  const own = (l: AdminLocale) => messageIn((errors[field.name] as Record<string, unknown> | undefined)?.[l]);
  const whole = messageIn(errors[field.name]);
  const lines = field.kind === 'localizedLines';
  const multiline = lines || (field.kind === 'localized' && field.multiline);
  const every = field.kind === 'localized' && field.every;
  return (
    <fieldset className="rounded-lg border border-line p-3">
      <legend className="px-1 text-sm font-semibold">{text.field(field.name)}</legend>
      {lines ? <p className="mb-2 text-xs text-muted">{text.shared('linesHint')}</p> : null}
      <div className="grid gap-3 desk:grid-cols-3">
        {ADMIN_LOCALES.map((l) => {
          const props = {
            id: `${idPrefix}-${field.name}-${l}`,
            label: `${LOCALE_LABEL[l]}${l === 'en' || every ? ` (${text.shared('required')})` : ''}`,
            // A problem with the whole value (none typed) shows under English, the language that is required.
            error: own(l) ?? (l === 'en' && whole && !ADMIN_LOCALES.some(own) ? whole : undefined),
            lang: l,
            ...form.register(`${field.name}.${l}`),
          };
          return multiline ? (
            <TextAreaField key={l} rows={lines ? 5 : 3} {...props} />
          ) : (
            <TextField key={l} {...props} />
          );
        })}
      </div>
    </fieldset>
  );
}
