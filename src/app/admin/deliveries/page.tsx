import { DeliveriesList } from '@/components/admin/orders/deliveries-list';
import { adminPageMetadata } from '../messages';

export const generateMetadata = () => adminPageMetadata('deliveries');

export default function DeliveriesPage() {
  return <DeliveriesList />;
}
