// What one Ask surface (the page, or a modal) holds around its chat: research mode and the view-as
// group for curators, an active wizard flow, and the rival the questions are about (a profile's or
// battlecard's rival, or one picked in the input), sent as context so retrieval looks there first.
import { useState } from 'react';
import type { AskRival, WizardFlow } from '../../../contracts/ask.ts';
import { useSession } from '../core/SessionContext.tsx';
import { isCurator } from '../user/permissions.ts';
import { useChat } from './useChat.ts';

export type RivalContext = { rival: AskRival | null; set: (rival: AskRival | null) => void };

/** A session; `shared` is the rival context when its owner (the dashboard's bar) keeps it outside the session. */
export function useAskSession(initialRival: AskRival | null = null, shared?: RivalContext) {
  const { user } = useSession();
  const curator = isCurator(user);
  const [research, setResearch] = useState(false);
  const [viewAs, setViewAs] = useState<number | undefined>(undefined);
  const [wizard, setWizard] = useState<WizardFlow | null>(null);
  const [rival, setRival] = useState<AskRival | null>(initialRival);
  const context: RivalContext = shared ?? { rival, set: setRival };
  const chat = useChat({ research: curator && research, rivalId: context.rival?.id, visibilityGroupId: curator ? viewAs : undefined });
  return {
    chat,
    researchControl: curator ? { on: research, set: setResearch } : null,
    viewAs,
    setViewAs,
    wizard,
    setWizard,
    context,
  };
}

export type AskSession = ReturnType<typeof useAskSession>;
