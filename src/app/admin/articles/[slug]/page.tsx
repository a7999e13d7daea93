import { notFound } from 'next/navigation';
import { ArticleEditor } from '@/components/admin/article-editor';
import { articleSlug } from '@/lib/admin/schemas';
import { adminPageMetadata } from '../../messages';

export const generateMetadata = () => adminPageMetadata('articles');

export default async function EditArticlePage({
  params,
  searchParams,
}: {
  params: Promise<{ slug: string }>;
  searchParams: Promise<{ moved?: string; created?: string }>;
}) {
  const { slug } = await params;
  const { moved, created } = await searchParams;
  // The API's own rule for a slug (src/lib/admin/schemas.ts): anything else names no article.
  if (!articleSlug.safeParse(slug).success) notFound();
  // Arriving from a save that moved or created the article: the editor says so (its own state went with the old page).
  const movedFrom = moved && articleSlug.safeParse(moved).success ? moved : undefined;
  return <ArticleEditor slug={slug} movedFrom={movedFrom} justCreated={created === '1'} />;
}
