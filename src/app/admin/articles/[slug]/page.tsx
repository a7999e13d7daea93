import { notFound } from 'next/navigation';
import { ArticleEditor } from '@/components/admin/article-editor';
import { articleSlug } from '@/lib/admin/schemas';
import { adminPageMetadata } from '../../messages';

export const generateMetadata = () => adminPageMetadata('articles');

export default async function EditArticlePage({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  // The API's own rule for a slug (src/lib/admin/schemas.ts): anything else names no article.
  if (!articleSlug.safeParse(slug).success) notFound();
  return <ArticleEditor slug={slug} />;
}
