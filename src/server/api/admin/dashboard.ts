import 'server-only';
import { Hono } from 'hono';
import { dashboardQuery } from '@/lib/admin/dashboard-schemas';
import { dashboard } from '../../admin/dashboard';
import { requireStaff } from '../../admin/sessions';
import type { AppEnv } from '../context';
import { queryInput } from '../input';
import { describeRoutes } from '../openapi/describe';

/**
 * The dashboard's numbers (docs/product/back-office-dashboard.md): every signed-in role may ask; the answer holds
 * only the sections that role may see.
 */
export const dashboardRoutes = new Hono<AppEnv>();

dashboardRoutes.get('/admin/dashboard', requireStaff(), async (c) => {
  const query = queryInput(c, dashboardQuery);
  return c.json({ code: 2000, message: await dashboard(c.get('db'), c.get('staff').role, query) });
});

export const dashboardDocs = describeRoutes('Admin: dashboard', [
  {
    method: 'get',
    path: '/admin/dashboard',
    summary: "The dashboard's numbers: only the sections the role may see",
    auth: 'staff',
    query: dashboardQuery,
  },
]);
