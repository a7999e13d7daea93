'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useLocale } from 'next-intl';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { z } from 'zod';
import type { ResourceDeclaration } from '@/lib/admin/resource';
import { ADMIN_LOCALES, type AdminLocale } from '@/lib/admin/schemas';
import { LOCALE_LABEL } from '@/lib/locales';
import { AdminApiError, adminApi } from '../api';
import { type ConflictRow, ConflictView } from '../conflict-view';
import { showApiError } from '../form-errors';
import { Alert, Button, ConfirmDialog } from '../ui';
import { customConflict, FormField } from './fields';
import { useResourceText } from './text';
import { useChoices } from './use-choices';
import { type FormValues, formValuesOf, payloadOf, rowName } from './values';

export type ResourceRow = Record<string, unknown> & { version?: number };

/**
 * The form of any resource (docs/engineering.md#back-office): its declared fields, checked in the browser with the
 * schema the API checks with, saved with the version it was read at. A save over someone else's newer one (409)
 * shows theirs beside what was typed here, field by field, and loses nothing typed until "use theirs" is chosen.
 */
export function ResourceForm({
  resource,
  row,
  preset,
  readOnly = false,
  onSaved,
}: {
  resource: ResourceDeclaration;
  /** The saved row, or null for a new one. */
  row: ResourceRow | null;
  /** Values a new row starts with that the screen sets (the sale an item belongs to): fixed fields keep them. */
  preset?: Record<string, unknown>;
  /** Shown to a role that may read but not write it: every field disabled, no save. */
  readOnly?: boolean;
  onSaved: (saved: ResourceRow) => void;
}) {
  const text = useResourceText(resource);
  const locale = useLocale() as AdminLocale;
  const { choices, ready } = useChoices(resource.fields);
  const [version, setVersion] = useState(Number(row?.version ?? 0));
  const [conflict, setConflict] = useState<ResourceRow | null>(null);
  /** A change the declaration asks about first (`confirm`), while it is being asked. */
  const [asking, setAsking] = useState<{ field: string; value: string } | null>(null);
  const form = useForm<FormValues>({
    // The schema checks what would be sent, not the form's own shape (money in units, lists as text).
    resolver: zodResolver(
      z.preprocess((values: FormValues) => payloadOf(resource.fields, values), resource.input) as unknown as z.ZodType<
        FormValues,
        FormValues
      >,
    ),
    defaultValues: formValuesOf(resource.fields, row ?? { ...(resource.blank() as FormValues), ...preset }),
    // Read-only: every input the form registers is disabled, and a part of a form with buttons of its own reads
    // `formState.disabled`. Not a disabled fieldset around everything: what is there to be read, such as a
    // preview that scrolls, must stay reachable by keyboard (axe counts all a disabled fieldset holds as disabled).
    disabled: readOnly || undefined,
  });
  const { handleSubmit, reset, getValues, setError, watch, formState } = form;
  const values = watch();
  const keyValue = row?.[resource.key.field];
  const base = `/${resource.name}`;

  const save = async (over: number) => {
    const body = payloadOf(resource.fields, getValues());
    try {
      if (row === null) {
        onSaved(await adminApi<ResourceRow>(base, { method: 'POST', body }));
        return;
      }
      const saved = await adminApi<ResourceRow>(`${base}/${encodeURIComponent(String(keyValue))}`, {
        method: 'PUT',
        body: { ...body, version: over },
      });
      // The form stays open on a page: it holds the row as saved (the server trims), at its new version.
      setConflict(null);
      setVersion(Number(saved.version));
      reset(formValuesOf(resource.fields, saved));
      onSaved(saved);
    } catch (error) {
      if (error instanceof AdminApiError && error.status === 409 && error.current) {
        setConflict(error.current as ResourceRow);
        return;
      }
      showApiError(error, setError);
    }
  };

  /** The first field whose change to a value the declaration confirms this save would make. */
  const toConfirm = (values: FormValues) =>
    row === null
      ? undefined
      : resource.fields.find(
          (f) =>
            f.confirm?.includes(String(values[f.name])) &&
            values[f.name] !== row[f.name] &&
            (!f.when || f.when(values)),
        );
  const submit = () => {
    const values = getValues();
    const field = toConfirm(values);
    if (!field) return save(version);
    setAsking({ field: field.name, value: String(values[field.name]) });
  };
  const confirmKey = (part: string) => (asking ? `confirm.${asking.field}.${asking.value}.${part}` : '');
  const named = { name: row ? rowName(resource, row, locale) : '' };

  const conflictRows = (theirs: ResourceRow): ConflictRow[] => {
    const their = formValuesOf(resource.fields, theirs);
    const mine = getValues();
    const shown = (value: unknown) => (Array.isArray(value) ? value.join(', ') : String(value ?? ''));
    return resource.fields.flatMap((f) => {
      const custom = customConflict(f);
      if (custom) return custom(their[f.name], mine[f.name], text);
      return f.kind === 'localized' || f.kind === 'localizedLines'
        ? ADMIN_LOCALES.map((l) => ({
            label: `${LOCALE_LABEL[l]} · ${text.field(f.name)}`,
            theirs: shown((their[f.name] as Record<string, unknown> | undefined)?.[l]),
            mine: shown((mine[f.name] as Record<string, unknown> | undefined)?.[l]),
          }))
        : [{ label: text.field(f.name), theirs: shown(their[f.name]), mine: shown(mine[f.name]) }];
    });
  };

  // The fields mount once their choices are there, so each select shows the saved value, not its first option.
  if (!ready) return <p aria-busy="true" className="h-64" />;

  const idPrefix = `${resource.name}-form`;
  return (
    <FormProvider {...form}>
      <form onSubmit={handleSubmit(submit)} noValidate className="space-y-4" data-testid="resource-form">
        {conflict ? (
          <ConflictView
            title={text.shared('conflictTitle')}
            rows={conflictRows(conflict)}
            version={Number(conflict.version)}
            updatedAt={typeof conflict.updatedAt === 'string' ? conflict.updatedAt : undefined}
            locale={locale}
            busy={formState.isSubmitting}
            onTakeTheirs={() => {
              reset(formValuesOf(resource.fields, conflict));
              setVersion(Number(conflict.version));
              setConflict(null);
            }}
            onOverwrite={handleSubmit(() => save(Number(conflict.version)))}
          />
        ) : null}
        {formState.errors.root?.server ? (
          <Alert messageKey={formState.errors.root.server.message} testId="resource-error" />
        ) : null}
        <div className="space-y-4">
          {resource.fields
            .filter((f) => !f.when || f.when(values))
            .map((f) => (
              <FormField
                key={f.name}
                field={f}
                resource={resource}
                choices={choices}
                editing={row !== null || (preset !== undefined && f.name in preset)}
                idPrefix={idPrefix}
              />
            ))}
        </div>
        {readOnly ? null : (
          <div className="flex flex-wrap gap-3 pt-2">
            <Button type="submit" disabled={formState.isSubmitting} data-testid="resource-save">
              {formState.isSubmitting ? text.shared('saving') : text.ownOrShared(row === null ? 'create' : 'save')}
            </Button>
          </div>
        )}
      </form>
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(open) => (open ? undefined : setAsking(null))}
        title={asking ? text.own(confirmKey('title'), named) : ''}
        description={asking ? text.own(confirmKey('text'), named) : ''}
        confirmLabel={asking ? text.own(confirmKey('label')) : ''}
        busy={formState.isSubmitting}
        onConfirm={() => {
          setAsking(null);
          void save(version);
        }}
      />
    </FormProvider>
  );
}
