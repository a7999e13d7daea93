import type { EscapedHtml } from '@/server/docs/markdown-html';

/**
 * A static block of an article or announcement: HTML that src/server/docs/markdown-html.ts built with every
 * text and attribute escaped. The browser hydrates it as one node instead of one per element (decision 029).
 */
export function ArticleHtml({
  html,
  as: Tag = 'div',
  id,
  className,
}: {
  html: EscapedHtml;
  as?: 'div' | 'article';
  id?: string;
  className?: string;
}) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: EscapedHtml only comes from markdown-html.ts, which escapes every text and attribute
  return <Tag id={id} className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}
