import { MissingTranslations } from '@/components/admin/missing-translations';
import { adminPageMetadata } from '../messages';

export const generateMetadata = () => adminPageMetadata('translations');

export default function TranslationsPage() {
  return <MissingTranslations />;
}
