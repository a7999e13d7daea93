import { createNavigation } from 'next-intl/navigation';
import { routing } from './routing';

// The only place locale-aware links and redirects come from (DESIGN §3).
export const { Link, redirect, usePathname, useRouter, getPathname } = createNavigation(routing);
