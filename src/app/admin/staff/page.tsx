import { StaffList } from '@/components/admin/staff-list';
import { adminPageMetadata } from '../messages';

export const generateMetadata = () => adminPageMetadata('staff');

export default function StaffPage() {
  return <StaffList />;
}
