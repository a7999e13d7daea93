import type { Field, ResourceDeclaration } from '@/lib/admin/resource';
import { ADMIN_LOCALES, type AdminLocale } from '@/lib/admin/schemas';

/**
 * A row as a form holds it and back: times as a `datetime-local` input shows them (the browser's time zone),
 * money in units rather than cents, lists of lines as one text a line. The one place these conversions live.
 */
export type FormValues = Record<string, unknown>;

/** `2026-05-01T09:30` in the browser's time zone, as a datetime-local input shows it. */
export function toLocalInput(iso: unknown): string {
  const date = new Date(String(iso ?? ''));
  if (Number.isNaN(date.getTime())) return '';
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

/** What a datetime-local input holds, as the ISO time the API takes ('' when it holds none). */
export function fromLocalInput(text: unknown): string {
  const date = new Date(String(text ?? ''));
  return Number.isNaN(date.getTime()) ? '' : date.toISOString();
}

const perLocale = <T>(make: (l: AdminLocale) => T) =>
  Object.fromEntries(ADMIN_LOCALES.map((l) => [l, make(l)])) as Record<AdminLocale, T>;

/** Cents as the units a person types (`1250` → `12.50`). */
export const unitsOf = (cents: unknown) =>
  cents === null || cents === undefined || cents === '' ? '' : (Number(cents) / 100).toFixed(2);

/** Units typed as cents (`12.5` → 1250); text that is no amount goes to the schema as it is, to be refused there. */
export function centsOf(units: unknown): unknown {
  const text = String(units ?? '').trim();
  if (text === '') return undefined;
  return /^\d+(\.\d{1,2})?$/.test(text) ? Math.round(Number(text) * 100) : text;
}

/** A row (or a new row's values) as the form holds it. */
export function formValuesOf(fields: readonly Field[], row: FormValues): FormValues {
  const values: FormValues = { ...row };
  for (const field of fields) {
    const value = row[field.name];
    switch (field.kind) {
      case 'localized': {
        const texts = (value ?? {}) as Partial<Record<AdminLocale, string>>;
        values[field.name] = perLocale((l) => texts[l] ?? '');
        break;
      }
      case 'localizedLines': {
        const lists = (value ?? {}) as Partial<Record<AdminLocale, string[]>>;
        values[field.name] = perLocale((l) => (lists[l] ?? []).join('\n'));
        break;
      }
      case 'datetime':
        values[field.name] = toLocalInput(value);
        break;
      case 'date':
        values[field.name] = String(value ?? '').slice(0, 10);
        break;
      case 'money':
        values[field.name] = unitsOf(value);
        break;
      case 'checkbox':
        values[field.name] = Boolean(value);
        break;
      case 'reference':
        values[field.name] = field.multiple ? ((value ?? []) as unknown[]) : (value ?? '');
        break;
      case 'integer':
      case 'decimal':
        values[field.name] = value === null || value === undefined ? '' : String(value);
        break;
      default:
        values[field.name] = value ?? '';
    }
  }
  return values;
}

/** What the form holds, in the shape the API takes (and the schema checks). */
export function payloadOf(fields: readonly Field[], values: FormValues): FormValues {
  const out: FormValues = {};
  for (const field of fields) {
    if (field.kind === 'readonly') continue;
    if (field.when && !field.when(values)) continue;
    const value = values[field.name];
    switch (field.kind) {
      case 'localizedLines':
        out[field.name] = perLocale((l) =>
          String((value as Record<string, unknown> | undefined)?.[l] ?? '')
            .split('\n')
            .map((line) => line.trim())
            .filter(Boolean),
        );
        break;
      case 'datetime':
        out[field.name] = fromLocalInput(value);
        break;
      case 'money':
        out[field.name] = centsOf(value);
        break;
      case 'integer':
        out[field.name] = value === '' || value === null ? undefined : value;
        break;
      case 'reference':
        out[field.name] = field.optional && value === '' ? null : value;
        break;
      default:
        out[field.name] = value;
    }
  }
  return out;
}

/** The first message anywhere under a field's errors (a list's line, one language of a text). */
export function messageIn(errors: unknown): string | undefined {
  if (!errors || typeof errors !== 'object') return undefined;
  const own = (errors as { message?: unknown }).message;
  if (typeof own === 'string') return own;
  for (const value of Object.values(errors)) {
    const found = messageIn(value);
    if (found) return found;
  }
  return undefined;
}

/**
 * What names a row in headings, confirmations and the row actions' labels: its `title` field (or the column of
 * that name, when the column makes it: a title kept among the row's texts), in the reader's language.
 */
export function rowName(resource: ResourceDeclaration, row: FormValues, locale: AdminLocale): string {
  const column = resource.columns.find((c) => c.name === resource.title);
  const value = column?.value ? column.value(row) : row[resource.title];
  const texts = value && typeof value === 'object' ? (value as Partial<Record<AdminLocale, string>>) : undefined;
  return String((texts ? texts[locale] || texts.en : value) || `#${String(row[resource.key.field])}`);
}
