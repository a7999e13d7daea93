import 'server-only';
import type { ServerResponse } from 'node:http';

/**
 * One `Location` per redirect. Next 16.4.5 answers the first render of a page that redirects (an old address of a
 * renamed article, `permanentRedirect` in a page rendered on demand) with the header twice: the render sets it on
 * the response, and the headers it stores with the page in its cache, which hold it too, are then appended
 * (`app-page-runtime.js`); an answer from its cache has it once. A header that may appear only once, sent twice,
 * is one a strict client or proxy may refuse, so the copies are made one as the head goes out. Values that differ
 * are left as they are: that is not this repetition.
 */
export function oneLocation(res: ServerResponse): void {
  const writeHead = res.writeHead as (...args: unknown[]) => ServerResponse;
  // Other hooks wrap this one later (the 404 pages, Next's compression), so it runs last, on the final headers.
  res.writeHead = function writeHeadWithOneLocation(this: ServerResponse, ...args: unknown[]) {
    const location = res.headersSent ? undefined : res.getHeader('location');
    if (Array.isArray(location) && location.length > 1 && location.every((value) => value === location[0])) {
      res.setHeader('location', location[0] as string);
    }
    return writeHead.apply(this, args);
  } as ServerResponse['writeHead'];
}
