// The Ask modal (part 3 §2.4, §4.3): the chat with a sidebar of past sessions, a curator banner to
// pick the view-as group, and on close the feedback prompt (counter 1 or every 5th close, not on
// the initial screen, once per page). On a phone the modal fills the screen and the history replaces the chat while
// its toggle is on, as there is no room for both side by side.
import { ActionIcon, Alert, Button, Group, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '../i18n/react.tsx';
import { useSession } from '../core/SessionContext.tsx';
import { HistoryIcon, PlusIcon, UserSwitchIcon } from '../brand/icons.tsx';
import { usePhone } from '../shared/usePhone.ts';
import { isCurator } from '../user/permissions.ts';
import { trackAsk, useAskVisibilityGroups, usePromptLibrary } from './api.ts';
import { ChatView } from './ChatView.tsx';
import { HistorySidebar } from './HistorySidebar.tsx';
import { showCloseFeedback } from './model.ts';
import type { AskSession } from './useAskSession.ts';
import '../i18n/areas/ask.ts';

/** Modal sizes (part 3 §9 Display). */
const MODAL_WIDTH_WITH_SIDEBAR = 1045;
const FEEDBACK_COUNTER_KEY = 'askRivalscopeFeedbackCounter';
let feedbackShownThisPage = false;

function nextCloseCount(): number {
  const n = (Number(window.localStorage.getItem(FEEDBACK_COUNTER_KEY)) || 0) + 1;
  window.localStorage.setItem(FEEDBACK_COUNTER_KEY, String(n));
  return n;
}

function CloseFeedback({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const [step, setStep] = useState<'ask' | 'no' | 'thanks'>('ask');
  const [text, setText] = useState('');
  const submit = (answer: 'yes' | 'no') => {
    trackAsk({ kind: 'closeFeedback', data: { answer, ...(answer === 'no' && text.trim() ? { text: text.trim() } : {}) } });
    setStep('thanks');
    setTimeout(onDone, 1200);
  };
  return (
    <Stack gap="sm" data-testid="ask-close-feedback">
      {step === 'thanks' ? (
        <Text>{t('ask.closeFeedback.thanks')}</Text>
      ) : (
        <>
          <Text fw={600}>{t('ask.closeFeedback.question')}</Text>
          {step === 'no' && <Textarea label={t('ask.closeFeedback.textLabel')} value={text} onChange={(e) => setText(e.currentTarget.value)} autosize minRows={2} />}
          <Group justify="flex-end" gap="xs">
            <Button
              variant="subtle"
              color="gray"
              onClick={() => {
                trackAsk({ kind: 'closeFeedback', data: { answer: 'skip' } });
                onDone();
              }}
            >
              {t('ask.closeFeedback.skip')}
            </Button>
            {step === 'ask' ? (
              <>
                <Button variant="default" onClick={() => setStep('no')}>
                  {t('ask.closeFeedback.no')}
                </Button>
                <Button onClick={() => submit('yes')}>{t('ask.closeFeedback.yes')}</Button>
              </>
            ) : (
              <Button disabled={!text.trim()} onClick={() => submit('no')}>
                {t('ask.closeFeedback.submit')}
              </Button>
            )}
          </Group>
        </>
      )}
    </Stack>
  );
}

function ViewAsBanner({ value, onChange }: { value: number | undefined; onChange: (v: number | undefined) => void }) {
  const { t } = useTranslation();
  const groups = useAskVisibilityGroups(true);
  const data = [
    { value: 'all', label: t('ask.modal.viewAsAll') },
    { value: '0', label: t('ask.modal.viewAsEveryone') },
    ...(groups.data?.groups ?? []).map((g) => ({ value: String(g.id), label: g.name })),
  ];
  return (
    <Alert color="indigo" variant="light" p="xs" icon={<UserSwitchIcon size={16} />} data-testid="ask-view-as">
      <Group gap="xs">
        <Text size="sm">{t('ask.modal.viewAs')}</Text>
        <Select size="xs" data={data} value={value === undefined ? 'all' : String(value)} onChange={(v) => onChange(!v || v === 'all' ? undefined : Number(v))} allowDeselect={false} w={220} />
      </Group>
    </Alert>
  );
}

export function AskModal({ session, opened, onClose, initialScreen }: { session: AskSession; opened: boolean; onClose: () => void; initialScreen: ReactNode }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const library = usePromptLibrary();
  const [feedback, setFeedback] = useState(false);
  const closing = useRef(false);
  const phone = usePhone();
  const [historyShown, setHistoryShown] = useState(false);
  const { chat } = session;
  const pick = (id: number) => {
    setHistoryShown(false);
    void chat.restoreSession(id);
  };

  const requestClose = () => {
    if (feedback || closing.current) return;
    const initial = chat.items.length === 0;
    if (showCloseFeedback(nextCloseCount(), feedbackShownThisPage, initial)) {
      feedbackShownThisPage = true;
      setFeedback(true);
      return;
    }
    onClose();
  };

  return (
    <Modal
      opened={opened}
      onClose={requestClose}
      size={MODAL_WIDTH_WITH_SIDEBAR}
      fullScreen={phone}
      title={
        <Group gap="sm">
          {phone && (
            <ActionIcon
              variant={historyShown ? 'filled' : 'subtle'}
              aria-label={t('ask.history.toggle')}
              aria-pressed={historyShown}
              onClick={() => setHistoryShown((v) => !v)}
              data-testid="ask-history-toggle"
            >
              <HistoryIcon size={16} />
            </ActionIcon>
          )}
          <Text fw={700}>{t('ask.modal.title')}</Text>
          <Button size="compact-xs" variant="light" leftSection={<PlusIcon size={12} />} onClick={chat.newChat} data-testid="ask-new-chat">
            {t('ask.newChat')}
          </Button>
        </Group>
      }
      closeButtonProps={{ 'aria-label': t('ask.close') }}
      styles={phone ? { body: { height: 'calc(100dvh - 70px)' } } : { content: { maxHeight: '95vh' }, body: { height: 'min(80vh, 760px)' } }}
      data-testid="ask-modal"
    >
      {feedback ? (
        <CloseFeedback
          onDone={() => {
            setFeedback(false);
            onClose();
          }}
        />
      ) : (
        <Group align="stretch" gap="md" h="100%" wrap="nowrap">
          {(!phone || historyShown) && <HistorySidebar activeId={chat.sessionId} onPick={pick} fill={phone} />}
          <Stack flex={1} gap="xs" style={{ minWidth: 0 }} display={phone && historyShown ? 'none' : undefined}>
            {isCurator(user) && <ViewAsBanner value={session.viewAs} onChange={session.setViewAs} />}
            <ChatView
              chat={chat}
              library={library.data}
              research={session.researchControl}
              initialScreen={initialScreen}
              wizard={session.wizard}
              onWizardEnd={() => session.setWizard(null)}
              context={session.context}
            />
          </Stack>
        </Group>
      )}
    </Modal>
  );
}
