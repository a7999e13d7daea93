import { notFound } from 'next/navigation';
import { AnnouncementEditor } from '@/components/admin/announcement-editor';
import { adminPageMetadata } from '../../messages';

export const generateMetadata = () => adminPageMetadata('announcements');

export default async function EditAnnouncementPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  if (!/^[1-9]\d{0,8}$/.test(id)) notFound();
  return <AnnouncementEditor id={Number(id)} />;
}
