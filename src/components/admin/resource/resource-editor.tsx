'use client';

import Link from 'next/link';
import { useRouter, useSearchParams } from 'next/navigation';
import { useLocale } from 'next-intl';
import { useCallback, useEffect, useState } from 'react';
import { may } from '@/lib/admin/permissions';
import type { ResourceDeclaration } from '@/lib/admin/resource';
import type { AdminLocale } from '@/lib/admin/schemas';
import { AdminApiError, adminApi } from '../api';
import { useSession } from '../session';
import { Alert, buttonClass, PageHeading } from '../ui';
import { ResourceForm, type ResourceRow } from './resource-form';
import { type Notice, ResourceNotice, useRowActions } from './row-actions';
import { useResourceText } from './text';
import { rowName } from './values';

/**
 * A row of a resource on a page of its own (`detail: 'page'`, docs/engineering.md#back-office): `/admin<path>/<key>`
 * to change it, `/admin<path>/new` to make one. The same form as everywhere (a long one: three languages with their
 * previews), the row's history, actions and deletion above it. A new row's page, and a row whose key a save
 * changed, are reached again at their own address (`?created=1`, `?moved=<old key>`), which the notice says.
 */
export function ResourceEditor({ resource, rowKey }: { resource: ResourceDeclaration; rowKey: string | null }) {
  const text = useResourceText(resource);
  const locale = useLocale() as AdminLocale;
  const router = useRouter();
  const params = useSearchParams();
  const role = useSession().session?.staff.role;
  const writes = resource.access.write !== false && may(role, resource.access.write);
  const [row, setRow] = useState<ResourceRow | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice | null>(() => {
    const moved = params.get('moved');
    if (params.get('created') !== '1' && !moved) return null;
    const movedText = moved && text.has('movedFrom') ? ` ${text.own('movedFrom', { key: moved })}` : '';
    return { tone: 'success', text: `${text.shared('saved')}${movedText}` };
  });
  const list = `/admin${resource.path}`;
  const keyOf = (r: ResourceRow) => String(r[resource.key.field]);
  const nameOf = (r: ResourceRow) => rowName(resource, r, locale);
  const pageOf = (key: string) => `${list}/${encodeURIComponent(key)}`;

  const load = useCallback(
    async (signal?: AbortSignal) => {
      if (rowKey === null) return;
      try {
        setRow(await adminApi<ResourceRow>(`/${resource.name}/${encodeURIComponent(rowKey)}`, { signal }));
      } catch (error) {
        if (!signal?.aborted) setLoadError(error instanceof AdminApiError ? error.messageKey : 'api.requestFailed');
      }
    },
    [resource.name, rowKey],
  );
  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  const actions = useRowActions({
    resource,
    role,
    text,
    nameOf,
    keyOf,
    onOpen: () => undefined,
    onChanged: (next, what) => {
      if (what === 'delete' && next.tone === 'success') {
        router.push(list);
        return;
      }
      setNotice(next);
      void load();
    },
  });

  if (loadError) return <Alert messageKey={loadError} testId="resource-load-error" />;
  if (rowKey === null && !writes) return <Alert messageKey="api.admin.forbidden" testId="forbidden" />;
  if (rowKey !== null && row === null) return <p aria-busy="true" className="h-64" />;

  return (
    <>
      <PageHeading title={row ? nameOf(row) : text.own('new')}>
        <Link href={list} className={buttonClass.secondary}>
          {text.shared('back')}
        </Link>
      </PageHeading>
      {row ? (
        <div className="-mt-4 mb-4 flex flex-wrap items-center justify-between gap-3 text-sm">
          <span className="text-muted">
            {keyOf(row)} · v{String(row.version)}
          </span>
          {actions.cell(row)}
        </div>
      ) : null}
      <ResourceNotice notice={notice} />
      {resource.access.write !== false && !writes ? (
        <div className="mb-4">
          <Alert tone="info">{text.shared('readOnly')}</Alert>
        </div>
      ) : null}
      <ResourceForm
        resource={resource}
        row={row}
        readOnly={!writes}
        onSaved={(saved) => {
          const key = keyOf(saved);
          if (rowKey === null) router.replace(`${pageOf(key)}?created=1`);
          else if (key !== rowKey) router.replace(`${pageOf(key)}?moved=${encodeURIComponent(rowKey)}`);
          else {
            setRow(saved);
            setNotice({ tone: 'success', text: text.shared('saved') });
          }
        }}
      />
      {actions.dialogs}
    </>
  );
}
