// The bookmark dialogs (add or rename, and delete after a confirmation), loaded when one first opens.
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { BOOKMARK_NAME_MAX, type Bookmark } from '../../../contracts/bookmarks.ts';
import { useTranslation } from '../i18n/react.tsx';
import { toastError, toastSuccess } from '../shared/toast.ts';
import { useBookmarkChanges } from './api.ts';
import { useErrorText } from '../api/errorText.ts';

export type Editing = { id?: number; name: string; url: string };

/** Add or rename: the name, checked as the API checks it; the server's refusal (e.g. a duplicate) shows on the form. */
export function BookmarkDialog({ editing, onClose }: { editing: Editing; onClose: () => void }) {
  const { t } = useTranslation();
  const { errorText } = useErrorText();
  const { save } = useBookmarkChanges();
  const [name, setName] = useState(editing.name);
  const [touched, setTouched] = useState(false);
  const trimmed = name.trim();
  const invalid = !trimmed ? t('bookmarks.dialog.nameRequired') : trimmed.length > BOOKMARK_NAME_MAX ? t('bookmarks.dialog.nameTooLong', { max: BOOKMARK_NAME_MAX }) : null;
  const submit = () => {
    setTouched(true);
    if (invalid) return;
    save.mutate(
      { id: editing.id, name: trimmed, url: editing.url },
      {
        onSuccess: (b) => {
          toastSuccess(editing.id ? t('bookmarks.toast.renamed') : t('bookmarks.toast.added', { name: b.name }));
          onClose();
        },
      },
    );
  };
  return (
    <Modal opened onClose={onClose} title={editing.id ? t('bookmarks.dialog.renameTitle') : t('bookmarks.dialog.addTitle')} centered data-testid="bookmark-dialog">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          <TextInput
            label={t('bookmarks.dialog.name')}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={(touched && invalid) || (save.error ? errorText(save.error) : null)}
            data-autofocus
            data-testid="bookmark-name"
          />
          <Stack gap={2}>
            <Text size="sm" fw={500}>
              {t('bookmarks.dialog.url')}
            </Text>
            <Text size="sm" c="dimmed" style={{ wordBreak: 'break-all' }} data-testid="bookmark-url">
              {editing.url}
            </Text>
          </Stack>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('bookmarks.dialog.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending} data-testid="bookmark-save">
              {t('bookmarks.dialog.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

export function DeleteBookmarkDialog({ bookmark, onClose }: { bookmark: Bookmark; onClose: () => void }) {
  const { t } = useTranslation();
  const { remove } = useBookmarkChanges();
  return (
    <Modal opened onClose={onClose} title={t('bookmarks.confirm.title')} centered data-testid="bookmark-delete-dialog">
      <Stack gap="md">
        <Text size="sm">{t('bookmarks.confirm.text', { name: bookmark.name })}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('bookmarks.confirm.cancel')}
          </Button>
          <Button
            color="red"
            loading={remove.isPending}
            onClick={() =>
              remove.mutate(bookmark.id, {
                onSuccess: () => {
                  toastSuccess(t('bookmarks.toast.removed'));
                  onClose();
                },
                onError: (err) => toastError(t('bookmarks.toast.removeFailed'), err),
              })
            }
            data-testid="bookmark-delete-confirm"
          >
            {t('bookmarks.confirm.delete')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
