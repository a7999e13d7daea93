import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { ResourceScreen } from '@/components/admin/resource/resource-screen';
import type { ResourceDeclaration } from '@/lib/admin/resource';
import { declarationAt } from '@/lib/admin/resources';
import { adminLocale, adminMessages } from '../messages';

type Props = { params: Promise<{ resource: string[] }> };

/** A key as a row's address names it: the API's own rule (src/server/admin/resource/routes.ts). */
const KEY = { number: /^[1-9]\d{0,9}$/, string: /^[\w.-]{1,80}$/ } as const;

/**
 * What an address under /admin shows: a declared resource's list (`/admin/jobs`), or one row of a resource whose
 * rows open on a page of their own (`/admin/articles/refund`, `/admin/articles/new` for a new one; no string key
 * may be `new`).
 */
async function screenAt({ params }: Props): Promise<{ declaration: ResourceDeclaration; rowKey?: string | null }> {
  const segments = (await params).resource.map((s) => decodeURIComponent(s));
  const path = `/${segments.join('/')}`;
  const declaration = declarationAt(path);
  if (declaration) return { declaration };
  const key = segments.at(-1) ?? '';
  const parent = declarationAt(`/${segments.slice(0, -1).join('/')}`);
  if (parent?.detail !== 'page') notFound();
  if (key === 'new') return { declaration: parent, rowKey: null };
  if (!KEY[parent.key.type].test(key)) notFound();
  return { declaration: parent, rowKey: key };
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  const { declaration } = await screenAt(props);
  const messages = (await adminMessages(await adminLocale())) as {
    admin: { resources: Record<string, { title: string }> };
  };
  return { title: messages.admin.resources[declaration.name]?.title };
}

/** /admin/<resource>: the list and form of any declared resource (src/lib/admin/resources/), or one of its rows. */
export default async function ResourcePage(props: Props) {
  const { declaration, rowKey } = await screenAt(props);
  // A resource is a list of its own, and a row a page of its own: their state starts afresh.
  return <ResourceScreen key={`${declaration.name}:${rowKey}`} name={declaration.name} rowKey={rowKey} />;
}
