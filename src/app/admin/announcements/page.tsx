import { AnnouncementsList } from '@/components/admin/announcements-list';
import { adminPageMetadata } from '../messages';

export const generateMetadata = () => adminPageMetadata('announcements');

export default function AnnouncementsPage() {
  return <AnnouncementsList />;
}
