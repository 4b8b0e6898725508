// The dashboard's ask bar (part 3 §2.4 Dashboard): a question box, suggestions and wizard buttons;
// asking opens the Ask modal with the chat.
import { Paper, Stack, Text } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WizardFlow } from '../../../contracts/ask.ts';
import { useSession } from '../app/SessionContext.tsx';
import { flag } from '../user/permissions.ts';
import { usePromptLibrary } from './api.ts';
import { AskInput } from './AskInput.tsx';
import { AskInitialScreen } from './InitialScreen.tsx';
import { Suggestions } from './Suggestions.tsx';
import { useAskSession } from './useAskSession.ts';
import { WizardButtons } from './Wizard.tsx';

// The chat (answers, sources, history) loads with the first question, not with the dashboard.
const AskModal = lazy(() => import('./AskModal.tsx').then((m) => ({ default: m.AskModal })));

export function AskBar() {
  const { t } = useTranslation();
  const { company } = useSession();
  const session = useAskSession();
  const library = usePromptLibrary();
  const [text, setText] = useState('');
  const [opened, setOpened] = useState(false);
  // Mounted from the first opening on, so closing keeps its transition.
  const [asked, setAsked] = useState(false);
  const open = () => {
    setOpened(true);
    setAsked(true);
  };

  const ask = (question: string) => {
    session.chat.send(question);
    setText('');
    open();
  };
  const startWizard = (flow: WizardFlow) => {
    session.setWizard(flow);
    open();
  };

  return (
    <Paper withBorder radius="lg" p="md" data-testid="ask-bar">
      <Stack gap="sm">
        <Text fw={700}>{t('ask.bar.title')}</Text>
        <AskInput value={text} onChange={setText} onSend={ask} loading={false} placeholder="default" library={library.data} research={null} context={session.context} />
        {library.data && <Suggestions library={library.data} onPick={ask} />}
        {library.data && flag(company, 'askWizard') && <WizardButtons flows={library.data.wizardFlows} onStart={startWizard} />}
      </Stack>
      {asked && (
        <Suspense fallback={null}>
          <AskModal session={session} opened={opened} onClose={() => setOpened(false)} initialScreen={<AskInitialScreen session={session} />} />
        </Suspense>
      )}
    </Paper>
  );
}
