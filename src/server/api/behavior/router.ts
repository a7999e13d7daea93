import 'server-only';
import { Hono } from 'hono';
import { z } from 'zod';
import { routeBaseName } from '@/lib/routes';
import { activityViews } from '../../db/schema';
import type { AppEnv } from '../context';
import { invalidInput } from '../errors';
import { jsonBody } from '../input';
import { describeRoutes } from '../openapi/describe';

export const behaviorRouter = new Hono<AppEnv>();

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

// POST /api/user/behavior/actPage - record a view of an activity page (the browser sends it only with consent)
behaviorRouter.post('/user/behavior/actPage', async (c) => {
  const input = await jsonBody(c, viewInput);
  const path = input.path.split('?')[0] ?? '/';
  const base = routeBaseName(path);
  if (!base || !ACTIVITY_ROUTES.has(base)) throw invalidInput({ path: 'api.field.invalid' });
  const locale = path.match(/^\/(zh|ja)(\/|$)/)?.[1] ?? 'en';
  await c
    .get('db')
    .insert(activityViews)
    .values({ routeName: `${base}___${locale}`, visitorId: input.visitorId });
  return c.json({ code: 2000, message: { recorded: true } });
});

export const behaviorDocs = describeRoutes('Behavior', [
  {
    method: 'post',
    path: '/user/behavior/actPage',
    summary: "Record a view of an activity page (sent only with the visitor's consent)",
    body: viewInput,
  },
]);
