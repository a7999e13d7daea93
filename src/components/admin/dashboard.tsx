'use client';

import Link from 'next/link';
import { may, type Permission } from '@/lib/admin/permissions';
import { DashboardOverview } from './dashboard/overview';
import { useAdminTranslations as useTranslations } from './i18n';
import { useSession } from './session';
import { PageHeading } from './ui';

type CardKey =
  | 'announcements'
  | 'newAnnouncement'
  | 'articles'
  | 'translations'
  | 'reviews'
  | 'contact'
  | 'orders'
  | 'prices'
  | 'promotions'
  | 'deliveries'
  | 'audit'
  | 'staff';

/** Each card for the roles that can act on what it opens (prices and promotions: those who change them). */
const CARDS: { href: string; key: CardKey; permission: Permission }[] = [
  { href: '/admin/announcements/new', key: 'newAnnouncement', permission: 'editContent' },
  { href: '/admin/announcements', key: 'announcements', permission: 'readContent' },
  { href: '/admin/articles', key: 'articles', permission: 'readContent' },
  { href: '/admin/translations', key: 'translations', permission: 'readContent' },
  { href: '/admin/orders', key: 'orders', permission: 'support' },
  { href: '/admin/prices', key: 'prices', permission: 'manageCommerce' },
  { href: '/admin/promotions', key: 'promotions', permission: 'manageCommerce' },
  { href: '/admin/reviews', key: 'reviews', permission: 'support' },
  { href: '/admin/contact', key: 'contact', permission: 'support' },
  { href: '/admin/deliveries', key: 'deliveries', permission: 'support' },
  { href: '/admin/audit', key: 'audit', permission: 'signedIn' },
  { href: '/admin/staff', key: 'staff', permission: 'manageStaff' },
];

/**
 * The first page after sign-in: the activity over a period (what this role may see of it), then what this role
 * can do here, one card each.
 */
export function Dashboard() {
  const t = useTranslations('admin.dashboard');
  const tr = useTranslations('admin.roles');
  const { session } = useSession();
  if (!session) return null;
  const { staff } = session;
  return (
    <>
      <PageHeading title={t('title', { name: staff.name })} />
      <p className="-mt-4 mb-6 text-sm text-muted" data-testid="dashboard-role">
        {t('role', { role: tr(staff.role) })}
      </p>
      <DashboardOverview />
      <h2 className="mb-3 text-lg font-semibold text-ink">{t('shortcuts')}</h2>
      <ul className="grid gap-4 desk:grid-cols-4">
        {CARDS.filter((card) => may(staff.role, card.permission)).map((card) => (
          <li key={card.key}>
            <Link
              href={card.href}
              className="block h-full rounded-xl border border-line bg-white p-5 shadow-sm hover:border-brand-500"
            >
              <span className="block font-semibold text-brand-700">{t(`cards.${card.key}.title`)}</span>
              <span className="mt-1 block text-sm text-muted">{t(`cards.${card.key}.text`)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
