import 'server-only';
import { Hono } from 'hono';
import { z } from 'zod';
import { env } from '@/env';
import {
  commentListRequest,
  commentRequest,
  contactRequest,
  historySearchRequest,
  jobsSearchRequest,
} from '@/lib/validation/content-forms';
import { enforceLimit, LIMITS } from '../../auth/rate-limit';
import { clientIp, requireSession } from '../../auth/sessions';
import { type AppEnv, requestLocale } from '../context';
import { notFound } from '../errors';
import { jsonBody, parseWith } from '../input';
import { describeRoutes } from '../openapi/describe';
import {
  createPendingReview,
  listApprovedReviews,
  listHistory,
  ratingSummary,
  searchJobs,
  submitContactMessage,
} from './queries';

export const contentRouter = new Hono<AppEnv>();

/** Any of these fields in the body means "post a review"; without them the call lists reviews (docs/product/api.md#content). */
const POST_FIELDS = ['body', 'rating', 'authorName'] as const;
const wantsToPost = (value: unknown) =>
  typeof value === 'object' && value !== null && POST_FIELDS.some((field) => field in value);

// GET /api/home/rating - reviewCount and ratingValue of the approved reviews (docs/product/entities.md#content; docs/design.md#api-contract)
contentRouter.get('/home/rating', async (c) => {
  c.header('cache-control', 'public, max-age=60');
  return c.json({ code: 2000, message: await ratingSummary(c.get('db')) });
});

// POST /api/home/footer/comment - list approved reviews, or with a body post one for moderation (docs/product/api.md#content)
contentRouter.post('/home/footer/comment', async (c) => {
  const db = c.get('db');
  const raw = await jsonBody(c, z.unknown());
  if (!wantsToPost(raw)) {
    const input = parseWith(commentListRequest, raw);
    const { items, total } = await listApprovedReviews(db, {
      page: input.page,
      row: input.row,
      locale: input.language,
    });
    c.header('x-total-count', String(total));
    return c.json({ code: 2000, message: items });
  }
  // Posting needs a signed-in customer and the session's CSRF token (docs/design.md#security-defaults), checked before the input.
  await requireSession()(c, async () => {});
  const input = parseWith(commentRequest, raw);
  const user = c.get('user');
  await enforceLimit(db, LIMITS.commentsPerUser, String(user.id), 'api.comment.limited');
  await enforceLimit(db, LIMITS.commentsPerIp, clientIp(c), 'api.comment.limited');
  const review = await createPendingReview(db, {
    userId: user.id,
    authorName: input.authorName,
    rating: input.rating,
    body: input.body,
    locale: input.language ?? requestLocale(c),
  });
  return c.json({ code: 2000, message: review });
});

// POST /api/seniorManage/about/history/search - the company's milestones in the visitor's language (docs/product/api.md#content)
contentRouter.post('/seniorManage/about/history/search', async (c) => {
  const input = await jsonBody(c, historySearchRequest);
  const items = await listHistory(c.get('db'), requestLocale(c, input.language), {
    year: input.year,
    order: input.order,
  });
  return c.json({ code: 2000, message: items });
});

// POST /api/seniorManage/jobs/search - open jobs by department and location, or one by id (docs/product/api.md#content)
contentRouter.post('/seniorManage/jobs/search', async (c) => {
  const input = await jsonBody(c, jobsSearchRequest);
  const result = await searchJobs(c.get('db'), requestLocale(c, input.language), {
    department: input.department,
    location: input.location,
    id: input.id,
  });
  if (input.id !== undefined && result.jobs.length === 0) throw notFound('api.job.notFound');
  return c.json({ code: 2000, message: result });
});

// POST /api/contact - store a /contact message and queue it to the operators' mailbox (rate limited per IP)
contentRouter.post('/contact', async (c) => {
  const db = c.get('db');
  const input = await jsonBody(c, contactRequest);
  const ip = clientIp(c);
  await enforceLimit(db, LIMITS.contactPerIp, ip, 'api.contact.limited');
  const { id } = await submitContactMessage(
    db,
    {
      name: input.name,
      email: input.email,
      topic: input.topic,
      message: input.message,
      locale: input.language ?? requestLocale(c),
      ip,
    },
    { to: env().CONTACT_TO, brand: env().BRAND_NAME },
  );
  return c.json({ code: 2000, message: { id, received: true } });
});

export const contentDocs = describeRoutes('Content', [
  { method: 'get', path: '/home/rating', summary: 'Review count and rating of the approved reviews' },
  {
    method: 'post',
    path: '/home/footer/comment',
    summary: 'List approved reviews; with `body`, `rating` or `authorName`, post one for moderation',
    description:
      'Posting needs a customer session and its CSRF token, and is rate limited; listing needs neither. ' +
      '`x-total-count` holds the total of a list.',
    auth: 'customerOptional',
    body: z.union([commentListRequest, commentRequest]),
    errors: [401, 429],
  },
  {
    method: 'post',
    path: '/seniorManage/about/history/search',
    summary: "The company's milestones in the visitor's language",
    body: historySearchRequest,
  },
  {
    method: 'post',
    path: '/seniorManage/jobs/search',
    summary: 'Open jobs by department and location, or one by id',
    body: jobsSearchRequest,
    errors: [404],
  },
  {
    method: 'post',
    path: '/contact',
    summary: "Store a contact message and queue it to the operators' mailbox",
    body: contactRequest,
    errors: [429],
  },
]);
