'use client';

import { declarationNamed } from '@/lib/admin/resources';
import './custom-fields';
import { ResourceList } from './resource-list';

/** A resource's screen by name: the page passes the name, since a declaration's functions stay in the browser. */
export function ResourceScreen({ name }: { name: string }) {
  const declaration = declarationNamed(name);
  if (!declaration) throw new Error(`no resource ${name}`);
  return <ResourceList resource={declaration} />;
}
