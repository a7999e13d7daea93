import { Account } from '@/components/admin/account';
import { adminPageMetadata } from '../messages';

export const generateMetadata = () => adminPageMetadata('account');

export default function AccountPage() {
  return <Account />;
}
