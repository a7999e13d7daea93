import { WelcomeOffer } from '@/components/admin/promotions/screens';
import { adminPageMetadata } from '../../messages';

export const generateMetadata = () => adminPageMetadata('promotions');

export default function WelcomeOfferPage() {
  return <WelcomeOffer />;
}
