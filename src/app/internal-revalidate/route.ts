import { revalidatePath } from 'next/cache';
import { isLocalRevalidateSecret } from '@/server/changes/hooks';

/** The header that carries this process's key (src/server/changes/hooks.ts). */
const SECRET_HEADER = 'x-cirrus-revalidate';

/**
 * Expires every page Next keeps in this process, for an operator's change (src/server/changes/listener.ts):
 * revalidatePath needs Next's request context, which only a request into Next has. The production server calls
 * it on its own port with a key made at random per process, so no one else can (a visitor gets a 404). Every
 * page sits under the root layout, so its tag is on every page; without a cache profile the tag expires at
 * once, and the next request of any page waits for a new render rather than getting the old one while it is
 * made (docs/decisions/040-changes-reach-every-instance.md).
 */
export async function POST(request: Request): Promise<Response> {
  if (!isLocalRevalidateSecret(request.headers.get(SECRET_HEADER))) return new Response(null, { status: 404 });
  revalidatePath('/', 'layout');
  return new Response(null, { status: 204, headers: { 'cache-control': 'no-store' } });
}
