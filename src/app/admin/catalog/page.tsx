import { redirect } from 'next/navigation';

/** The catalog opens on its regions, the first of its kinds. */
export default function CatalogPage() {
  redirect('/admin/catalog/regions');
}
