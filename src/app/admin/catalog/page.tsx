import { CatalogOverview } from '@/components/admin/catalog/catalog-overview';
import { adminPageMetadata } from '../messages';

export const generateMetadata = () => adminPageMetadata('catalog');

/** /admin/catalog: the catalog's kinds, each a declared resource at /admin/catalog/<kind>. */
export default function CatalogPage() {
  return <CatalogOverview />;
}
