import { timestamp } from 'drizzle-orm/pg-core';

/** The three site languages (docs/product/screens.md#languages-and-addresses). Repeated here so the schema imports nothing from the app. */
export type DbLocale = 'en' | 'zh' | 'ja';

/**
 * Operator-facing translated text: one JSON object keyed by locale (docs/design.md#data).
 * English is required; it is the fallback shown (and logged) when a translation is missing.
 */
export type Localized = { en: string; zh?: string; ja?: string };
export type LocalizedList = { en: string[]; zh?: string[]; ja?: string[] };

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
export const at = (name: string) => timestamp(name, { withTimezone: true });
