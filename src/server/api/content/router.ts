import 'server-only';
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
import { publicReader, requestLocale } from '../context';
import { notFound } from '../errors';
import { parseWith } from '../input';
import { inputSchema } from '../openapi/document';
import { apiRouter } from '../route';
import {
  createPendingReview,
  jobSearchAnswer,
  listApprovedReviews,
  listHistory,
  milestoneAnswer,
  pendingReviewAnswer,
  publicReviewAnswer,
  ratingSummary,
  ratingSummaryAnswer,
  searchJobs,
  submitContactMessage,
} from './queries';

export const contentRouter = apiRouter('Content');

/** Any of these fields in the body means "post a review"; without them the call lists reviews (docs/product/api.md#content). */
const POST_FIELDS = ['body', 'rating', 'authorName'] as const;
const wantsToPost = (value: unknown) =>
  typeof value === 'object' && value !== null && POST_FIELDS.some((field) => field in value);

/**
 * The body of the reviews call is read as any JSON: what it must hold depends on whether it posts, and posting is
 * checked for a session before its fields. The document names the two bodies it may be.
 */
const commentBody = z.unknown().meta({ anyOf: [inputSchema(commentListRequest), inputSchema(commentRequest)] });

// docs/product/entities.md#content; docs/design.md#api-contract
contentRouter.route(
  {
    method: 'get',
    path: '/home/rating',
    summary: 'Review count and rating of the approved reviews',
    response: ratingSummaryAnswer,
  },
  async (c) => {
    c.header('cache-control', 'public, max-age=60');
    return ratingSummary(publicReader(c));
  },
);

// docs/product/api.md#content
contentRouter.route(
  {
    method: 'post',
    path: '/home/footer/comment',
    summary: 'List approved reviews; with `body`, `rating` or `authorName`, post one for moderation',
    description:
      'Posting needs a customer session and its CSRF token, and is rate limited; listing needs neither. ' +
      '`x-total-count` holds the total of a list. A list answers the reviews, a post the pending review.',
    auth: 'customerOptional',
    body: commentBody,
    response: z.union([z.array(publicReviewAnswer), pendingReviewAnswer]),
    errors: [401, 429],
  },
  async (c, { body: raw }) => {
    const db = c.get('db');
    if (!wantsToPost(raw)) {
      const input = parseWith(commentListRequest, raw);
      const { items, total } = await listApprovedReviews(db, {
        page: input.page,
        row: input.row,
        locale: input.language,
      });
      c.header('x-total-count', String(total));
      return items;
    }
    // Posting needs a signed-in customer and the session's CSRF token (docs/design.md#security-defaults), checked before the input.
    await requireSession()(c, async () => {});
    const input = parseWith(commentRequest, raw);
    const user = c.get('user');
    await enforceLimit(db, LIMITS.commentsPerUser, String(user.id), 'api.comment.limited');
    await enforceLimit(db, LIMITS.commentsPerIp, clientIp(c), 'api.comment.limited');
    return createPendingReview(db, {
      userId: user.id,
      authorName: input.authorName,
      rating: input.rating,
      body: input.body,
      locale: input.language ?? requestLocale(c),
    });
  },
);

// docs/product/api.md#content
contentRouter.route(
  {
    method: 'post',
    path: '/seniorManage/about/history/search',
    summary: "The company's milestones in the visitor's language",
    body: historySearchRequest,
    response: z.array(milestoneAnswer),
  },
  (c, { body }) =>
    listHistory(publicReader(c), requestLocale(c, body.language), { year: body.year, order: body.order }),
);

// docs/product/api.md#content
contentRouter.route(
  {
    method: 'post',
    path: '/seniorManage/jobs/search',
    summary: 'Open jobs by department and location, or one by id',
    body: jobsSearchRequest,
    response: jobSearchAnswer,
    errors: [404],
  },
  async (c, { body }) => {
    const result = await searchJobs(publicReader(c), requestLocale(c, body.language), {
      department: body.department,
      location: body.location,
      id: body.id,
    });
    if (body.id !== undefined && result.jobs.length === 0) throw notFound('api.job.notFound');
    return result;
  },
);

contentRouter.route(
  {
    method: 'post',
    path: '/contact',
    summary: "Store a contact message and queue it to the operators' mailbox",
    body: contactRequest,
    response: z.object({ id: z.number().int(), received: z.literal(true) }),
    errors: [429],
  },
  async (c, { body }) => {
    const db = c.get('db');
    const ip = clientIp(c);
    await enforceLimit(db, LIMITS.contactPerIp, ip, 'api.contact.limited');
    const { id } = await submitContactMessage(
      db,
      {
        name: body.name,
        email: body.email,
        topic: body.topic,
        message: body.message,
        locale: body.language ?? requestLocale(c),
        ip,
      },
      { to: env().CONTACT_TO, brand: env().BRAND_NAME },
    );
    return { id, received: true as const };
  },
);
