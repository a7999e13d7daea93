import 'server-only';
import { eq, sql } from 'drizzle-orm';
import { companyHistory, footerLinks, jobDepartments, jobLocations } from '../../db/schema';
import type { Binding } from '../resource/bind';

/** What jobs, company history and footer links do beyond the generic path. */

export const jobsBinding: Binding = {
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
};

export const companyHistoryBinding: Binding = {
  sorts: { when: sql`(${companyHistory.year} * 100 + ${companyHistory.month})` },
};

export const footerLinksBinding: Binding = {
  filters: { status: (value) => (value === 'all' ? undefined : eq(footerLinks.active, value === 'active')) },
};
