import { ContactInbox } from '@/components/admin/contact-inbox';
import { adminPageMetadata } from '../messages';

export const generateMetadata = () => adminPageMetadata('contact');

export default function ContactPage() {
  return <ContactInbox />;
}
