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
type ScreenKey = 'dashboard' | 'translations' | 'catalog' | 'audit' | 'promotions' | 'prices' | 'finance';

/** `after`: listed right after the screen or resource of that name in its section, not in its own order. */
type Item = { href: string; permission: Permission; after?: string } & ({ screen: ScreenKey } | { resource: string });

const screen = (href: string, key: ScreenKey, permission: Permission, after?: string): Item => ({
  href,
  screen: key,
  permission,
  after,
});
const resourceItem = (d: ResourceDeclaration): Item => ({
  href: `/admin${d.path}`,
  resource: d.name,
  permission: d.access.read,
  after: d.nav?.after,
});
const nameOf = (item: Item) => ('screen' in item ? item.screen : item.resource);

/** A section's screens, then its declared resources; an item with `after` moved behind the one it names. */
function section(name: Section, screens: Item[]): { section: Section; items: Item[] } {
  const items = [...screens, ...DECLARATIONS.filter((d) => d.nav?.section === name).map(resourceItem)];
  const placed = items.filter((item) => !item.after || !items.some((other) => nameOf(other) === item.after));
  for (const item of items.filter((i) => !placed.includes(i))) {
    placed.splice(placed.findIndex((other) => nameOf(other) === item.after) + 1, 0, item);
  }
  return { section: name, items: placed };
}

/** The back office's pages in the sections an operator looks for them under; a role sees what it may use. */
const NAV: { section: Section; items: Item[] }[] = [
  section('overview', [screen('/admin', 'dashboard', 'signedIn')]),
  section('content', [screen('/admin/translations', 'translations', 'readContent', 'articles')]),
  section('commerce', [
    screen('/admin/catalog', 'catalog', 'readCommerce'),
    screen('/admin/prices', 'prices', 'readCommerce'),
    screen('/admin/promotions', 'promotions', 'readCommerce'),
    screen('/admin/finance', 'finance', 'finance', 'invoices'),
  ]),
  section('support', []),
  section('administration', [screen('/admin/audit', 'audit', 'signedIn')]),
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
