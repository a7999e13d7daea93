'use client';

import { useMemo } from 'react';
import type { ResourceDeclaration } from '@/lib/admin/resource';
import { useAdminTranslations } from '../i18n';

/**
 * A resource's words, from `admin.resources.<name>` (its title, fields, options and filters) and the words every
 * resource shares (`admin.resource`). tests/api/resource-messages.test.ts checks every declared key exists in the
 * three languages, so the casts here cannot name a missing message.
 */
export function useResourceText(resource: Pick<ResourceDeclaration, 'name'>) {
  const t = useAdminTranslations();
  // One object while the language stays: lists keep their columns (and the cells their elements) across renders.
  return useMemo(() => wordsOf(t, resource.name), [t, resource.name]);
}

function wordsOf(t: ReturnType<typeof useAdminTranslations>, name: string) {
  const resource = { name };
  const own = (key: string, values?: Record<string, string | number>) =>
    t(`admin.resources.${resource.name}.${key}` as never, values as never);
  const has = (key: string) => t.has(`admin.resources.${resource.name}.${key}` as never);
  const shared = (key: string, values?: Record<string, string | number>) =>
    t(`admin.resource.${key}` as never, values as never);
  return {
    own,
    has,
    shared,
    title: () => own('title'),
    field: (name: string) => own(`fields.${name}`),
    /** A field's label, or its name for a column the form does not show (a creation time). */
    fieldOrName: (name: string) => (has(`fields.${name}`) ? own(`fields.${name}`) : name),
    hint: (name: string) => (has(`fields.${name}Hint`) ? own(`fields.${name}Hint`) : undefined),
    option: (field: string, value: string) => own(`options.${field}.${value}`),
    filter: (name: string) => (has(`filters.${name}`) ? own(`filters.${name}`) : shared(`filters.${name}`)),
    filterOption: (name: string, value: string) =>
      has(`filterOptions.${name}.${value}`)
        ? own(`filterOptions.${name}.${value}`)
        : shared(`filterOptions.${name}.${value}`),
    searchHint: () => (has('searchHint') ? own('searchHint') : undefined),
    /** The resource's own words for a shared one, where it has them (a delete that says "withdraw instead"). */
    ownOrShared: (key: string, values?: Record<string, string | number>) =>
      has(key) ? own(key, values) : shared(key, values),
    /** A line under the title saying what the list is for, where the resource has one (`intro`). */
    intro: () => (has('intro') ? own('intro') : undefined),
  };
}
export type ResourceText = ReturnType<typeof useResourceText>;
