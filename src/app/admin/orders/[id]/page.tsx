import { notFound } from 'next/navigation';
import { OrderDetail } from '@/components/admin/orders/order-detail';
import { adminPageMetadata } from '../../messages';

export const generateMetadata = () => adminPageMetadata('orders');

export default async function OrderPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  if (!/^[1-9]\d{0,8}$/.test(id)) notFound();
  return <OrderDetail id={Number(id)} />;
}
