'use client';

import { createContext, useContext } from 'react';
import type { AdminLocale, StaffRole } from '@/lib/admin/schemas';

export type Staff = {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  locale?: AdminLocale;
  status?: 'active' | 'disabled' | 'invited';
  createdAt?: string;
};

export type Session = { staff: Staff; csrfToken: string };

export type SessionState = {
  session: Session | null;
  signedIn: (session: Session) => void;
  signOut: () => Promise<void>;
};

export const SessionContext = createContext<SessionState>({
  session: null,
  signedIn: () => {},
  signOut: async () => {},
});

export function useSession(): SessionState {
  return useContext(SessionContext);
}

/**
 * What each role may do, to show only the navigation and buttons that will work (the roles table of
 * docs/product/back-office-api.md). The server checks every call again; this only spares staff a refusal.
 */
export type Ability =
  | 'announcements.read'
  | 'announcements.edit'
  | 'audit.all'
  | 'staff'
  | 'content.revert'
  | 'support'
  | 'promotions.edit'
  | 'prices.edit';

const ABILITIES: Record<StaffRole, readonly Ability[]> = {
  owner: [
    'announcements.read',
    'announcements.edit',
    'audit.all',
    'staff',
    'content.revert',
    'support',
    'promotions.edit',
    'prices.edit',
  ],
  editor: ['announcements.read', 'announcements.edit', 'content.revert'],
  manager: ['announcements.read', 'support', 'promotions.edit', 'prices.edit'],
  support: ['announcements.read', 'support'],
};

export function can(role: StaffRole | undefined, ability: Ability): boolean {
  return role !== undefined && ABILITIES[role].includes(ability);
}
