import { notFound } from 'next/navigation';
import { SalePage } from '@/components/admin/promotions/screens';
import { adminPageMetadata } from '../../../messages';

export const generateMetadata = () => adminPageMetadata('promotions');

export default async function SaleRoute({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  if (!/^[1-9]\d{0,8}$/.test(id)) notFound();
  return <SalePage id={Number(id)} />;
}
