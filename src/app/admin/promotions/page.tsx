import { PromotionsOverview } from '@/components/admin/promotions/screens';
import { adminPageMetadata } from '../messages';

export const generateMetadata = () => adminPageMetadata('promotions');

/** /admin/promotions: the promotions' sections; each list is a declared resource at /admin/promotions/<section>. */
export default function PromotionsPage() {
  return <PromotionsOverview />;
}
