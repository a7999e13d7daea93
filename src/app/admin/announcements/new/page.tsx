import { AnnouncementEditor } from '@/components/admin/announcement-editor';
import { adminPageMetadata } from '../../messages';

export const generateMetadata = () => adminPageMetadata('announcements');

export default function NewAnnouncementPage() {
  return <AnnouncementEditor />;
}
