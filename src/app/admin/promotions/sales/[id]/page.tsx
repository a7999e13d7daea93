import { notFound } from 'next/navigation';
import { SaleDetail } from '@/components/admin/promotions/sale-detail';
import { adminPageMetadata } from '../../../messages';

export const generateMetadata = () => adminPageMetadata('promotions');

export default async function SalePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  if (!/^[1-9]\d{0,8}$/.test(id)) notFound();
  return <SaleDetail id={Number(id)} />;
}
