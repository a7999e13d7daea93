import { AuditLog } from '@/components/admin/audit-log';
import { adminPageMetadata } from '../messages';

export const generateMetadata = () => adminPageMetadata('audit');

export default function AuditPage() {
  return <AuditLog />;
}
