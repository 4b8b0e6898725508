// "Create card" from an insight (part 3 §7.1): the server drafts the card (POST …/card), the curator edits
// its title, its text (in the card editor every card is written in) and quote, and picks a board (the rival's
// own first, any board of the company allowed); then the card is created (POST /cards.json?v=3) with the
// insight's reviews as its sources (POST /cards/{id}/sources). Loaded when first opened: the editor is large.
import { Alert, Anchor, Button, Group, Modal, Skeleton, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import type { InsightCardDraft, InsightView } from '../../../contracts/insights.ts';
import { AlertIcon } from '../brand/icons.tsx';
import { BoardPicker, useBoardChoice } from '../cards/BoardPicker.tsx';
import { CardTextEditor } from '../cards/editor/CardTextEditor.tsx';
import { storedText } from '../cards/editor/formulaText.ts';
import { useCardText } from '../cards/editor/useCardText.ts';
import { useTranslation } from '../i18n/react.tsx';
import { useCreateInsightCard, useDraftInsightCard } from './api.ts';
import { usePhone } from '../shared/usePhone.ts';
import { cardPath, insightCardHtml } from './model.ts';
import { useErrorText } from '../api/errorText.ts';
import '../i18n/areas/insights.ts';

type Props = { insight: InsightView; supportedRivalId: number; onClose: () => void };

export function CreateCardDialog({ insight, supportedRivalId, onClose }: Props) {
  const { t } = useTranslation();
  const phone = usePhone();
  const draft = useDraftInsightCard(supportedRivalId);
  const { mutate: makeDraft } = draft;
  useEffect(() => makeDraft(insight.id), [makeDraft, insight.id]);
  return (
    <Modal opened onClose={onClose} title={t('insights.card.title')} size="xl" radius="lg" fullScreen={phone} data-testid="insight-card-dialog">
      {draft.isError ? (
        <Alert color="red" variant="light" icon={<AlertIcon />} data-testid="insight-card-draft-error">
          {t('insights.card.draftFailed')}
        </Alert>
      ) : draft.data ? (
        <CardForm draft={draft.data} supportedRivalId={supportedRivalId} onClose={onClose} />
      ) : (
        <Stack gap="sm">
          <Skeleton h={36} />
          <Skeleton h={120} />
          <Skeleton h={36} />
        </Stack>
      )}
    </Modal>
  );
}

function CardForm({ draft, supportedRivalId, onClose }: { draft: InsightCardDraft; supportedRivalId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const { errorText } = useErrorText();
  const navigate = useNavigate();
  const [name, setName] = useState(draft.title);
  const text = useCardText();
  const { load } = text;
  useEffect(() => {
    load(draft.body);
  }, [load, draft.body]);
  const [quote, setQuote] = useState(draft.quote);
  // The rival's first board until the curator picks one.
  const choice = useBoardChoice(supportedRivalId);
  const { rivalId, boardId: board } = choice;
  const create = useCreateInsightCard();

  const submit = () => {
    if (board === null || !name.trim()) return;
    create.mutate(
      { boardId: board, data: { name: name.trim(), ...storedText(insightCardHtml(text.current().textHtml, quote)) }, sources: draft.sources },
      {
        onSuccess: ({ card, sourcesFailed }) => {
          const to = cardPath(card.board.profileId, card.id);
          const id = notifications.show({
            color: sourcesFailed ? 'yellow' : 'teal',
            autoClose: 8000,
            message: (
              <Text size="sm" data-testid="insight-card-created">
                {t(sourcesFailed ? 'insights.card.createdWithoutSources' : 'insights.card.created', { board: card.board.name })}{' '}
                <Anchor
                  href={to}
                  size="sm"
                  fw={600}
                  onClick={(e) => {
                    e.preventDefault();
                    notifications.hide(id);
                    navigate(to);
                  }}
                  data-testid="insight-card-link"
                >
                  {t('insights.card.open')}
                </Anchor>
              </Text>
            ),
          });
          onClose();
        },
      },
    );
  };

  return (
    <Stack gap="sm" data-testid="insight-card-form">
      <TextInput label={t('insights.card.name')} value={name} onChange={(e) => setName(e.currentTarget.value)} required maxLength={500} data-testid="insight-card-name" />
      <Stack gap={4} data-testid="insight-card-body">
        <Text size="sm" fw={500}>
          {t('insights.card.body')}
        </Text>
        <CardTextEditor text={text} rivalId={rivalId} />
      </Stack>
      <Textarea label={t('insights.card.quote')} value={quote} onChange={(e) => setQuote(e.currentTarget.value)} autosize minRows={2} maxRows={6} data-testid="insight-card-quote" />
      <Text size="xs" c="dimmed">
        {t('insights.card.sources', { count: draft.sources.length })}
      </Text>
      <BoardPicker
        choice={choice}
        labels={{ rival: t('insights.card.rival'), board: t('insights.card.board'), boardPlaceholder: t('insights.card.boardPlaceholder'), noBoards: t('insights.card.noBoards') }}
        testIdPrefix="insight-card"
      />
      {create.isError && (
        <Alert color="red" variant="light" icon={<AlertIcon />} data-testid="insight-card-error">
          {t('insights.card.failed', { message: errorText(create.error) })}
        </Alert>
      )}
      <Group justify="flex-end" mt="xs">
        <Button variant="default" onClick={onClose}>
          {t('insights.cancel')}
        </Button>
        <Button onClick={submit} disabled={board === null || !name.trim()} loading={create.isPending} data-testid="insight-card-submit">
          {t('insights.card.submit')}
        </Button>
      </Group>
    </Stack>
  );
}
