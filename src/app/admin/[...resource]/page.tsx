import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { ResourceScreen } from '@/components/admin/resource/resource-screen';
import { declarationAt } from '@/lib/admin/resources';
import { adminLocale, adminMessages } from '../messages';

type Props = { params: Promise<{ resource: string[] }> };

const pathOf = async ({ params }: Props) => `/${(await params).resource.join('/')}`;

export async function generateMetadata(props: Props): Promise<Metadata> {
  const declaration = declarationAt(await pathOf(props));
  if (!declaration) return {};
  const messages = (await adminMessages(await adminLocale())) as {
    admin: { resources: Record<string, { title: string }> };
  };
  return { title: messages.admin.resources[declaration.name]?.title };
}

/** /admin/<resource>: the list and form of any declared resource (src/lib/admin/resources/). */
export default async function ResourcePage(props: Props) {
  const declaration = declarationAt(await pathOf(props));
  if (!declaration) notFound();
  // A resource is a list of its own: its search, order and page start afresh.
  return <ResourceScreen key={declaration.name} name={declaration.name} />;
}
