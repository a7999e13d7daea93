'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { AdminApiError, adminApi } from './api';

/**
 * The server's answer to `path` with `query`, asked again when the query changes or on `reload`; the request of an
 * older query is aborted, so its answer never replaces a newer one. `clear` drops the answer shown (the cursor
 * list, when its filters change).
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
