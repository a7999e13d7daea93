import 'server-only';
import { DrizzleQueryError, eq, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import {
  addDays,
  DASHBOARD_CURRENCIES,
  type DashboardQuery,
  type DashboardSection,
  type DashboardSeries,
  daysBetween,
} from '@/lib/admin/dashboard-schemas';
import type { StaffRole } from '@/lib/admin/schemas';
import { invalidInput } from '../api/errors';
import type { Database } from '../db/client';
import { orders, pintuanGroups, userCoupons, users } from '../db/schema';
import { operatorNotices } from './notices';
import { may, type Permission } from './roles';

/**
 * Which role sees which part of the dashboard (docs/product/back-office-dashboard.md). Revenue is for the people
 * who run the commerce; support sees what customers ask it about (sign-ups, coupons, group-buys); every role,
 * editors included, sees how many people sign up and activate.
 */
export const DASHBOARD_SECTIONS: Record<DashboardSection, Permission> = {
  sales: 'manageCommerce',
  signups: 'readContent',
  coupons: 'support',
  groups: 'support',
};

export function dashboardSectionsFor(role: StaffRole): DashboardSection[] {
  return (Object.keys(DASHBOARD_SECTIONS) as DashboardSection[]).filter((s) => may(role, DASHBOARD_SECTIONS[s]));
}

type Period = { from: string; to: string; tz: string };

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/**
 * Every day of the period as its number from the first (`n.i`), so a day with nothing on it is a row of zeros
 * rather than missing. Whole numbers rather than a series of dates: PostgreSQL then knows how many days there are
 * and estimates the query's cost from them, not from a guess of a thousand rows.
 */
const everyDay = (p: Period) => sql`generate_series(0, ${daysBetween(p.from, p.to) - 1}::int) as n(i)`;
/**
 * `column` within day `n.i`: from its midnight to the next one in the period's zone (a day of 23 or 25 hours where
 * the clocks change). A range on the bare column is one range of its index per day; no row's time is converted to
 * a day, and nothing is hashed.
 */
const withinDay = (p: Period, column: PgColumn) =>
  sql`${column} >= ((${p.from}::date + n.i)::timestamp at time zone ${p.tz})
      and ${column} < ((${p.from}::date + n.i + 1)::timestamp at time zone ${p.tz})`;

/**
 * Runs a dashboard query with JIT compilation off: its cost grows with the days of the period, and past
 * PostgreSQL's threshold the compilation (tens of milliseconds on servers built with it) would cost more than the
 * counting it speeds up.
 */
async function counted<T extends Record<string, unknown>>(db: Database, query: SQL) {
  return db.transaction(
    async (tx) => {
      await tx.execute(sql`set local jit = off`);
      return tx.execute<T>(query);
    },
    { accessMode: 'read only' },
  );
}

/** Per day of the period: how many rows of `table` began that day (`column`), and how many of them are `second`. */
async function perDay(
  db: Database,
  p: Period,
  table: PgTable,
  column: PgColumn,
  second: SQL | undefined,
): Promise<{ first: number[]; second: number[] }> {
  const result = await counted<{ first: number; second: number }>(
    db,
    sql`
    select s.first::int as first, s.second::int as second
      from ${everyDay(p)}
     cross join lateral (
           select count(*) as first, count(*) filter (where ${second}) as second
             from ${table}
            where ${withinDay(p, column)}
           ) s
     order by n.i`,
  );
  return { first: result.rows.map((r) => r.first), second: result.rows.map((r) => r.second) };
}

/** Paid orders and their totals per currency per day, by the day they were paid (refunds are not taken off). */
async function sales(db: Database, p: Period): Promise<NonNullable<DashboardSeries['sales']>> {
  const columns = DASHBOARD_CURRENCIES.map(
    (currency) =>
      sql`count(*) filter (where ${orders.currency} = ${currency}) as ${sql.identifier(`${currency}_orders`)},
          coalesce(sum(${orders.totalMinor}) filter (where ${orders.currency} = ${currency}), 0)::bigint
            as ${sql.identifier(`${currency}_revenue`)}`,
  );
  const result = await counted<Record<string, number>>(
    db,
    sql`
    select s.*
      from ${everyDay(p)}
     cross join lateral (
           select ${sql.join(columns, sql`, `)}
             from ${orders}
            where ${withinDay(p, orders.paidAt)}
           ) s
     order by n.i`,
  );
  const out = {} as NonNullable<DashboardSeries['sales']>;
  for (const currency of DASHBOARD_CURRENCIES) {
    const orderCounts = result.rows.map((r) => Number(r[`${currency}_orders`]));
    const revenueMinor = result.rows.map((r) => Number(r[`${currency}_revenue`]));
    out[currency] = {
      orders: orderCounts,
      revenueMinor,
      totalOrders: sum(orderCounts),
      totalRevenueMinor: sum(revenueMinor),
    };
  }
  return out;
}

/** A zone the browser knows but PostgreSQL does not (their lists differ at the edges) is a bad field, not a 500. */
function unknownZone(error: unknown): boolean {
  const cause = error instanceof DrizzleQueryError ? error.cause : error;
  return (cause as { code?: string } | undefined)?.code === '22023' && /time zone/i.test(String(cause));
}

/**
 * The dashboard's numbers for a period, each section only for a role that may see it. Every number is an SQL
 * aggregate over the rows of the period (kept fast by the indexes on each table's date column), one per day of
 * the period with zeros on empty days. Above them, what the role must know about the site now (mail not sent).
 */
export async function dashboard(db: Database, role: StaffRole, query: DashboardQuery): Promise<DashboardSeries> {
  const p: Period = { from: query.from, to: query.to, tz: query.tz };
  const sections = new Set(dashboardSectionsFor(role));
  try {
    const [salesSeries, signups, coupons, groups, notices] = await Promise.all([
      sections.has('sales') ? sales(db, p) : undefined,
      sections.has('signups') ? perDay(db, p, users, users.createdAt, isNotNull(users.activatedAt)) : undefined,
      sections.has('coupons')
        ? perDay(db, p, userCoupons, userCoupons.claimedAt, isNotNull(userCoupons.usedAt))
        : undefined,
      sections.has('groups')
        ? perDay(db, p, pintuanGroups, pintuanGroups.createdAt, eq(pintuanGroups.status, 'succeeded'))
        : undefined,
      operatorNotices(db, role),
    ]);
    const days = Array.from({ length: daysBetween(p.from, p.to) }, (_, i) => addDays(p.from, i));
    const series: DashboardSeries = { ...p, days, notices };
    if (salesSeries) series.sales = salesSeries;
    if (signups)
      series.signups = {
        created: signups.first,
        activated: signups.second,
        totalCreated: sum(signups.first),
        totalActivated: sum(signups.second),
      };
    if (coupons)
      series.coupons = {
        claimed: coupons.first,
        used: coupons.second,
        totalClaimed: sum(coupons.first),
        totalUsed: sum(coupons.second),
      };
    if (groups)
      series.groups = {
        opened: groups.first,
        filled: groups.second,
        totalOpened: sum(groups.first),
        totalFilled: sum(groups.second),
      };
    return series;
  } catch (error) {
    if (unknownZone(error)) throw invalidInput({ tz: 'api.field.invalid' });
    throw error;
  }
}
