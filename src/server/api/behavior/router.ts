import 'server-only';
import { z } from 'zod';
import { routeBaseName } from '@/lib/routes';
import { activityViews } from '../../db/schema';
import { invalidInput } from '../errors';
import { apiRouter } from '../route';

const ACTIVITY_ROUTES = new Set([
  'activity-promotion',
  'activity-vps',
  'activity-pintuan-vps',
  'activity-pintuan-vps-id',
  'ac-coupon',
]);

const viewInput = z.object({
  path: z.string().trim().min(1, 'validation.required').max(300, 'api.field.tooLong'),
  visitorId: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]{8,64}$/, 'api.field.invalid'),
});

export const behaviorRouter = apiRouter('Behavior').route(
  {
    method: 'post',
    path: '/user/behavior/actPage',
    summary: "Record a view of an activity page (sent only with the visitor's consent)",
    body: viewInput,
    response: z.object({ recorded: z.literal(true) }),
  },
  async (c, { body }) => {
    const path = body.path.split('?')[0] ?? '/';
    const base = routeBaseName(path);
    if (!base || !ACTIVITY_ROUTES.has(base)) throw invalidInput({ path: 'api.field.invalid' });
    const locale = path.match(/^\/(zh|ja)(\/|$)/)?.[1] ?? 'en';
    await c
      .get('db')
      .insert(activityViews)
      .values({ routeName: `${base}___${locale}`, visitorId: body.visitorId });
    return { recorded: true as const };
  },
);
