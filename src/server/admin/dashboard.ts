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

/** The instants that bound the period: midnight of `from` and midnight after `to`, both in the period's zone. */
const lower = (p: Period) => sql`(${p.from}::date::timestamp at time zone ${p.tz})`;
const upper = (p: Period) => sql`((${p.to}::date + 1)::timestamp at time zone ${p.tz})`;
const day = (p: Period, column: SQL | PgColumn) => sql`(${column} at time zone ${p.tz})::date`;
/** Every day of the period, so a day with nothing on it is a row of zeros rather than missing. */
const everyDay = (p: Period) => sql`generate_series(${p.from}::date, ${p.to}::date, interval '1 day') as d(day)`;

/**
 * One count (or two) per day over `table`, grouped on `column`'s day in the period's zone. The range on the bare
 * column keeps the lookup on its index; the day of each row is computed only for the rows in range.
 */
async function perDay(
  db: Database,
  p: Period,
  table: PgTable,
  column: PgColumn,
  second: SQL | undefined,
): Promise<{ first: number[]; second: number[] }> {
  const result = await db.execute<{ first: number; second: number }>(sql`
    with counted as (
      select ${day(p, column)} as day, count(*) as first, count(*) filter (where ${second}) as second
        from ${table}
       where ${column} >= ${lower(p)} and ${column} < ${upper(p)}
       group by 1
    )
    select coalesce(c.first, 0)::int as first, coalesce(c.second, 0)::int as second
      from ${everyDay(p)}
      left join counted c on c.day = d.day::date
     order by d.day`);
  return { first: result.rows.map((r) => r.first), second: result.rows.map((r) => r.second) };
}

/** Paid orders and their totals per currency per day, by the day they were paid (refunds are not taken off). */
async function sales(db: Database, p: Period): Promise<NonNullable<DashboardSeries['sales']>> {
  const result = await db.execute<{ currency: string; orders: number; revenue: number }>(sql`
    with paid as (
      select ${day(p, orders.paidAt)} as day, ${orders.currency} as currency, count(*) as orders,
             sum(${orders.totalMinor}) as revenue
        from ${orders}
       where ${orders.paidAt} >= ${lower(p)} and ${orders.paidAt} < ${upper(p)}
       group by 1, 2
    )
    select c.currency, coalesce(paid.orders, 0)::int as orders, coalesce(paid.revenue, 0)::bigint as revenue
      from ${everyDay(p)}
     cross join unnest(${sql.raw(`array[${DASHBOARD_CURRENCIES.map((c) => `'${c}'`).join(',')}]`)}) as c(currency)
      left join paid on paid.day = d.day::date and paid.currency = c.currency
     order by c.currency, d.day`);
  const out = {} as NonNullable<DashboardSeries['sales']>;
  for (const currency of DASHBOARD_CURRENCIES) {
    const rows = result.rows.filter((r) => r.currency === currency);
    const orders = rows.map((r) => r.orders);
    const revenueMinor = rows.map((r) => Number(r.revenue));
    out[currency] = {
      orders,
      revenueMinor,
      totalOrders: orders.reduce((a, b) => a + b, 0),
      totalRevenueMinor: revenueMinor.reduce((a, b) => a + b, 0),
    };
  }
  return out;
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/** A zone the browser knows but PostgreSQL does not (their lists differ at the edges) is a bad field, not a 500. */
function unknownZone(error: unknown): boolean {
  const cause = error instanceof DrizzleQueryError ? error.cause : error;
  return (cause as { code?: string } | undefined)?.code === '22023' && /time zone/i.test(String(cause));
}

/**
 * The dashboard's numbers for a period, each section only for a role that may see it. Every number is an SQL
 * aggregate over the rows of the period (kept fast by the indexes on each table's date column), one per day of
 * the period with zeros on empty days.
 */
export async function dashboard(db: Database, role: StaffRole, query: DashboardQuery): Promise<DashboardSeries> {
  const p: Period = { from: query.from, to: query.to, tz: query.tz };
  const sections = new Set(dashboardSectionsFor(role));
  try {
    const [salesSeries, signups, coupons, groups] = await Promise.all([
      sections.has('sales') ? sales(db, p) : undefined,
      sections.has('signups') ? perDay(db, p, users, users.createdAt, isNotNull(users.activatedAt)) : undefined,
      sections.has('coupons')
        ? perDay(db, p, userCoupons, userCoupons.claimedAt, isNotNull(userCoupons.usedAt))
        : undefined,
      sections.has('groups')
        ? perDay(db, p, pintuanGroups, pintuanGroups.createdAt, eq(pintuanGroups.status, 'succeeded'))
        : undefined,
    ]);
    const days = Array.from({ length: daysBetween(p.from, p.to) }, (_, i) => addDays(p.from, i));
    const series: DashboardSeries = { ...p, days };
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
