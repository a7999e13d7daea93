import { createNavigation } from 'next-intl/navigation';
import { routing } from './routing';

// The only place locale-aware links and redirects come from (DESIGN §3); the path hooks that hide the
// internal currency segment live in navigation-client.ts.
export const navigation = createNavigation(routing);
export const { Link, redirect, useRouter, getPathname } = navigation;
