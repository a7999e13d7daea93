import { PromotionList } from '@/components/admin/promotions/lists';
import { adminPageMetadata } from '../messages';

export const generateMetadata = () => adminPageMetadata('promotions');

export default function CouponsPage() {
  return <PromotionList section="coupons" />;
}
