'use client';

import Link from 'next/link';
import { may } from '@/lib/admin/permissions';
import { declarationsUnder } from '@/lib/admin/resources';
import { useAdminTranslations } from '../i18n';
import { useSession } from '../session';
import { PageHeading } from '../ui';

/**
 * /admin/catalog: what operators sell, one kind a screen (docs/product/back-office-catalog.md). The kinds are the
 * resources declared under /catalog, each with its title and the line that says what it is for.
 */
export function CatalogOverview() {
  const t = useAdminTranslations('admin');
  const role = useSession().session?.staff.role;
  const kinds = declarationsUnder('/catalog').filter((d) => may(role, d.access.read));
  const own = (name: string, key: 'title' | 'intro') => t(`resources.${name}.${key}` as never);
  return (
    <>
      <PageHeading title={t('nav.catalog')} />
      <ul className="grid gap-3 desk:grid-cols-2" data-testid="catalog-kinds">
        {kinds.map((d) => (
          <li key={d.name} className="rounded-xl border border-line bg-white p-4">
            <Link href={`/admin${d.path}`} className="font-semibold text-brand-700 underline-offset-2 hover:underline">
              {own(d.name, 'title')}
            </Link>
            <p className="mt-1 text-sm text-muted">{own(d.name, 'intro')}</p>
          </li>
        ))}
      </ul>
    </>
  );
}
