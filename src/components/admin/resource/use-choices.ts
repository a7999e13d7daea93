'use client';

import { useEffect, useState } from 'react';
import type { ChoiceSource, Field } from '@/lib/admin/resource';
import { adminApi } from '../api';

export type Choice = {
  id: string;
  name: string | Record<'en' | 'zh' | 'ja', string>;
  active?: boolean;
  /** The keys of other sources' rows this one goes with (a plan's regions). */
  lists?: Record<string, string[]>;
};

/**
 * The rows each reference field of a form offers (`GET /api/admin/choices/:source`), asked once per source when
 * the form opens. A source that fails to load offers nothing; the field's select then says so by being empty.
 */
export function useChoices(fields: readonly Field[]): {
  choices: Partial<Record<ChoiceSource, Choice[]>>;
  ready: boolean;
} {
  const sources = [...new Set(fields.flatMap((f) => (f.kind === 'reference' ? [f.source] : [])))].sort();
  const key = sources.join(',');
  const [choices, setChoices] = useState<Partial<Record<ChoiceSource, Choice[]>>>({});
  const [ready, setReady] = useState(sources.length === 0);

  useEffect(() => {
    if (key === '') return;
    const controller = new AbortController();
    Promise.all(
      key.split(',').map((source) =>
        adminApi<{ items: Choice[] }>(`/choices/${source}`, { signal: controller.signal })
          .then((answer) => [source, answer.items] as const)
          .catch(() => [source, [] as Choice[]] as const),
      ),
    ).then((loaded) => {
      if (controller.signal.aborted) return;
      setChoices(Object.fromEntries(loaded));
      setReady(true);
    });
    return () => controller.abort();
  }, [key]);

  return { choices, ready };
}
