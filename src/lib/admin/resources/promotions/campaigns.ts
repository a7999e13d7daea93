import { z } from 'zod';
import { isSitePath, isWebAddress } from '../../../site-path';
import { defineResource, localizedRow, versioned } from '../../resource';
import { localizedText } from '../../schemas';
import {
  blankText,
  code,
  endsAfterStart,
  inDays,
  instant,
  NO_UNDO,
  SCHEDULE_STATES,
  scheduleColumns,
  scheduledList,
  scheduleFields,
  scheduleRow,
  sort,
} from './common';

export const campaignInput = z
  .object({
    slug: code,
    title: localizedText(120),
    subtitle: localizedText(200),
    body: localizedText(2000),
    ctaPath: z
      .string({ error: 'api.field.required' })
      .trim()
      .max(300, { error: 'api.field.tooLong' })
      // A path on this site as a browser resolves it (docs/decisions/053-site-paths.md): `/.//host` is another site.
      .refine(isSitePath, { error: 'api.admin.promotionsPathInvalid' }),
    ctaLabel: localizedText(40),
    accent: z
      .string({ error: 'api.field.required' })
      .trim()
      .regex(/^#[0-9a-fA-F]{6}$/, { error: 'api.admin.promotionsAccentInvalid' }),
    /** A site path or an http(s) address; empty or null for none (kept as null). */
    imageUrl: z
      .string({ error: 'api.field.invalid' })
      .trim()
      .max(500, { error: 'api.field.tooLong' })
      .refine((v) => v === '' || isSitePath(v) || isWebAddress(v, ['http:', 'https:']), {
        error: 'api.admin.promotionsImageInvalid',
      })
      .nullish(),
    popup: z.boolean({ error: 'api.field.invalid' }).default(false),
    startsAt: instant,
    endsAt: instant,
    sort,
  })
  .superRefine(endsAfterStart);

/**
 * Where a campaign is shown now (docs/product/states.md#promotional-pop-up): the pop-up and banner (with the
 * campaigns page), the campaigns page only because another pop-up comes first (`behind`) or because it is no
 * pop-up (`page`), or nowhere yet or any more.
 */
export const CAMPAIGN_SHOWN = ['popup', 'behind', 'page', 'upcoming', 'ended'] as const;

/**
 * The campaigns of /activity/promotion; the running one marked `popup` that comes first (the lowest sort, then the
 * latest start) is also the banner under the header and the pop-up on every page, and each row says where it is
 * shown now and why. Only shown, never referred to: they can be deleted.
 */
export const campaignsResource = defineResource({
  name: 'campaigns',
  path: '/promotions/campaigns',
  audit: 'promotion',
  table: 'promotions',
  changes: ['promotions'],
  key: { field: 'id', type: 'number' },
  input: campaignInput,
  row: z.object({
    id: z.number().int(),
    slug: z.string(),
    title: localizedRow,
    subtitle: localizedRow,
    body: localizedRow,
    ctaPath: z.string(),
    ctaLabel: localizedRow,
    accent: z.string(),
    popup: z.boolean(),
    ...scheduleRow,
    sort: z.number().int(),
    imageUrl: z.string().nullable(),
    ...versioned,
    state: z.enum(SCHEDULE_STATES),
    shown: z.enum(CAMPAIGN_SHOWN),
    /** The title of the campaign that is the pop-up instead (`behind`). */
    shownInstead: localizedRow.nullable(),
  }),
  access: { read: 'readCommerce', write: 'manageCommerce', delete: 'manageCommerce' },
  undo: NO_UNDO,
  list: scheduledList,
  columns: [
    { name: 'title', format: 'localized' },
    // Where it is on the site now and why (the pop-up flag, the schedule and the campaigns before it), rather than
    // the flag alone.
    { name: 'shown', format: 'option', below: [{ name: 'shownInstead', format: 'localized' }] },
    { name: 'ctaPath', format: 'code' },
    { name: 'imageUrl', format: 'code' },
    ...scheduleColumns,
  ],
  fields: [
    { name: 'title', kind: 'localized' },
    { name: 'subtitle', kind: 'localized' },
    { name: 'body', kind: 'localized', multiline: true },
    { name: 'ctaLabel', kind: 'localized' },
    { name: 'ctaPath', kind: 'link', hint: true },
    { name: 'imageUrl', kind: 'link', hint: true },
    { name: 'slug', kind: 'code', hint: true },
    { name: 'accent', kind: 'text', hint: true },
    { name: 'popup', kind: 'checkbox', hint: true },
    ...scheduleFields,
    { name: 'sort', kind: 'integer', hint: true },
  ],
  blank: () => ({
    title: blankText(),
    subtitle: blankText(),
    body: blankText(),
    ctaLabel: blankText(),
    ctaPath: '/activity/promotion',
    imageUrl: '',
    slug: '',
    accent: '#0284c7',
    popup: false,
    startsAt: inDays(0),
    endsAt: inDays(30),
    sort: 0,
  }),
  title: 'title',
  duplicate: 'slug',
});
