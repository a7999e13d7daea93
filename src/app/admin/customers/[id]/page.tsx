import { notFound } from 'next/navigation';
import { CustomerDetail } from '@/components/admin/orders/customer-detail';
import { adminPageMetadata } from '../../messages';

export const generateMetadata = () => adminPageMetadata('customers');

export default async function CustomerPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  if (!/^[1-9]\d{0,8}$/.test(id)) notFound();
  return <CustomerDetail id={Number(id)} />;
}
