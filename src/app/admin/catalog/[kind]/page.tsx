import { notFound } from 'next/navigation';
import { CatalogScreen } from '@/components/admin/catalog/catalog-editor';
import { CATALOG_KINDS, type CatalogKind } from '@/lib/admin/catalog-schemas';
import { adminPageMetadata } from '../../messages';

export const generateMetadata = () => adminPageMetadata('catalog');

const isKind = (kind: string): kind is CatalogKind => (CATALOG_KINDS as readonly string[]).includes(kind);

/** /admin/catalog/<kind>: one kind of catalog item (docs/product/back-office-catalog.md). */
export default async function CatalogKindPage({ params }: { params: Promise<{ kind: string }> }) {
  const { kind } = await params;
  if (!isKind(kind)) notFound();
  // A kind is a list of its own: its search, order and page start afresh.
  return <CatalogScreen key={kind} kind={kind} />;
}
