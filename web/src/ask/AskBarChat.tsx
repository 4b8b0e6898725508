// The dashboard Ask bar's chat: its session and modal, loaded with the first question or wizard flow, so
// the dashboard does not download the chat to show the bar.
import { useEffect, useRef } from 'react';
import type { WizardFlow } from '../../../contracts/ask.ts';
import { AskModal } from './AskModal.tsx';
import { AskInitialScreen } from './InitialScreen.tsx';
import { useAskSession, type RivalContext } from './useAskSession.ts';

/** What the bar asked for; a new id for each question or flow, so asking the same thing twice sends twice. */
export type AskBarRequest = { id: number } & ({ question: string } | { flow: WizardFlow });

export function AskBarChat({ request, context, opened, onClose }: { request: AskBarRequest; context: RivalContext; opened: boolean; onClose: () => void }) {
  const session = useAskSession(null, context);
  const { send } = session.chat;
  const { setWizard } = session;
  // Once per request id, even when React runs the effect again for the same request (strict mode).
  const handled = useRef(0);
  useEffect(() => {
    if (request.id === handled.current) return;
    handled.current = request.id;
    if ('question' in request) send(request.question);
    else setWizard(request.flow);
  }, [request, send, setWizard]);
  return <AskModal session={session} opened={opened} onClose={onClose} initialScreen={<AskInitialScreen session={session} />} />;
}
