import 'server-only';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isShareable, pageTags, tagHeaders } from '@/server/cdn/tags';

/**
 * Arms the CDN's tags on a page Next is about to answer (docs/decisions/073-cdn-purge-by-tag.md): when the head goes
 * out with a `Cache-Control` a shared cache may keep, it carries `Surrogate-Key` and `Cache-Tag` for the kinds the
 * page shows (src/server/cdn/tags.ts). Fills of the kept pages come through here too, so their copies keep the
 * headers with Next's others.
 */
export function tagForCdn(req: IncomingMessage, res: ServerResponse): void {
  const writeHead = res.writeHead as (...args: unknown[]) => ServerResponse;
  res.writeHead = function writeHeadWithTags(this: ServerResponse, ...args: unknown[]) {
    if (!res.headersSent) {
      const cacheControl = res.getHeader('cache-control');
      if (isShareable(Array.isArray(cacheControl) ? cacheControl.join(', ') : String(cacheControl ?? ''))) {
        for (const [name, value] of Object.entries(tagHeaders(pageTags(req.url || '/')))) res.setHeader(name, value);
      }
    }
    return writeHead.apply(this, args);
  } as ServerResponse['writeHead'];
}
