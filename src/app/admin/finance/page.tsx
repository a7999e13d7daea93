import { FinanceReport } from '@/components/admin/finance-report';
import { adminPageMetadata } from '../messages';

export const generateMetadata = () => adminPageMetadata('finance');

/** /admin/finance: the finance report (docs/product/back-office-finance.md). */
export default function FinancePage() {
  return <FinanceReport />;
}
