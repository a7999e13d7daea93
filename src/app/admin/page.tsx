import { Dashboard } from '@/components/admin/dashboard';

/** /admin: the sign-in form (src/app/admin/layout.tsx shows it while nobody is signed in), then the dashboard. */
export default function AdminHome() {
  return <Dashboard />;
}
