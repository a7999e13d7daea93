import 'server-only';

// The one vocabulary of what each role may do lives with the screens that read it too.
export { may, PERMISSIONS, type Permission } from '@/lib/admin/permissions';
