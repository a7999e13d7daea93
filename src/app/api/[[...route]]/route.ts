import { handle } from 'hono/vercel';
import { createApp } from '@/server/api/app';
import { getDb } from '@/server/db/client';

// The single mount of the Hono API under /api (docs/design.md#architecture).
export const dynamic = 'force-dynamic';

let app: ReturnType<typeof createApp> | undefined;
const handler = (request: Request) => {
  app ??= createApp({ db: getDb() });
  return handle(app)(request);
};

export {
  handler as DELETE,
  handler as GET,
  handler as HEAD,
  handler as OPTIONS,
  handler as PATCH,
  handler as POST,
  handler as PUT,
};
