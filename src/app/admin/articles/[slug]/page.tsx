import { notFound } from 'next/navigation';
import { ArticleEditor } from '@/components/admin/article-editor';
import { adminPageMetadata } from '../../messages';

export const generateMetadata = () => adminPageMetadata('articles');

export default async function EditArticlePage({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  // The API's own rule for a slug (src/server/api/admin/router.ts): anything else names no article.
  if (!/^[a-z0-9-]{1,80}$/.test(slug)) notFound();
  return <ArticleEditor slug={slug} />;
}
