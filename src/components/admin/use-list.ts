'use client';

import type { OnChangeFn, SortingState } from '@tanstack/react-table';
import { useCallback, useEffect, useRef, useState } from 'react';
import { AdminApiError, adminApi, type Page } from './api';

/**
 * One page of a list from the server, fetched again whenever the query changes; a slower answer to an older
 * query is dropped, so typing in the search box never shows a stale page.
 */
export function useList<T>(path: string, query: Record<string, string | number | undefined>) {
  const { answer: page, loading, error, reload } = useAnswer<Page<T>>(path, query);
  return { page, loading, error, reload };
}

/**
 * The server's answer to `path` with `query`, asked again when the query changes or on `reload`; the request of an
 * older query is aborted, so its answer never replaces a newer one. `clear` drops the answer shown (the cursor
 * list, when its filters change). Shared by `useList` and `useCursorList`.
 */
export function useAnswer<A>(path: string, query: Record<string, string | number | undefined>) {
  const [answer, setAnswer] = useState<A | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [generation, setGeneration] = useState(0);
  const key = JSON.stringify(query);
  const latest = useRef<AbortController | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` is the query's value; the object is new each render
  useEffect(() => {
    latest.current?.abort();
    const controller = new AbortController();
    latest.current = controller;
    setLoading(true);
    adminApi<A>(path, { query: JSON.parse(key), signal: controller.signal })
      .then((next) => {
        setAnswer(next);
        setError(null);
      })
      .catch((e) => {
        if (controller.signal.aborted) return;
        // A refused query (a range that ends before it starts) says what is wrong with it, not only that it is.
        const field = e instanceof AdminApiError && e.fields ? Object.values(e.fields)[0] : undefined;
        setError(field ?? (e instanceof AdminApiError ? e.messageKey : 'api.requestFailed'));
      })
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, [path, key, generation]);

  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  const clear = useCallback(() => setAnswer(null), []);
  return { answer, loading, error, reload, clear };
}

/** A value that settles `ms` after the last change (the search box asks once the typing pauses). */
export function useDebounced<T>(value: T, ms = 300): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** A list's first order: the column the server sorts by and its direction. */
export type ListOrder = { id: string; desc: boolean };

/**
 * What a server-paged list asks for: the search (sent once the typing pauses), the order, the page and the rows a
 * page. Every change but a page change goes back to page 1, since page 4 of the old search or order is no page of
 * the new one. `query` is what `useList` sends (`page, rows, sort, dir, q`; a list adds its own filters to it);
 * `table(answer)` gives DataTable the page `useList` answered and these controls. Without `sort` the list has no
 * order to choose (the audit log).
 */
export function useListQuery({ sort }: { sort?: ListOrder } = {}) {
  const [search, setSearchText] = useState('');
  const q = useDebounced(search.trim());
  const [sorting, setSortingState] = useState<SortingState>(sort ? [sort] : []);
  const [page, setPage] = useState(1);
  const [rows, setRowsState] = useState(20);

  const setSearch = useCallback((text: string) => {
    setSearchText(text);
    setPage(1);
  }, []);
  const setSorting = useCallback<OnChangeFn<SortingState>>((order) => {
    setSortingState(order);
    setPage(1);
  }, []);
  const setRows = useCallback((next: number) => {
    setRowsState(next);
    setPage(1);
  }, []);

  const order = sorting[0];
  const query = {
    page,
    rows,
    sort: order?.id,
    dir: order ? (order.desc ? 'desc' : 'asc') : undefined,
    q: q || undefined,
  };
  const sortable = sort !== undefined;
  const table = <T>({ page: answer, loading }: { page: Page<T> | null; loading: boolean }) => ({
    data: answer?.items ?? [],
    total: answer?.total ?? 0,
    capped: answer?.capped,
    page,
    rows,
    sorting: sortable ? sorting : undefined,
    onSortingChange: sortable ? setSorting : undefined,
    onPageChange: setPage,
    onRowsChange: setRows,
    loading,
  });
  return { search, setSearch, sorting, setSorting, page, setPage, rows, setRows, query, table };
}
