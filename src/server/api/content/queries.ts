import 'server-only';
import { and, asc, count, desc, eq, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import { int, isoTime } from '@/lib/api/answers';
import { LOCALES, type Locale } from '@/lib/locales';
import type { ContactTopic } from '@/lib/validation/content-forms';
import type { Database } from '../../db/client';
import { companyHistory, contactMessages, jobDepartments, jobLocations, jobs, reviews } from '../../db/schema';
import { localize } from '../../localize';
import { enqueueMail } from '../../mail/outbox';
import { contactMail } from '../../mail/templates';

// The read and write side of the content pages (docs/decisions/014-content-pages.md): rating summary and reviews, company history, jobs
// and the contact form. Pages and the API call the same functions, so both show the same rows.

// ---------------------------------------------------------------------------------------------------------------
// Rating summary and reviews
// ---------------------------------------------------------------------------------------------------------------

/** docs/product/entities.md#content: ratingValue is a string (one decimal), reviewCount the number of approved reviews. */
export const ratingSummaryAnswer = z.object({
  reviewCount: int().describe('the number of approved reviews'),
  ratingValue: z.string().describe('their average rating, one decimal: "4.6"'),
});
export type RatingSummary = z.infer<typeof ratingSummaryAnswer>;

export async function ratingSummary(db: Database): Promise<RatingSummary> {
  const [row] = await db
    .select({ reviewCount: count(), average: sql<string | null>`avg(${reviews.rating})::numeric(3,1)::text` })
    .from(reviews)
    .where(eq(reviews.status, 'approved'));
  return { reviewCount: row?.reviewCount ?? 0, ratingValue: row?.average ?? '0' };
}

/** What the public sees of a review: never the author's account, only the name they chose to show. */
export const publicReviewAnswer = z.object({
  id: int(),
  authorName: z.string(),
  locale: z.enum(LOCALES),
  rating: int(),
  body: z.string(),
  createdAt: isoTime(),
});
export type PublicReview = z.infer<typeof publicReviewAnswer>;

const publicColumns = {
  id: reviews.id,
  authorName: reviews.authorName,
  locale: reviews.locale,
  rating: reviews.rating,
  body: reviews.body,
  createdAt: reviews.createdAt,
};

const newestFirst = [desc(reviews.createdAt), desc(reviews.id)];

function toPublic(row: { createdAt: Date } & Omit<PublicReview, 'createdAt'>): PublicReview {
  return { ...row, createdAt: row.createdAt.toISOString() };
}

/** Approved reviews, newest first, in every language unless one is asked for. */
export async function listApprovedReviews(
  db: Database,
  options: { page: number; row: number; locale?: Locale | undefined },
): Promise<{ items: PublicReview[]; total: number }> {
  const where = and(
    eq(reviews.status, 'approved'),
    options.locale === undefined ? undefined : eq(reviews.locale, options.locale),
  );
  const [rows, totals] = await Promise.all([
    db
      .select(publicColumns)
      .from(reviews)
      .where(where)
      .orderBy(...newestFirst)
      .limit(options.row)
      .offset((options.page - 1) * options.row),
    db.select({ total: count() }).from(reviews).where(where),
  ]);
  return { items: rows.map(toPublic), total: totals[0]?.total ?? 0 };
}

/**
 * The reviews home shows: the newest written in the visitor's language first, then the newest in the others, so
 * a visitor reads their own language first and still sees customers elsewhere (decision 014). The visitor's
 * language takes `ownShare` of the `count` places while other reviews exist to fill the rest, all of them
 * otherwise.
 */
export async function listReviewsFor(
  db: Database,
  locale: Locale,
  options: { count: number; ownShare: number },
): Promise<PublicReview[]> {
  const approved = eq(reviews.status, 'approved');
  const [own, others] = await Promise.all([
    db
      .select(publicColumns)
      .from(reviews)
      .where(and(approved, eq(reviews.locale, locale)))
      .orderBy(...newestFirst)
      .limit(options.count),
    db
      .select(publicColumns)
      .from(reviews)
      .where(and(approved, ne(reviews.locale, locale)))
      .orderBy(...newestFirst)
      .limit(options.count),
  ]);
  const ownShown = Math.min(own.length, Math.max(options.ownShare, options.count - others.length));
  return [...own.slice(0, ownShown), ...others.slice(0, options.count - ownShown)].map(toPublic);
}

/** A review posted: it waits for moderation. */
export const pendingReviewAnswer = z.object({ id: int(), status: z.literal('pending') });

export async function createPendingReview(
  db: Database,
  input: { userId: number; authorName: string; rating: number; body: string; locale: Locale },
): Promise<z.infer<typeof pendingReviewAnswer>> {
  const [row] = await db
    .insert(reviews)
    .values({ ...input, status: 'pending' })
    .returning({ id: reviews.id });
  if (!row) throw new Error('reviews insert returned no row');
  return { id: row.id, status: 'pending' };
}

export type ModerationReview = PublicReview & { status: 'pending' | 'approved' | 'rejected'; userId: number | null };

// ---------------------------------------------------------------------------------------------------------------
// Company history (/about)
// ---------------------------------------------------------------------------------------------------------------

export const milestoneAnswer = z.object({ id: int(), year: int(), month: int(), title: z.string(), body: z.string() });
export type Milestone = z.infer<typeof milestoneAnswer>;

export async function listHistory(
  db: Database,
  locale: Locale,
  options: { year?: number | undefined; order?: 'asc' | 'desc' } = {},
): Promise<Milestone[]> {
  const direction = options.order === 'desc' ? desc : asc;
  const rows = await db
    .select()
    .from(companyHistory)
    .where(options.year === undefined ? undefined : eq(companyHistory.year, options.year))
    .orderBy(direction(companyHistory.year), direction(companyHistory.month), direction(companyHistory.id));
  return rows.map((r) => ({
    id: r.id,
    year: r.year,
    month: r.month,
    title: localize(r.title, locale, `history ${r.id}`),
    body: localize(r.body, locale, `history ${r.id}`),
  }));
}

// ---------------------------------------------------------------------------------------------------------------
// Jobs (/jobs)
// ---------------------------------------------------------------------------------------------------------------

const codeAndName = z.object({ code: z.string(), name: z.string() });
export const jobFacetAnswer = codeAndName.extend({ count: int().describe('open jobs there') });
export type JobFacet = z.infer<typeof jobFacetAnswer>;

export const jobAnswer = z.object({
  id: int(),
  department: codeAndName,
  location: codeAndName,
  employmentType: z.string(),
  title: z.string(),
  summary: z.string(),
  responsibilities: z.array(z.string()),
  requirements: z.array(z.string()),
  postedAt: isoTime(),
});
export type Job = z.infer<typeof jobAnswer>;

export const jobSearchAnswer = z.object({
  jobs: z.array(jobAnswer),
  departments: z.array(jobFacetAnswer),
  locations: z.array(jobFacetAnswer),
});
export type JobSearch = z.infer<typeof jobSearchAnswer>;

/**
 * Open jobs, newest first, narrowed by department, location or id; with every department and location and
 * how many open jobs each has (facet counts ignore the filters, so a visitor sees where else to look).
 */
export async function searchJobs(
  db: Database,
  locale: Locale,
  filter: { department?: string | undefined; location?: string | undefined; id?: number | undefined } = {},
): Promise<JobSearch> {
  const [rows, departments, locations, open] = await Promise.all([
    db
      .select()
      .from(jobs)
      .where(
        and(
          eq(jobs.active, true),
          filter.department === undefined ? undefined : eq(jobs.department, filter.department),
          filter.location === undefined ? undefined : eq(jobs.location, filter.location),
          filter.id === undefined ? undefined : eq(jobs.id, filter.id),
        ),
      )
      .orderBy(desc(jobs.postedAt), asc(jobs.id)),
    db.select().from(jobDepartments).orderBy(asc(jobDepartments.sort), asc(jobDepartments.code)),
    db.select().from(jobLocations).orderBy(asc(jobLocations.sort), asc(jobLocations.code)),
    db.select({ department: jobs.department, location: jobs.location }).from(jobs).where(eq(jobs.active, true)),
  ]);
  const departmentName = new Map(departments.map((d) => [d.code, localize(d.name, locale, `department ${d.code}`)]));
  const locationName = new Map(locations.map((l) => [l.code, localize(l.name, locale, `location ${l.code}`)]));
  const tally = (key: 'department' | 'location', code: string) => open.filter((j) => j[key] === code).length;
  const list = (key: 'department' | 'location', items: { code: string }[], names: Map<string, string>) =>
    items.map((i) => ({ code: i.code, name: names.get(i.code) ?? i.code, count: tally(key, i.code) }));
  return {
    jobs: rows.map((r) => ({
      id: r.id,
      department: { code: r.department, name: departmentName.get(r.department) ?? r.department },
      location: { code: r.location, name: locationName.get(r.location) ?? r.location },
      employmentType: r.employmentType,
      title: localize(r.title, locale, `job ${r.id}`),
      summary: localize(r.summary, locale, `job ${r.id}`),
      responsibilities: r.responsibilities[locale] ?? r.responsibilities.en,
      requirements: r.requirements[locale] ?? r.requirements.en,
      postedAt: r.postedAt.toISOString(),
    })),
    departments: list('department', departments, departmentName),
    locations: list('location', locations, locationName),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Contact form (/contact)
// ---------------------------------------------------------------------------------------------------------------

/**
 * Stores a contact message and queues its mail to the operators in one transaction: either both exist or
 * neither, and the outbox worker delivers it when the mail server is reachable (docs/design.md#architecture).
 */
export async function submitContactMessage(
  db: Database,
  input: { name: string; email: string; topic: ContactTopic; message: string; locale: Locale; ip: string },
  delivery: { to: string; brand: string },
): Promise<{ id: number }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contactMessages)
      .values(input)
      .returning({ id: contactMessages.id, createdAt: contactMessages.createdAt });
    if (!row) throw new Error('contact_messages insert returned no row');
    const mailId = await enqueueMail(
      tx,
      contactMail({ ...input, id: row.id, to: delivery.to, brand: delivery.brand, receivedAt: row.createdAt }),
    );
    await tx.update(contactMessages).set({ mailId }).where(eq(contactMessages.id, row.id));
    return { id: row.id };
  });
}
