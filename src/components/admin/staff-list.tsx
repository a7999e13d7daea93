'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import type { ColumnDef } from '@tanstack/react-table';
import { useLocale } from 'next-intl';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { ADMIN_LOCALES, STAFF_ROLES, type StaffRole, staffInvite, staffUpdate } from '@/lib/admin/schemas';
import { HTML_LANG, LOCALE_LABEL, type Locale } from '@/lib/locales';
import { adminApi } from './api';
import { DataTable, ListSearch } from './data-table';
import { showApiError } from './form-errors';
import { useAdminTranslations as useTranslations } from './i18n';
import { can, useSession } from './session';
import { Alert, Button, formatWhen, Modal, PageHeading, SelectField, TextField } from './ui';
import { useList, useListQuery } from './use-list';

type StaffRow = {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  status: 'active' | 'disabled';
  /** False until they have used their setup link. */
  enrolled?: boolean;
  version: number;
  lastSeenAt: string | null;
  createdAt: string;
};

/** /admin/staff (owners): who has access, inviting someone, and changing a role or disabling an account. */
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
          // An active person who has not used their setup link yet is still only invited.
          const status =
            row.original.status === 'active' && row.original.enrolled === false ? 'invited' : row.original.status;
          const colours = {
            active: 'bg-emerald-100 text-emerald-900',
            disabled: 'bg-red-100 text-red-900',
            invited: 'bg-amber-100 text-amber-900',
          }[status];
          return (
            <span className={`rounded px-1.5 py-0.5 text-xs ${colours}`} data-testid="staff-status">
              {t(`statuses.${status}`)}
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
          onSaved={(row) => {
            setEditing(null);
            setNotice(t('updated', { name: row.name }));
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

function EditDialog({
  row,
  onClose,
  onSaved,
}: {
  row: StaffRow;
  onClose: () => void;
  onSaved: (row: StaffRow) => void;
}) {
  const t = useTranslations('admin.staff');
  const tr = useTranslations('admin.roles');
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
  const submit = handleSubmit(async (values) => {
    try {
      onSaved(await adminApi<StaffRow>(`/staff/${row.id}`, { method: 'PUT', body: values }));
    } catch (error) {
      showApiError(error, setError);
    }
  });
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
    </Modal>
  );
}
