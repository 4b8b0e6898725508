// The signed-in user and company, available to every screen once the bootstrap (shell/AuthGate.tsx) has loaded
// them. core/ is the ground every screen imports (this context, the route table, the theme, chunk loading and
// preloading); it imports no screen and nothing of shell/, the app's shell that mounts it (eslint.config.js).
import { createContext, useContext } from 'react';
import type { Company, User } from '../../../contracts/account.ts';

export type SessionState = { user: User; company: Company };

export const SessionContext = createContext<SessionState | null>(null);

/** Throws 'State not ready' when read before user and company have loaded (part 1 §8). */
export function useSession(): SessionState {
  const state = useContext(SessionContext);
  if (!state) throw new Error('State not ready');
  return state;
}
