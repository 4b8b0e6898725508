// The curators' card editor (part 2 §2): a title and the card text in a rich text editor with dynamic
// data blocks (editor/). Creates a card at the end of a lane, or edits an existing one loaded by id; the
// text is saved as data.textHtml with formula placeholders and the matching textJson blocks, and the
// server sanitizes it. Closing with unsaved changes asks first; a failed save is shown in the dialog.
import { Alert, Button, Group, Loader, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../i18n/react.tsx';
import { AlertIcon } from '../brand/icons.tsx';
import { toastSuccess } from '../shared/toast.ts';
import { useCardView, useCreateCard, useUpdateCard } from './api.ts';
import { CardTextEditor } from './editor/CardTextEditor.tsx';
import { useCardText } from './editor/useCardText.ts';
import { useErrorText } from '../api/errorText.ts';
import '../i18n/areas/cardsAuthoring.ts';
import '../i18n/areas/cardViewer.ts';

export type EditorTarget = { create: { boardId: number; rivalId: number | null } } | { edit: { cardId: number } };

/** The template of cards written in this editor (the v=3 short form of contracts/cards.ts). */
const EDITOR_TEMPLATE = 'CardHTML';

export function CardEditorModal({ target, onClose }: { target: EditorTarget; onClose: () => void }) {
  const { t } = useTranslation();
  const { errorText } = useErrorText();
  const cardId = 'edit' in target ? target.edit.cardId : null;
  const existing = useCardView(cardId);
  const create = useCreateCard();
  const update = useUpdateCard();
  const text = useCardText();
  const [name, setName] = useState('');
  const [loadedName, setLoadedName] = useState('');
  const [touched, setTouched] = useState(false);
  const [confirmClose, setConfirmClose] = useState(false);
  const loaded = useRef(false);
  const { load } = text;

  // Load once: a background refetch of the card must not overwrite what the curator is writing.
  useEffect(() => {
    if (!existing.data || loaded.current) return;
    loaded.current = true;
    setName(existing.data.data.name);
    setLoadedName(existing.data.data.name);
    load(existing.data.textHtml);
  }, [existing.data, load]);

  const unsaved = text.dirty || name !== loadedName;
  useEffect(() => {
    if (!unsaved) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);

  const nameError = touched && !name.trim() ? t('cardsAuthoring.editor.nameRequired') : null;
  const pending = create.isPending || update.isPending;
  const saveError = create.error ?? update.error;

  const requestClose = () => (unsaved && !pending ? setConfirmClose(true) : onClose());

  const submit = () => {
    setTouched(true);
    if (!name.trim()) return;
    const data = { name: name.trim(), ...text.current() };
    const done = {
      onSuccess: () => {
        toastSuccess(t(cardId === null ? 'cardsAuthoring.toast.created' : 'cardsAuthoring.toast.saved'));
        onClose();
      },
    };
    if ('create' in target) create.mutate({ data, boardId: target.create.boardId, templateName: EDITOR_TEMPLATE }, done);
    else update.mutate({ id: target.edit.cardId, body: { data } }, done);
  };

  return (
    <>
      <Modal
        opened
        onClose={requestClose}
        size="xl"
        closeOnEscape={!confirmClose}
        title={t(cardId === null ? 'cardsAuthoring.editor.newTitle' : 'cardsAuthoring.editor.editTitle')}
      >
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
            <CardTextEditor text={text} rivalId={'create' in target ? target.create.rivalId : (existing.data?.rival.id ?? null)} />
            {text.invalidBlocks > 0 && (
              <Alert color="yellow" variant="light" icon={<AlertIcon />} data-testid="card-editor-invalid-blocks">
                {t('cardsAuthoring.editor.invalidBlocks', { count: text.invalidBlocks })}
              </Alert>
            )}
            {saveError && (
              <Alert color="red" variant="light" role="alert" data-testid="card-editor-error">
                {t('cardsAuthoring.editor.saveFailed', { message: errorText(saveError) })}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={requestClose} data-testid="card-editor-cancel">
                {t('cardsAuthoring.editor.cancel')}
              </Button>
              <Button type="submit" loading={pending} data-testid="card-editor-save">
                {t(cardId === null ? 'cardsAuthoring.editor.create' : 'cardsAuthoring.editor.save')}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
      <Modal opened={confirmClose} onClose={() => setConfirmClose(false)} title={t('cardsAuthoring.editor.discard.title')} size="sm">
        <Stack gap="md" data-testid="card-editor-discard">
          <Text size="sm">{t('cardsAuthoring.editor.discard.body')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirmClose(false)} data-autofocus>
              {t('cardsAuthoring.editor.discard.keep')}
            </Button>
            <Button color="red" onClick={onClose} data-testid="card-editor-discard-confirm">
              {t('cardsAuthoring.editor.discard.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
