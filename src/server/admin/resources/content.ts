import 'server-only';
import { eq, sql } from 'drizzle-orm';
import { companyHistoryResource } from '@/lib/admin/resources/company-history';
import { footerLinksResource } from '@/lib/admin/resources/footer-links';
import { jobsResource } from '@/lib/admin/resources/jobs';
import { companyHistory, footerLinks, jobDepartments, jobLocations, jobs } from '../../db/schema';
import { bindResource } from '../resource/bind';

/** Jobs, company history and footer links: text in three languages, nothing hanging off them. */
export const jobsBound = bindResource(jobsResource, {
  table: jobs,
  changes: ['jobs'],
  // A job names a department and a location the careers page has labels for.
  check: async (tx, input) => {
    const [department] = await tx
      .select()
      .from(jobDepartments)
      .where(eq(jobDepartments.code, String(input.department)));
    const [location] = await tx
      .select()
      .from(jobLocations)
      .where(eq(jobLocations.code, String(input.location)));
    return {
      ...(department ? {} : { department: 'api.field.invalid' }),
      ...(location ? {} : { location: 'api.field.invalid' }),
    };
  },
});

export const companyHistoryBound = bindResource(companyHistoryResource, {
  table: companyHistory,
  changes: ['history'],
  sorts: { when: sql`(${companyHistory.year} * 100 + ${companyHistory.month})` },
});

export const footerLinksBound = bindResource(footerLinksResource, {
  table: footerLinks,
  changes: ['footer'],
  filters: {
    status: (value) => (value === 'all' ? undefined : eq(footerLinks.active, value === 'active')),
  },
});
