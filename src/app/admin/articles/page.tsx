import { ArticlesList } from '@/components/admin/articles-list';
import { adminPageMetadata } from '../messages';

export const generateMetadata = () => adminPageMetadata('articles');

export default function ArticlesPage() {
  return <ArticlesList />;
}
