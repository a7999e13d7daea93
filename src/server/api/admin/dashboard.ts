import 'server-only';
import { dashboardQuery, dashboardSeries } from '@/lib/admin/dashboard-schemas';
import { dashboard } from '../../admin/dashboard';
import { apiRouter } from '../route';

/**
 * The dashboard's numbers (docs/product/back-office-dashboard.md): every signed-in role may ask; the answer holds
 * only the sections that role may see.
 */
export const dashboardRouter = apiRouter('Admin: dashboard').route(
  {
    method: 'get',
    path: '/admin/dashboard',
    summary: "The dashboard's numbers: only the sections the role may see",
    auth: 'staff',
    permission: 'signedIn',
    query: dashboardQuery,
    response: dashboardSeries,
  },
  (c, { query }) => dashboard(c.get('db'), c.get('staff').role, query),
);
