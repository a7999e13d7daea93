import { ArticleEditor } from '@/components/admin/article-editor';
import { adminPageMetadata } from '../../messages';

export const generateMetadata = () => adminPageMetadata('articles');

export default function NewArticlePage() {
  return <ArticleEditor />;
}
