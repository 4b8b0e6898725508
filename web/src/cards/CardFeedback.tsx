// Consumers' sentiment buttons and share-feedback (part 2 §4): positive or negative, clicking the active
// one removes it; feedback needs text, shows "sent" and resets after 3 s (the modal closes after 5 s),
// and a failure is an inline error.
import { ActionIcon, Alert, Button, Group, Modal, Stack, Text, Textarea, Tooltip } from '@mantine/core';
import { useTimeout } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from '../i18n/react.tsx';
import { SENTIMENT, type Sentiment } from '../../../contracts/cards.ts';
import { useSession } from '../core/SessionContext.tsx';
import { CheckIcon } from '../brand/icons.tsx';
import { useSendFeedback, useSetSentiment } from './api.ts';
import { FEEDBACK_MODAL_CLOSE_MS, FEEDBACK_SUCCESS_RESET_MS } from './constants.ts';
import { MessageIcon, ThumbDownIcon, ThumbUpIcon } from './icons.tsx';
import { nextSentiment, sentimentOf } from './model.ts';
import '../i18n/areas/cardsAuthoring.ts';

export function SentimentButtons({ cardId, size = 'md' }: { cardId: number; size?: 'sm' | 'md' }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const current = sentimentOf(user.userData, cardId);
  const set = useSetSentiment(cardId);
  const button = (value: Sentiment, label: string, icon: React.ReactNode, color: string) => (
    <Tooltip label={label}>
      <ActionIcon
        variant={current === value ? 'filled' : 'subtle'}
        color={current === value ? color : 'gray'}
        size={size}
        aria-label={label}
        aria-pressed={current === value}
        onClick={() => set.mutate(nextSentiment(current, value))}
        data-testid={`sentiment-${value === SENTIMENT.positive ? 'positive' : 'negative'}`}
      >
        {icon}
      </ActionIcon>
    </Tooltip>
  );
  return (
    <Group gap={4} role="group" aria-label={t('cardsAuthoring.sentiment.label')} data-testid="card-sentiment" data-sentiment={current ?? 'none'}>
      {button(SENTIMENT.positive, t('cardsAuthoring.sentiment.positive'), <ThumbUpIcon />, 'teal')}
      {button(SENTIMENT.negative, t('cardsAuthoring.sentiment.negative'), <ThumbDownIcon />, 'red')}
    </Group>
  );
}

/** The feedback form with its sent and error states; `resetMs` after sending, `onSentDone` runs. */
function FeedbackForm({ cardId, resetMs, onCancel, onSentDone }: { cardId: number; resetMs: number; onCancel: () => void; onSentDone: () => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const send = useSendFeedback(cardId);
  const reset = useTimeout(onSentDone, resetMs);
  if (send.isSuccess) {
    return (
      <Alert color="teal" variant="light" icon={<CheckIcon size={16} />} role="status" data-testid="feedback-sent">
        {t('cardsAuthoring.feedback.sent')}
      </Alert>
    );
  }
  const submit = () => {
    if (!text.trim()) return;
    send.mutate(text.trim(), { onSuccess: () => reset.start() });
  };
  return (
    <Stack gap={6} component="form" onSubmit={(e) => (e.preventDefault(), submit())} data-testid="feedback-form">
      <Textarea
        aria-label={t('cardsAuthoring.feedback.label')}
        placeholder={t('cardsAuthoring.feedback.placeholder')}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        autosize
        minRows={2}
        maxRows={6}
        data-autofocus
        data-testid="feedback-text"
      />
      {send.isError && (
        <Text size="xs" c="red" role="alert" data-testid="feedback-error">
          {t('cardsAuthoring.feedback.failed')}
        </Text>
      )}
      <Group gap="xs" justify="flex-end">
        <Button size="xs" variant="default" onClick={onCancel}>
          {t('cardsAuthoring.feedback.cancel')}
        </Button>
        <Button size="xs" type="submit" disabled={!text.trim()} loading={send.isPending} data-testid="feedback-send">
          {t('cardsAuthoring.feedback.send')}
        </Button>
      </Group>
    </Stack>
  );
}

/** The feedback box of the card viewer: closed, open, sent (then closed again after 3 s). */
export function FeedbackBox({ cardId }: { cardId: number }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [round, setRound] = useState(0);
  if (!open) {
    return (
      <Button size="xs" variant="subtle" color="gray" leftSection={<MessageIcon size={14} />} onClick={() => setOpen(true)} data-testid="feedback-open">
        {t('cardsAuthoring.feedback.open')}
      </Button>
    );
  }
  const close = () => {
    setOpen(false);
    setRound((r) => r + 1);
  };
  return <FeedbackForm key={round} cardId={cardId} resetMs={FEEDBACK_SUCCESS_RESET_MS} onCancel={close} onSentDone={close} />;
}

/** The share-feedback dialog opened from a card in a lane; it closes 5 s after sending. */
export function FeedbackModal({ cardId, cardName, onClose }: { cardId: number; cardName: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened onClose={onClose} title={`${t('cardsAuthoring.feedback.open')}: ${cardName}`}>
      <FeedbackForm cardId={cardId} resetMs={FEEDBACK_MODAL_CLOSE_MS} onCancel={onClose} onSentDone={onClose} />
    </Modal>
  );
}
