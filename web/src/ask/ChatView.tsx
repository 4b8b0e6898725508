// The chat shared by the Ask page and the Ask modal: the restore states, the chat items, an active
// wizard, and the input at the bottom. Before the first question it shows the given initial screen.
import { Alert, Group, Loader, ScrollArea, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '../i18n/react.tsx';
import type { PromptLibrary, WizardFlow } from '../../../contracts/ask.ts';
import { AlertIcon } from '../brand/icons.tsx';
import { AnswerView } from './AnswerView.tsx';
import { AskInput } from './AskInput.tsx';
import type { RivalContext } from './useAskSession.ts';
import type { Chat } from './useChat.ts';
import { Wizard } from './Wizard.tsx';
import '../i18n/areas/ask.ts';

export type ChatViewProps = {
  chat: Chat;
  library?: PromptLibrary;
  research: { on: boolean; set: (on: boolean) => void } | null;
  initialScreen: ReactNode;
  wizard: WizardFlow | null;
  onWizardEnd: () => void;
  /** A question to put in the input (a picked suggestion or prompt). */
  draft?: { text: string; seq: number };
  context?: RivalContext;
};

export function ChatView({ chat, library, research, initialScreen, wizard, onWizardEnd, draft, context }: ChatViewProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const endRef = useRef<HTMLDivElement>(null);
  const initial = chat.items.length === 0 && chat.restore !== 'loading' && !wizard;

  useEffect(() => {
    if (draft) {
      setText(draft.text);
      inputRef.current?.focus();
    }
  }, [draft]);

  const last = chat.items.at(-1);
  useEffect(() => {
    endRef.current?.scrollIntoView?.({ block: 'end' });
  }, [chat.items.length, last?.status, last?.sources.length]);

  const send = (question: string) => {
    chat.send(question);
    setText('');
  };

  return (
    <Stack gap="md" h="100%" style={{ minHeight: 0 }}>
      <ScrollArea flex={1} type="auto" data-testid="ask-chat">
        <Stack gap="lg" p="xs">
          {chat.restore === 'loading' && (
            <Group gap="xs" data-testid="ask-restore-loading">
              <Loader size="xs" />
              <Text size="sm" c="dimmed">
                {t('ask.restore.loading')}
              </Text>
            </Group>
          )}
          {chat.restore === 'error' && (
            <Alert color="red" variant="light" icon={<AlertIcon />} title={t('ask.error.title')} data-testid="ask-restore-error">
              {t('ask.restore.error')}
            </Alert>
          )}
          {initial && chat.restore !== 'error' && initialScreen}
          {chat.items.map((item) => (
            <AnswerView
              key={item.key}
              item={item}
              onRetry={() => chat.retry(item.key)}
              onSentiment={(s) => chat.setSentiment(item.key, s)}
              onAskAbout={(rival) => chat.send(item.question, { rivalId: rival.id })}
              busy={chat.loading}
            />
          ))}
          {wizard && library && (
            <Wizard
              flow={wizard}
              rivals={library.rivals}
              featured={library.featuredRivals}
              onCancel={onWizardEnd}
              onDone={(prompt) => {
                onWizardEnd();
                send(prompt);
              }}
            />
          )}
          <div ref={endRef} />
        </Stack>
      </ScrollArea>
      <AskInput
        ref={inputRef}
        value={text}
        onChange={setText}
        onSend={send}
        loading={chat.loading}
        hint={initial ? 'initial' : 'page'}
        library={library}
        research={research}
        context={context}
        autoFocus
      />
    </Stack>
  );
}
