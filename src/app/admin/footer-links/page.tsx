import { LocalizedContentList } from '@/components/admin/localized-content';
import { adminPageMetadata } from '../messages';

export const generateMetadata = () => adminPageMetadata('footerLinks');

export default function FooterLinksPage() {
  return <LocalizedContentList kind="footer-links" />;
}
