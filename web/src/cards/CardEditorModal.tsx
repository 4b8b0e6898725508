// The curators' card editor: a title and the card text as HTML (sanitized by the server on save).
// Creates a card at the end of a lane, or edits an existing one loaded by id.
import { Alert, Button, Group, Loader, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCardView } from '../search/api.ts';
import { useCreateCard, useUpdateCard } from './api.ts';
import { toastError, toastSuccess } from './toast.ts';

export type EditorTarget = { create: { boardId: number } } | { edit: { cardId: number } };

export function CardEditorModal({ target, onClose }: { target: EditorTarget; onClose: () => void }) {
  const { t } = useTranslation();
  const cardId = 'edit' in target ? target.edit.cardId : null;
  const existing = useCardView(cardId);
  const create = useCreateCard();
  const update = useUpdateCard();
  const [name, setName] = useState('');
  const [html, setHtml] = useState('');
  const [touched, setTouched] = useState(false);

  useEffect(() => {
    if (existing.data) {
      setName(existing.data.data.name);
      setHtml(existing.data.textHtml);
    }
  }, [existing.data]);

  const nameError = touched && !name.trim() ? t('cardsAuthoring.editor.nameRequired') : null;
  const pending = create.isPending || update.isPending;

  const submit = () => {
    setTouched(true);
    if (!name.trim()) return;
    const data = { name: name.trim(), textHtml: html };
    const done = {
      onSuccess: () => {
        toastSuccess(t(cardId === null ? 'cardsAuthoring.toast.created' : 'cardsAuthoring.toast.saved'));
        onClose();
      },
      onError: (err: Error) => toastError(t('cardsAuthoring.errors.save'), err),
    };
    if ('create' in target) create.mutate({ data, boardId: target.create.boardId }, done);
    else update.mutate({ id: target.edit.cardId, body: { data } }, done);
  };

  return (
    <Modal opened onClose={onClose} size="lg" title={t(cardId === null ? 'cardsAuthoring.editor.newTitle' : 'cardsAuthoring.editor.editTitle')}>
      {cardId !== null && existing.isPending ? (
        <Group justify="center" p="lg">
          <Loader size="sm" aria-label={t('cardsAuthoring.editor.loading')} />
        </Group>
      ) : existing.isError ? (
        <Alert color="red" variant="light">
          {t('cardViewer.failed')}
        </Alert>
      ) : (
        <Stack gap="sm" component="form" onSubmit={(e) => (e.preventDefault(), submit())} data-testid="card-editor">
          <TextInput
            label={t('cardsAuthoring.editor.name')}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            onBlur={() => setTouched(true)}
            error={nameError}
            data-autofocus
            required
            data-testid="card-editor-name"
          />
          <Textarea
            label={t('cardsAuthoring.editor.text')}
            description={t('cardsAuthoring.editor.textHint')}
            value={html}
            onChange={(e) => setHtml(e.currentTarget.value)}
            autosize
            minRows={6}
            maxRows={18}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
            data-testid="card-editor-text"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('cardsAuthoring.editor.cancel')}
            </Button>
            <Button type="submit" loading={pending} data-testid="card-editor-save">
              {t(cardId === null ? 'cardsAuthoring.editor.create' : 'cardsAuthoring.editor.save')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
