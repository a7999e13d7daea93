'use client';

import { type MouseEvent, useEffect, useState } from 'react';
import { AdminApiError, adminApi } from './api';
import { useDebounced } from './use-list';

/**
 * A Markdown body as the site will render it, asked of the server once typing pauses (~400 ms): the same
 * markdown-it renderer the public pages use (docs/decisions/049-markdown.md), so the preview never drifts from the
 * site and no parser ships to the browser. An older answer is dropped when a newer question is under way.
 */
export function useServerPreview<T extends { html: string }>(
  path: '/articles/preview' | '/announcements/preview',
  request: { body: string; locale?: string },
) {
  const { body, locale } = request;
  const settled = useDebounced(body, 400);
  const [preview, setPreview] = useState<T | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    adminApi<T>(path, {
      method: 'POST',
      body: locale === undefined ? { body: settled } : { locale, body: settled },
      signal: controller.signal,
    })
      .then((answer) => {
        setPreview(answer);
        setFailed(null);
      })
      .catch((e) => {
        if (controller.signal.aborted) return;
        setFailed(e instanceof AdminApiError ? e.messageKey : 'api.requestFailed');
      });
    return () => controller.abort();
  }, [path, locale, settled]);
  return { preview, failed, pending: settled !== body || (preview === null && failed === null) };
}

/** Links in a preview are shown, not followed: leaving would drop what was typed. */
export function stayHere(event: MouseEvent<HTMLDivElement>) {
  if ((event.target as HTMLElement).closest('a')) event.preventDefault();
}
