import { OrdersList } from '@/components/admin/orders/orders-list';
import { adminPageMetadata } from '../messages';

export const generateMetadata = () => adminPageMetadata('orders');

export default async function OrdersPage({ searchParams }: { searchParams: Promise<{ customer?: string }> }) {
  const { customer } = await searchParams;
  // A customer's page links here with their id, to list all their orders.
  return <OrdersList customer={typeof customer === 'string' ? customer.slice(0, 254) : ''} />;
}
