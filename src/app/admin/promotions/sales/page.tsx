import { PromotionList } from '@/components/admin/promotions/lists';
import { adminPageMetadata } from '../../messages';

export const generateMetadata = () => adminPageMetadata('promotions');

export default function SalesPage() {
  return <PromotionList section="sales" />;
}
