import 'server-only';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { priceSchedule } from '@/lib/admin/prices-schemas';
import { rateHistoryAnswer } from '@/lib/admin/resources/prices/currencies';
import { type SCHEDULED_STATUSES, scheduledPriceRow } from '@/lib/admin/resources/prices/scheduled';
import { scheduledPriceChanges } from '../../db/schema';
import { keepRate, rateHistory, rateProblems, readCurrencies } from '../prices/rates';
import { cancelScheduled, DUE_ORDER, readScheduled, scheduleChange } from '../prices/scheduled';
import type { Binding } from '../resource/bind';

/**
 * Scheduled price changes (docs/decisions/042-scheduled-prices.md): made by the change form after its preview, with
 * the same change body a change made now takes (its own route below, checked against the row it changes), listed
 * pending first, cancelled while pending; applied at their time by src/server/admin/prices/scheduled.ts.
 */
export const scheduledPricesBinding: Binding = {
  read: (db, where) => readScheduled(db, where),
  sorts: { due: DUE_ORDER },
  filters: {
    status: (value) =>
      value === 'all' ? undefined : eq(scheduledPriceChanges.status, value as (typeof SCHEDULED_STATUSES)[number]),
  },
  actions: { cancel: ({ db, by, id }) => cancelScheduled(db, by.id, Number(id)) },
  routes: (router) => {
    router.route(
      {
        method: 'post',
        path: '/admin/prices/scheduled',
        summary: 'Schedule a price change from a time (docs/decisions/042-scheduled-prices.md)',
        body: priceSchedule,
        response: scheduledPriceRow,
        errors: [404],
        tag: 'Admin: prices/scheduled',
        auth: 'staff',
        permission: 'manageCommerce',
      },
      (c, { body }) => scheduleChange(c.get('db'), c.get('staff').id, body),
    );
  },
};

/** A currency's code in a path: three capital letters. */
const currencyCode = z.object({ id: z.string().regex(/^[A-Z]{3}$/, { error: 'api.field.invalid' }) });

/**
 * Currency rates: a rate from the moment it is saved, for quotes and new orders (orders keep theirs), never one for
 * USD, far from the current one only when confirmed, each kept in the rate history with who set it.
 */
export const currenciesBinding: Binding = {
  read: (db, where) => readCurrencies(db, where),
  check: async (_tx, input, before) =>
    before
      ? rateProblems(before as Parameters<typeof rateProblems>[0], input as { rate: string; confirm: boolean })
      : {},
  values: (input) => ({ rate: input.rate, updatedAt: sql`now()` }),
  afterWrite: (tx, code, input, by) => keepRate(tx, String(code), String(input.rate), by),
  routes: (router) => {
    router.route(
      {
        method: 'get',
        path: '/admin/prices/currencies/:id/rates',
        summary: "A currency's rates, newest first, with who set each",
        params: currencyCode,
        response: rateHistoryAnswer,
        errors: [404],
        tag: 'Admin: prices/currencies',
        auth: 'staff',
        permission: 'readCommerce',
      },
      (c, { params }) => rateHistory(c.get('db'), params.id),
    );
  },
};
