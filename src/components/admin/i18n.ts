'use client';

import { type createTranslator, type NamespaceKeys, type NestedKeyOf, useTranslations } from 'next-intl';
import type adminEn from '@/i18n/admin/en.json';
import type siteEn from '@/i18n/messages/en.json';

/**
 * The back office's messages (src/app/admin/messages.ts): its own namespace and the API's error keys. The
 * site's typing (src/i18n/global.d.ts) describes the public messages, so the back office checks its keys
 * against its own files instead.
 */
export type AdminMessages = { admin: (typeof adminEn)['admin']; api: (typeof siteEn)['api'] & (typeof adminEn)['api'] };

export const useAdminTranslations = useTranslations as unknown as <
  NestedKey extends NamespaceKeys<AdminMessages, NestedKeyOf<AdminMessages>> = never,
>(
  namespace?: NestedKey,
) => ReturnType<typeof createTranslator<AdminMessages, NestedKey>>;
