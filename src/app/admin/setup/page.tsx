import { StaffSetup } from '@/components/admin/setup';
import { adminPageMetadata } from '../messages';

export const generateMetadata = () => adminPageMetadata('setup');

/** /admin/setup?token=…: a new staff member's one-time link (docs/product/back-office-api.md). */
export default async function SetupPage({ searchParams }: { searchParams: Promise<{ token?: string | string[] }> }) {
  const { token } = await searchParams;
  return <StaffSetup token={typeof token === 'string' ? token : ''} />;
}
