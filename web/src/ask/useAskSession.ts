// What one Ask surface (the page, or the dashboard bar's modal) holds around its chat: research mode
// and the view-as group for curators, and an active wizard flow.
import { useState } from 'react';
import type { WizardFlow } from '../../../contracts/ask.ts';
import { useSession } from '../app/SessionContext.tsx';
import { isCurator } from '../user/permissions.ts';
import { useChat } from './useChat.ts';

export function useAskSession(rivalId?: number) {
  const { user } = useSession();
  const curator = isCurator(user);
  const [research, setResearch] = useState(false);
  const [viewAs, setViewAs] = useState<number | undefined>(undefined);
  const [wizard, setWizard] = useState<WizardFlow | null>(null);
  const chat = useChat({ research: curator && research, rivalId, visibilityGroupId: curator ? viewAs : undefined });
  return {
    chat,
    researchControl: curator ? { on: research, set: setResearch } : null,
    viewAs,
    setViewAs,
    wizard,
    setWizard,
  };
}

export type AskSession = ReturnType<typeof useAskSession>;
