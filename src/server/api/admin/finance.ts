import 'server-only';
import { financeQuery, financeReport as financeReportSchema } from '@/lib/admin/finance-schemas';
import { csvDownload } from '../../admin/csv';
import { FINANCE_CSV_HEADER, financeCsvRows, financeReport } from '../../admin/finance';
import { apiRouter } from '../route';

/**
 * The finance report (docs/product/back-office-finance.md): owners and managers read it and download it as CSV for
 * the accountant; the download holds the very numbers the screen shows.
 */
export const financeRouter = apiRouter('Admin: finance')
  .route(
    {
      method: 'get',
      path: '/admin/finance',
      summary: 'Sales, tax per country and rate, refunds and net per UTC month and currency, and per product line',
      auth: 'staff',
      permission: 'finance',
      query: financeQuery,
      response: financeReportSchema,
    },
    // GET /api/admin/finance - the report for a range of months
    (c, { query }) => financeReport(c.get('db'), query),
  )
  .route(
    {
      method: 'get',
      path: '/admin/finance/export',
      summary: 'The finance report for a range of months as CSV for the accountant',
      auth: 'staff',
      permission: 'finance',
      query: financeQuery,
      raw: { mediaType: 'text/csv', description: 'The report as CSV (an attachment), not the envelope.' },
    },
    // GET /api/admin/finance/export - the same report, one CSV row per figure
    async (c, { query }) => {
      const db = c.get('db');
      const rows = await financeCsvRows(db, await financeReport(db, query));
      async function* once() {
        yield rows;
      }
      return csvDownload(c, `finance-${query.from}-${query.to}`, FINANCE_CSV_HEADER, once());
    },
  );
