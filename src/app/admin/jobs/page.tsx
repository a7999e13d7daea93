import { LocalizedContentList } from '@/components/admin/localized-content';
import { adminPageMetadata } from '../messages';

export const generateMetadata = () => adminPageMetadata('jobs');

export default function JobsPage() {
  return <LocalizedContentList kind="jobs" />;
}
