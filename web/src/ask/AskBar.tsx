// The dashboard's ask bar (part 3 §2.4 Dashboard): a question box, suggestions and wizard buttons;
// asking opens the Ask modal with the chat.
import { Paper, Stack, Text } from '@mantine/core';
import { Suspense, useState } from 'react';
import type { AskRival, WizardFlow } from '../../../contracts/ask.ts';
import { lazyComponent } from '../core/chunkReload.ts';
import { useSession } from '../core/SessionContext.tsx';
import { useTranslation } from '../i18n/react.tsx';
import { usePhone } from '../shared/usePhone.ts';
import { flag } from '../user/permissions.ts';
import type { AskBarRequest } from './AskBarChat.tsx';
import { usePromptLibrary } from './api.ts';
import { AskInput } from './AskInput.tsx';
import { Suggestions } from './Suggestions.tsx';
import { WizardButtons } from './WizardButtons.tsx';
import '../i18n/areas/ask.ts';

// The chat (session, answers, sources, history) loads with the first question, not with the dashboard.
const AskBarChat = lazyComponent(() => import('./AskBarChat.tsx'), 'AskBarChat');

export function AskBar() {
  const { t } = useTranslation();
  const { company } = useSession();
  const library = usePromptLibrary();
  // On a phone the chips take one row each and the title goes, so the competitor tiles below start on the first screen.
  const phone = usePhone();
  const [text, setText] = useState('');
  const [rival, setRival] = useState<AskRival | null>(null);
  const [request, setRequest] = useState<AskBarRequest | null>(null);
  // The chat stays mounted from the first request on, so closing keeps its transition.
  const [opened, setOpened] = useState(false);
  const nextId = (request?.id ?? 0) + 1;

  const ask = (question: string) => {
    setRequest({ id: nextId, question });
    setText('');
    setOpened(true);
  };
  const startWizard = (flow: WizardFlow) => {
    setRequest({ id: nextId, flow });
    setOpened(true);
  };
  const context = { rival, set: setRival };

  return (
    <Paper withBorder radius="lg" p="md" data-testid="ask-bar">
      <Stack gap="sm">
        {/* On a phone the input's placeholder says it. */}
        <Text fw={700} visibleFrom="xs">
          {t('ask.bar.title')}
        </Text>
        <AskInput value={text} onChange={setText} onSend={ask} loading={false} hint="default" library={library.data} research={null} context={context} />
        {library.data && <Suggestions library={library.data} onPick={ask} oneRow={phone} />}
        {library.data && flag(company, 'askWizard') && <WizardButtons flows={library.data.wizardFlows} onStart={startWizard} oneRow={phone} />}
      </Stack>
      {request && (
        <Suspense fallback={null}>
          <AskBarChat request={request} context={context} opened={opened} onClose={() => setOpened(false)} />
        </Suspense>
      )}
    </Paper>
  );
}
