'use client';

import { createContext, useContext } from 'react';
import type { Session } from '@/lib/admin/session-schemas';

/**
 * Who is signed in, as the sign-in and `GET /api/admin/auth/me` answer it (their type is the answer's schema's).
 * What a role may do is asked of `may(role, permission)` (src/lib/admin/permissions.ts), as the server asks it.
 */
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
