// The signed-in user and company, available to every screen once the bootstrap has loaded them.
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
