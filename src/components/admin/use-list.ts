'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { AdminApiError, adminApi, type Page } from './api';

/**
 * One page of a list from the server, fetched again whenever the query changes; a slower answer to an older
 * query is dropped, so typing in the search box never shows a stale page.
 */
export function useList<T>(path: string, query: Record<string, string | number | undefined>) {
  const [page, setPage] = useState<Page<T> | null>(null);
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
    adminApi<Page<T>>(path, { query: JSON.parse(key), signal: controller.signal })
      .then((answer) => {
        setPage(answer);
        setError(null);
      })
      .catch((e) => {
        if (controller.signal.aborted) return;
        setError(e instanceof AdminApiError ? e.messageKey : 'api.requestFailed');
      })
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, [path, key, generation]);

  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  return { page, loading, error, reload };
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
