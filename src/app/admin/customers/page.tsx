import { CustomersList } from '@/components/admin/orders/customers-list';
import { adminPageMetadata } from '../messages';

export const generateMetadata = () => adminPageMetadata('customers');

export default function CustomersPage() {
  return <CustomersList />;
}
