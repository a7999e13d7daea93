'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { may } from '@/lib/admin/permissions';
import type { Action, ResourceDeclaration } from '@/lib/admin/resource';
import type { StaffRole } from '@/lib/admin/schemas';
import { AdminApiError, adminApi } from '../api';
import { showApiError } from '../form-errors';
import { Alert, Button, buttonClass, ConfirmDialog, Modal, useErrorText } from '../ui';
import { FormField } from './fields';
import { HistoryDialog } from './history-dialog';
import type { ResourceRow } from './resource-form';
import type { ResourceText } from './text';
import { useChoices } from './use-choices';
import { type FormValues, formValuesOf, payloadOf } from './values';

export type Notice = { tone: 'success' | 'error'; text: string };

/** What the last save, deletion or action did, said where a screen reader hears it. */
export function ResourceNotice({ notice }: { notice: Notice | null }) {
  return (
    <div aria-live="polite" className="mb-4 empty:mb-0" data-testid="resource-notice">
      {notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : null}
    </div>
  );
}

/**
 * What can be done to a row of a list: open it, see its history (in a dialog of its own), delete it, and each
 * declared action the role may take (approve, cancel, retry). An action with fields asks for them in a dialog; one
 * without asks to confirm.
 * Every call is checked again on the server; these buttons only spare a role a refusal.
 */
export function useRowActions({
  resource,
  role,
  text,
  nameOf,
  keyOf,
  onOpen,
  onChanged,
}: {
  resource: ResourceDeclaration;
  role: StaffRole | undefined;
  text: ResourceText;
  nameOf: (row: ResourceRow) => string;
  keyOf: (row: ResourceRow) => string;
  onOpen: (row: ResourceRow) => ReactNode | undefined;
  /** After a deletion or an action, with what it was (a page of one row leaves when it is deleted). */
  onChanged: (notice: Notice, what: Action | 'delete') => void;
}) {
  const errorText = useErrorText();
  const writes = resource.access.write !== false && may(role, resource.access.write);
  const deletes = resource.access.delete !== false && may(role, resource.access.delete);
  const [confirming, setConfirming] = useState<{ row: ResourceRow; action: Action | 'delete' } | null>(null);
  const [asking, setAsking] = useState<{ row: ResourceRow; action: Action } | null>(null);
  const [busy, setBusy] = useState(false);
  const [history, setHistory] = useState<ResourceRow | null>(null);
  const path = (row: ResourceRow) => `/${resource.name}/${encodeURIComponent(keyOf(row))}`;
  const actions = (resource.actions ?? []).filter((a) => may(role, a.permission));

  const run = async (row: ResourceRow, action: Action | 'delete', body?: Record<string, unknown>) => {
    if (action === 'delete') {
      await adminApi(path(row), { method: 'DELETE', query: { version: Number(row.version) } });
      return text.shared('deleted');
    }
    await adminApi(`${path(row)}/${action.name}`, { method: 'POST', body: body ?? {} });
    return text.own(`actions.${action.name}.done`, { name: nameOf(row) });
  };

  const confirm = async () => {
    if (!confirming) return;
    setBusy(true);
    try {
      onChanged({ tone: 'success', text: await run(confirming.row, confirming.action) }, confirming.action);
    } catch (e) {
      onChanged(
        { tone: 'error', text: errorText(e instanceof AdminApiError ? e.messageKey : 'api.requestFailed') ?? '' },
        confirming.action,
      );
    } finally {
      setBusy(false);
      setConfirming(null);
    }
  };

  const cell = (row: ResourceRow) => {
    const opened = onOpen(row);
    const name = nameOf(row);
    return (
      <span className="flex flex-wrap gap-x-3 gap-y-1">
        {opened}
        {writes ? (
          <button
            type="button"
            className={buttonClass.link}
            onClick={() => setHistory(row)}
            aria-label={`${text.shared('history')}: ${name}`}
          >
            {text.shared('history')}
          </button>
        ) : null}
        {actions
          .filter((a) => !a.when || a.when(row))
          .map((a) => (
            <button
              key={a.name}
              type="button"
              className={a.tone === 'danger' ? 'font-semibold text-red-700 hover:underline' : buttonClass.link}
              onClick={() => (a.input ? setAsking({ row, action: a }) : setConfirming({ row, action: a }))}
              aria-label={`${text.own(`actions.${a.name}.label`)}: ${name}`}
              data-testid={`action-${a.name}`}
            >
              {text.own(`actions.${a.name}.label`)}
            </button>
          ))}
        {deletes ? (
          <button
            type="button"
            className="font-semibold text-red-700 hover:underline"
            onClick={() => setConfirming({ row, action: 'delete' })}
            aria-label={`${text.shared('delete')}: ${name}`}
            data-testid="delete"
          >
            {text.shared('delete')}
          </button>
        ) : null}
      </span>
    );
  };

  const confirmingAction = confirming?.action;
  const dialogs = (
    <>
      <HistoryDialog
        path={history ? path(history) : null}
        title={history ? `${text.shared('history')}: ${nameOf(history)}` : ''}
        text={text}
        onClose={() => setHistory(null)}
      />
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => (open ? undefined : setConfirming(null))}
        title={
          confirmingAction === 'delete' || !confirmingAction
            ? text.shared('deleteTitle')
            : text.own(`actions.${confirmingAction.name}.title`)
        }
        description={
          !confirming
            ? ''
            : confirming.action === 'delete'
              ? text.ownOrShared('deleteText', { name: nameOf(confirming.row) })
              : text.own(`actions.${confirming.action.name}.text`, { name: nameOf(confirming.row) })
        }
        confirmLabel={
          confirmingAction === 'delete' || !confirmingAction
            ? text.shared('delete')
            : text.own(`actions.${confirmingAction.name}.label`)
        }
        tone={confirmingAction === 'delete' || confirmingAction?.tone === 'danger' ? 'danger' : 'primary'}
        onConfirm={() => void confirm()}
        busy={busy}
      />
      <Modal
        open={asking !== null}
        onOpenChange={(open) => (open ? undefined : setAsking(null))}
        title={asking ? `${text.own(`actions.${asking.action.name}.title`)}: ${nameOf(asking.row)}` : ''}
      >
        {asking ? (
          <ActionForm
            resource={resource}
            action={asking.action}
            text={text}
            onDone={async (body) => {
              const done = await run(asking.row, asking.action, body);
              setAsking(null);
              onChanged({ tone: 'success', text: done }, asking.action);
            }}
          />
        ) : null}
      </Modal>
    </>
  );
  return { cell, dialogs, writes };
}

/** The fields an action asks for, checked with its schema, sent with it; a refusal shows at its field. */
function ActionForm({
  resource,
  action,
  text,
  onDone,
}: {
  resource: ResourceDeclaration;
  action: Action;
  text: ResourceText;
  onDone: (body: Record<string, unknown>) => Promise<void>;
}) {
  const fields = action.fields ?? [];
  const { choices, ready } = useChoices(fields);
  const form = useForm<FormValues>({
    resolver: zodResolver(action.input as z.ZodType<FormValues, FormValues>),
    defaultValues: formValuesOf(fields, {}),
  });
  const labels = {
    label: (name: string) => text.own(`actions.${action.name}.fields.${name}`),
    hint: (name: string) => text.own(`actions.${action.name}.fields.${name}Hint`),
  };
  if (!ready) return <p aria-busy="true" className="h-24" />;
  return (
    <FormProvider {...form}>
      <form
        noValidate
        className="space-y-4"
        onSubmit={form.handleSubmit(async () => {
          try {
            await onDone(payloadOf(fields, form.getValues()));
          } catch (error) {
            showApiError(error, form.setError);
          }
        })}
      >
        <p className="text-sm text-muted">{text.own(`actions.${action.name}.text`, { name: '' })}</p>
        {form.formState.errors.root?.server ? <Alert messageKey={form.formState.errors.root.server.message} /> : null}
        {fields.map((f) => (
          <FormField
            key={f.name}
            field={f}
            resource={resource}
            choices={choices}
            editing={false}
            idPrefix={`${resource.name}-${action.name}`}
            labels={labels}
          />
        ))}
        <Button
          type="submit"
          variant={action.tone === 'danger' ? 'danger' : 'primary'}
          disabled={form.formState.isSubmitting}
        >
          {text.own(`actions.${action.name}.label`)}
        </Button>
      </form>
    </FormProvider>
  );
}
