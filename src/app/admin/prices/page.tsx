import { PricesScreen } from '@/components/admin/prices/prices-screen';
import { adminPageMetadata } from '../messages';

export const generateMetadata = () => adminPageMetadata('prices');

export default function PricesPage() {
  return <PricesScreen />;
}
