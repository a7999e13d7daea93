'use client';

import { declarationNamed } from '@/lib/admin/resources';
// The custom fields of the declared resources, registered before any form draws them.
import './custom-fields';
import { ResourceEditor } from './resource-editor';
import { ResourceList } from './resource-list';

/**
 * A resource's screen by name: its list, or (`rowKey`, null for a new row) one row on a page of its own. The page
 * passes the name, since a declaration's functions stay in the browser.
 */
export function ResourceScreen({ name, rowKey }: { name: string; rowKey?: string | null }) {
  const declaration = declarationNamed(name);
  if (!declaration) throw new Error(`no resource ${name}`);
  if (rowKey !== undefined) return <ResourceEditor resource={declaration} rowKey={rowKey} />;
  return <ResourceList resource={declaration} />;
}
