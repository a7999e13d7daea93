'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import type { ColumnDef } from '@tanstack/react-table';
import { useLocale } from 'next-intl';
import { useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  ADMIN_LOCALES,
  STAFF_ROLES,
  type StaffRole,
  type StaffUpdate,
  staffInvite,
  staffUpdate,
} from '@/lib/admin/schemas';
import { HTML_LANG, LOCALE_LABEL, type Locale } from '@/lib/locales';
import { AdminApiError, adminApi } from './api';
import { DataTable, ListSearch } from './data-table';
import { showApiError } from './form-errors';
import { useAdminTranslations as useTranslations } from './i18n';
import { can, useSession } from './session';
import {
  Alert,
  Button,
  ConfirmDialog,
  formatWhen,
  Modal,
  PageHeading,
  SelectField,
  TextField,
  useErrorText,
} from './ui';
import { useList, useListQuery } from './use-list';

type StaffRow = {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  status: 'active' | 'disabled';
  /** Invited until a setup link is used (a new person, or one whose second factor was reset). */
  state: 'invited' | 'active' | 'disabled';
  version: number;
  lastSeenAt: string | null;
  createdAt: string;
};

/**
 * /admin/staff (owners): who has access, inviting someone, changing a role or disabling an account, and getting
 * someone back in: the invitation sent again, a second factor reset, or the person removed
 * (docs/product/back-office-api.md, "Recovering staff").
 */
export function StaffList() {
  const t = useTranslations('admin.staff');
  const tr = useTranslations('admin.roles');
  const locale = useLocale() as Locale;
  const { session } = useSession();
  const list = useListQuery({ sort: { id: 'createdAt', desc: true } });
  const [inviting, setInviting] = useState(false);
  const [editing, setEditing] = useState<StaffRow | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const result = useList<StaffRow>('/staff', list.query);
  const { error, reload } = result;

  const columns = useMemo<ColumnDef<StaffRow>[]>(
    () => [
      {
        id: 'name',
        header: t('columns.name'),
        cell: ({ row }) => (
          <span>
            <span className="block font-semibold">{row.original.name}</span>
            <span className="block text-xs text-muted">{row.original.email}</span>
          </span>
        ),
      },
      { id: 'role', header: t('columns.role'), cell: ({ row }) => tr(row.original.role) },
      {
        id: 'status',
        header: t('columns.status'),
        enableSorting: false,
        cell: ({ row }) => {
          const { state } = row.original;
          const colours = {
            active: 'bg-emerald-100 text-emerald-900',
            disabled: 'bg-red-100 text-red-900',
            invited: 'bg-amber-100 text-amber-900',
          }[state];
          return (
            <span className={`rounded px-1.5 py-0.5 text-xs ${colours}`} data-testid="staff-status">
              {t(`statuses.${state}`)}
            </span>
          );
        },
      },
      {
        id: 'lastSeenAt',
        header: t('columns.lastSeen'),
        cell: ({ row }) => formatWhen(row.original.lastSeenAt, HTML_LANG[locale]),
      },
      {
        id: 'createdAt',
        header: t('columns.created'),
        cell: ({ row }) => formatWhen(row.original.createdAt, HTML_LANG[locale]),
      },
      {
        id: 'actions',
        header: t('columns.actions'),
        enableSorting: false,
        cell: ({ row }) =>
          row.original.id === session?.staff.id ? (
            <span className="text-xs text-muted">{t('you')}</span>
          ) : (
            <button
              type="button"
              onClick={() => setEditing(row.original)}
              className="font-semibold text-brand-700 hover:underline"
            >
              {t('change')}
              <span className="sr-only"> {row.original.name}</span>
            </button>
          ),
      },
    ],
    [t, tr, locale, session?.staff.id],
  );

  if (!can(session?.staff.role, 'staff')) return <Alert messageKey="api.admin.forbidden" testId="forbidden" />;

  return (
    <>
      <PageHeading title={t('title')}>
        <Button onClick={() => setInviting(true)} data-testid="invite-open">
          {t('invite')}
        </Button>
      </PageHeading>
      {notice ? (
        <div className="mb-4">
          <Alert tone="success" testId="staff-notice">
            {notice}
          </Alert>
        </div>
      ) : null}
      <ListSearch id="staff-search" label={t('search')} value={list.search} onChange={list.setSearch} />
      {error ? <Alert messageKey={error} /> : null}
      <DataTable
        caption={t('title')}
        columns={columns}
        {...list.table(result)}
        getRowId={(row) => String(row.id)}
        testId="staff"
      />
      <InviteDialog
        open={inviting}
        onOpenChange={setInviting}
        onInvited={(row) => {
          setInviting(false);
          setNotice(t('invited', { email: row.email }));
          reload();
        }}
      />
      {editing ? (
        <EditDialog
          row={editing}
          onClose={() => setEditing(null)}
          onDone={(message) => {
            setEditing(null);
            setNotice(message);
            reload();
          }}
        />
      ) : null}
    </>
  );
}

function InviteDialog({
  open,
  onOpenChange,
  onInvited,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onInvited: (row: StaffRow) => void;
}) {
  const t = useTranslations('admin.staff');
  const tr = useTranslations('admin.roles');
  const locale = useLocale();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(staffInvite),
    defaultValues: {
      email: '',
      name: '',
      role: 'editor' as StaffRole,
      locale: locale as (typeof ADMIN_LOCALES)[number],
    },
  });
  const submit = handleSubmit(async (values) => {
    try {
      onInvited(await adminApi<StaffRow>('/staff/invite', { method: 'POST', body: values }));
    } catch (error) {
      showApiError(error, setError);
    }
  });
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={t('inviteTitle')} description={t('inviteText')}>
      <form onSubmit={submit} noValidate className="space-y-4" data-testid="invite-form">
        {errors.root?.server ? <Alert messageKey={errors.root.server.message} /> : null}
        <TextField
          id="invite-email"
          label={t('email')}
          type="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <TextField id="invite-name" label={t('name')} error={errors.name?.message} {...register('name')} />
        <SelectField id="invite-role" label={t('role')} error={errors.role?.message} {...register('role')}>
          {STAFF_ROLES.map((r) => (
            <option key={r} value={r}>
              {tr(r)}
            </option>
          ))}
        </SelectField>
        <SelectField
          id="invite-locale"
          label={t('language')}
          hint={t('languageHint')}
          error={errors.locale?.message}
          {...register('locale')}
        >
          {ADMIN_LOCALES.map((l) => (
            <option key={l} value={l}>
              {LOCALE_LABEL[l]}
            </option>
          ))}
        </SelectField>
        <Button type="submit" disabled={isSubmitting} className="w-full">
          {isSubmitting ? t('sending') : t('send')}
        </Button>
      </form>
    </Modal>
  );
}

type Action = 'disable' | 'reset' | 'remove';

/**
 * A person's role and status, and the ways back in for them. Disabling, resetting the second factor and removing
 * are each confirmed first; the version sent is the one shown, so a person changed meanwhile is never acted on
 * unseen.
 */
function EditDialog({
  row,
  onClose,
  onDone,
}: {
  row: StaffRow;
  onClose: () => void;
  onDone: (notice: string) => void;
}) {
  const t = useTranslations('admin.staff');
  const tr = useTranslations('admin.roles');
  const errorText = useErrorText();
  const [asking, setAsking] = useState<Action | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  /** The form's values while the disabling is being confirmed. */
  const pending = useRef<StaffUpdate | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(staffUpdate),
    defaultValues: {
      role: row.role,
      status: row.status,
      version: row.version,
    },
  });
  const save = async (values: StaffUpdate) => {
    try {
      const saved = await adminApi<StaffRow>(`/staff/${row.id}`, { method: 'PUT', body: values });
      onDone(t('updated', { name: saved.name }));
    } catch (error) {
      showApiError(error, setError);
    }
  };
  const submit = handleSubmit(async (values) => {
    // Disabling signs the person out at once: asked first.
    if (values.status === 'disabled' && row.status !== 'disabled') {
      pending.current = values;
      setFailure(null);
      setAsking('disable');
      return;
    }
    await save(values);
  });

  const act = async (action: Action) => {
    if (action === 'disable') {
      setAsking(null);
      if (pending.current) await save(pending.current);
      return;
    }
    setBusy(true);
    try {
      if (action === 'reset') {
        await adminApi(`/staff/${row.id}/reset-second-factor`, { method: 'POST', body: { version: row.version } });
        onDone(t('resetDone', { name: row.name }));
      } else {
        await adminApi(`/staff/${row.id}`, { method: 'DELETE', query: { version: row.version } });
        onDone(t('removed', { name: row.name }));
      }
    } catch (error) {
      setFailure(error instanceof AdminApiError ? error.messageKey : 'api.requestFailed');
    } finally {
      setBusy(false);
    }
  };

  const resend = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await adminApi(`/staff/${row.id}/resend-invitation`, { method: 'POST', body: { version: row.version } });
      onDone(t('resent', { email: row.email }));
    } catch (error) {
      setFailure(error instanceof AdminApiError ? error.messageKey : 'api.requestFailed');
    } finally {
      setBusy(false);
    }
  };

  const ask = (action: Action) => {
    setFailure(null);
    setAsking(action);
  };
  const confirmation = asking
    ? {
        disable: { title: t('disableTitle', { name: row.name }), text: t('disableText'), label: t('disableConfirm') },
        reset: { title: t('resetTitle', { name: row.name }), text: t('resetConfirmText'), label: t('resetConfirm') },
        remove: {
          title: t('removeTitle', { name: row.name }),
          text: t('removeConfirmText'),
          label: t('removeConfirm'),
        },
      }[asking]
    : null;

  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('editTitle', { name: row.name })}
      description={row.email}
    >
      <form onSubmit={submit} noValidate className="space-y-4" data-testid="staff-form">
        {errors.root?.server ? <Alert messageKey={errors.root.server.message} /> : null}
        <SelectField id="staff-role" label={t('role')} error={errors.role?.message} {...register('role')}>
          {STAFF_ROLES.map((r) => (
            <option key={r} value={r}>
              {tr(r)}
            </option>
          ))}
        </SelectField>
        <SelectField
          id="staff-status"
          label={t('columns.status')}
          error={errors.status?.message}
          {...register('status')}
        >
          <option value="active">{t('statuses.active')}</option>
          <option value="disabled">{t('statuses.disabled')}</option>
        </SelectField>
        <Button type="submit" disabled={isSubmitting} className="w-full">
          {isSubmitting ? t('saving') : t('save')}
        </Button>
      </form>
      <section aria-labelledby="staff-access" className="mt-6 space-y-4 border-t border-line pt-4">
        <h3 id="staff-access" className="text-base font-semibold">
          {t('access')}
        </h3>
        {failure && !asking ? <Alert messageKey={failure} testId="staff-action-error" /> : null}
        {row.state === 'invited' ? (
          <div className="space-y-2">
            <p className="text-sm text-muted">{t('resendText')}</p>
            <Button variant="secondary" onClick={() => void resend()} disabled={busy} data-testid="staff-resend">
              {t('resend')}
            </Button>
          </div>
        ) : null}
        {row.state === 'active' ? (
          <div className="space-y-2">
            <p className="text-sm text-muted">{t('resetText')}</p>
            <Button variant="secondary" onClick={() => ask('reset')} data-testid="staff-reset">
              {t('reset')}
            </Button>
          </div>
        ) : null}
        <div className="space-y-2">
          <p className="text-sm text-muted">{t('removeText')}</p>
          <button
            type="button"
            onClick={() => ask('remove')}
            className="rounded-md border border-red-300 bg-white px-4 py-2 text-sm font-semibold text-red-700 hover:bg-red-50"
            data-testid="staff-remove"
          >
            {t('remove')}
          </button>
        </div>
      </section>
      <ConfirmDialog
        open={confirmation !== null}
        onOpenChange={(open) => !open && setAsking(null)}
        title={confirmation?.title ?? ''}
        description={failure ? (errorText(failure) ?? '') : (confirmation?.text ?? '')}
        confirmLabel={confirmation?.label ?? ''}
        onConfirm={() => asking && void act(asking)}
        busy={busy}
      />
    </Modal>
  );
}
