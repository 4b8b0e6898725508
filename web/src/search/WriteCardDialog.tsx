// "Write a card for this" (part 1 §2 Reports, contracts/reports.ts writeCardPath): a search nobody found anything
// for, opened from search analytics with ?newCard=1. A curator writes the missing card here: its title starts as
// the search terms, it goes on a board of a rival picked here (cards/BoardPicker.tsx), its text is written in the
// card editor every card is written in. Once created, the card opens on its board. Loaded when first opened.
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { AlertIcon } from '../brand/icons.tsx';
import { useCreateCard } from '../cards/api.ts';
import { BoardPicker, useBoardChoice } from '../cards/BoardPicker.tsx';
import { CardTextEditor } from '../cards/editor/CardTextEditor.tsx';
import { useCardText } from '../cards/editor/useCardText.ts';
import { useTranslation } from '../i18n/react.tsx';
import { toastSuccess } from '../shared/toast.ts';
import { usePhone } from '../shared/usePhone.ts';
import { useErrorText } from '../api/errorText.ts';
import '../i18n/areas/writeCard.ts';

/** The template of cards written in the card editor (the v=3 short form of contracts/cards.ts). */
const EDITOR_TEMPLATE = 'CardHTML';
const NAME_MAX = 500;

export function WriteCardDialog({ terms, onClose }: { terms: string; onClose: () => void }) {
  const { t } = useTranslation();
  const { errorText } = useErrorText();
  const phone = usePhone();
  const navigate = useNavigate();
  const [name, setName] = useState(terms.slice(0, NAME_MAX));
  const [touched, setTouched] = useState(false);
  const choice = useBoardChoice(null);
  const text = useCardText();
  const create = useCreateCard();
  const nameError = touched && !name.trim() ? t('writeCard.nameRequired') : null;

  const submit = () => {
    setTouched(true);
    if (!name.trim() || choice.boardId === null) return;
    create.mutate(
      { boardId: choice.boardId, templateName: EDITOR_TEMPLATE, data: { name: name.trim(), ...text.current() } },
      {
        onSuccess: (card) => {
          toastSuccess(t('writeCard.created', { board: card.board.name }));
          navigate(`/profile/${card.board.profileId}?viewCard=${card.id}`);
        },
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title={t('writeCard.title')} size="xl" radius="lg" fullScreen={phone} data-testid="write-card-dialog">
      <Stack gap="sm" component="form" onSubmit={(e) => (e.preventDefault(), submit())}>
        {terms && (
          <Text size="sm" c="dimmed">
            {t('writeCard.intro', { query: terms })}
          </Text>
        )}
        <TextInput
          label={t('writeCard.name')}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          onBlur={() => setTouched(true)}
          error={nameError}
          required
          maxLength={NAME_MAX}
          data-autofocus
          data-testid="write-card-name"
        />
        <BoardPicker
          choice={choice}
          labels={{
            rival: t('writeCard.rival'),
            rivalPlaceholder: t('writeCard.rivalPlaceholder'),
            board: t('writeCard.board'),
            boardPlaceholder: t('writeCard.boardPlaceholder'),
            noBoards: t('writeCard.noBoards'),
          }}
          testIdPrefix="write-card"
        />
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t('writeCard.body')}
          </Text>
          <CardTextEditor text={text} rivalId={choice.rivalId} />
        </Stack>
        {create.isError && (
          <Alert color="red" variant="light" icon={<AlertIcon />} role="alert" data-testid="write-card-error">
            {t('writeCard.failed', { message: errorText(create.error) })}
          </Alert>
        )}
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={onClose} data-testid="write-card-cancel">
            {t('writeCard.cancel')}
          </Button>
          <Button type="submit" disabled={choice.boardId === null || !name.trim()} loading={create.isPending} data-testid="write-card-submit">
            {t('writeCard.create')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
