import { ReviewsList } from '@/components/admin/reviews-list';
import { adminPageMetadata } from '../messages';

export const generateMetadata = () => adminPageMetadata('reviews');

export default function ReviewsPage() {
  return <ReviewsList />;
}
