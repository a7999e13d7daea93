import { LocalizedContentList } from '@/components/admin/localized-content';
import { adminPageMetadata } from '../messages';

export const generateMetadata = () => adminPageMetadata('history');

export default function HistoryPage() {
  return <LocalizedContentList kind="history" />;
}
