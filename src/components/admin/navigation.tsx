'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { may, type Permission } from '@/lib/admin/permissions';
import type { ResourceDeclaration } from '@/lib/admin/resource';
import { DECLARATIONS } from '@/lib/admin/resources';
import type { StaffRole } from '@/lib/admin/schemas';
import { useAdminTranslations as useTranslations } from './i18n';

type Section = 'overview' | 'content' | 'commerce' | 'support' | 'administration';

/** The screens that are not a declared resource, by the navigation's own names for them. */
type ScreenKey =
  | 'dashboard'
  | 'announcements'
  | 'articles'
  | 'translations'
  | 'reviews'
  | 'contact'
  | 'catalog'
  | 'audit'
  | 'staff'
  | 'promotions'
  | 'prices';

type Item = { href: string; permission: Permission } & ({ screen: ScreenKey } | { resource: string });

const screen = (href: string, key: ScreenKey, permission: Permission): Item => ({ href, screen: key, permission });
const resourceItem = (d: ResourceDeclaration): Item => ({
  href: `/admin${d.path}`,
  resource: d.name,
  permission: d.access.read,
});
/** The declared resources a section lists after its own screens. */
const declared = (section: Section) => DECLARATIONS.filter((d) => d.nav?.section === section).map(resourceItem);

/** The back office's pages in the sections an operator looks for them under; a role sees what it may use. */
const NAV: { section: Section; items: Item[] }[] = [
  { section: 'overview', items: [screen('/admin', 'dashboard', 'signedIn')] },
  {
    section: 'content',
    items: [
      screen('/admin/announcements', 'announcements', 'readContent'),
      screen('/admin/articles', 'articles', 'readContent'),
      screen('/admin/translations', 'translations', 'readContent'),
      ...declared('content'),
    ],
  },
  {
    section: 'commerce',
    items: [
      screen('/admin/catalog', 'catalog', 'readCommerce'),
      screen('/admin/prices', 'prices', 'readCommerce'),
      screen('/admin/promotions', 'promotions', 'readCommerce'),
      ...declared('commerce'),
    ],
  },
  {
    section: 'support',
    items: [
      screen('/admin/reviews', 'reviews', 'support'),
      screen('/admin/contact', 'contact', 'support'),
      ...declared('support'),
    ],
  },
  {
    section: 'administration',
    items: [
      screen('/admin/audit', 'audit', 'signedIn'),
      screen('/admin/staff', 'staff', 'manageStaff'),
      ...declared('administration'),
    ],
  },
];

/** The navigation a role may use, in its sections; the page shown is marked current. */
export function AdminNavigation({ role, open }: { role: StaffRole; open: boolean }) {
  const t = useTranslations('admin');
  const pathname = usePathname();
  const label = (item: Item) =>
    'screen' in item ? t(`nav.${item.screen}`) : t(`resources.${item.resource}.title` as never);
  return (
    <nav
      id="admin-nav"
      aria-label={t('nav.label')}
      className={`${open ? 'block' : 'hidden'} border-b border-line bg-white px-4 py-3 desk:sticky desk:top-0 desk:block desk:max-h-screen desk:w-52 desk:shrink-0 desk:self-start desk:overflow-y-auto desk:border-0 desk:bg-transparent desk:px-0 desk:py-6`}
    >
      {NAV.map(({ section, items }) => {
        const allowed = items.filter((item) => may(role, item.permission));
        if (allowed.length === 0) return null;
        return (
          <div key={section} className="mb-4 last:mb-0">
            <h2 id={`nav-${section}`} className="mb-1 px-3 text-xs font-semibold uppercase tracking-wide text-muted">
              {t(`nav.sections.${section}`)}
            </h2>
            <ul aria-labelledby={`nav-${section}`} className="grid grid-cols-2 gap-0.5 desk:grid-cols-1">
              {allowed.map((item) => {
                const current = item.href === '/admin' ? pathname === '/admin' : pathname.startsWith(item.href);
                return (
                  <li key={item.href}>
                    <Link
                      href={item.href}
                      aria-current={current ? 'page' : undefined}
                      className={`block rounded-md px-3 py-1.5 text-sm ${current ? 'bg-brand-50 font-semibold text-brand-900' : 'text-ink hover:bg-surface'}`}
                    >
                      {label(item)}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </div>
        );
      })}
    </nav>
  );
}
