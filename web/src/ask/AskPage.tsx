// The Ask page, /ask-rivalscope (part 3 §2.4 Ask page, §4.4): the chat with a header (history,
// new chat, close) and an initial screen with title, suggestions, wizard flows, an optional toggle
// showing the competitor boards below, and a link to them. ?q= (from unified search) is asked once.
import { ActionIcon, Box, Group, Stack, Text, Tooltip } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../i18n/react.tsx';
import { useNavigate, useSearchParams } from 'react-router';
import { ClockIcon, CloseIcon, PlusIcon } from '../brand/icons.tsx';
import { DashboardPage } from '../dashboard/DashboardPage.tsx';
import { useBoardsToggle, usePromptLibrary } from './api.ts';
import { AskModal } from './AskModal.tsx';
import { ChatView } from './ChatView.tsx';
import { AskInitialScreen } from './InitialScreen.tsx';
import { useAskSession } from './useAskSession.ts';
import '../i18n/areas/ask.ts';

/** Query values the way to the dashboard keeps (part 3 §4.4). */
const DASHBOARD_KEPT_PARAMS = ['group', 'sort'];

export function AskPage() {
  const { t } = useTranslation();
  useDocumentTitle(`${t('ask.title')} · ${t('app.titleSuffix')}`);
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const session = useAskSession();
  const library = usePromptLibrary();
  const [historyOpen, setHistoryOpen] = useState(false);
  const boards = useBoardsToggle();
  const asked = useRef<string | null>(null);

  // A question from unified search is asked once; the URL then drops it so a reload does not ask again.
  const q = params.get('q')?.trim() ?? '';
  const send = session.chat.send;
  useEffect(() => {
    if (!q || asked.current === q) return;
    asked.current = q;
    send(q);
    const next = new URLSearchParams(params);
    next.delete('q');
    setParams(next, { replace: true });
  }, [q, params, setParams, send]);

  const close = () => {
    const kept = new URLSearchParams();
    for (const k of DASHBOARD_KEPT_PARAMS) if (params.get(k)) kept.set(k, params.get(k)!);
    navigate(`/dashboard${kept.size ? `?${kept}` : ''}`);
  };

  const initial = session.chat.items.length === 0;
  const initialScreen = <AskInitialScreen session={session} boards={boards} />;
  return (
    <Stack gap="sm" pt="md" maw={960} w="100%" mx="auto" data-testid="page-ask">
      <Group justify="space-between">
        <Group gap="xs">
          <Tooltip label={t('ask.history.toggle')}>
            <ActionIcon variant="light" aria-label={t('ask.history.toggle')} onClick={() => setHistoryOpen(true)} data-testid="ask-history-toggle">
              <ClockIcon size={16} />
            </ActionIcon>
          </Tooltip>
          <Text fw={700}>{t('ask.title')}</Text>
        </Group>
        <Group gap="xs">
          <Tooltip label={t('ask.newChat')}>
            <ActionIcon variant="light" aria-label={t('ask.newChat')} onClick={session.chat.newChat} data-testid="ask-page-new-chat">
              <PlusIcon size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('ask.close')}>
            <ActionIcon variant="subtle" color="gray" aria-label={t('ask.close')} onClick={close} data-testid="ask-page-close">
              <CloseIcon size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
      <Box h={initial ? undefined : 'calc(100vh - 180px)'}>
        <ChatView
          chat={session.chat}
          library={library.data}
          research={session.researchControl}
          initialScreen={initialScreen}
          wizard={session.wizard}
          onWizardEnd={() => session.setWizard(null)}
          context={session.context}
        />
      </Box>
      {initial && boards.on && <DashboardPage embedded />}
      <AskModal session={session} opened={historyOpen} onClose={() => setHistoryOpen(false)} initialScreen={initialScreen} />
    </Stack>
  );
}
